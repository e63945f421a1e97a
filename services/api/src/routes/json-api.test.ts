import { describe, expect, it } from 'vitest';
import { itemsWithinBytes, pageCount, pageLinks, queryEntries } from './json-api.ts';
import { decodeCursor, encodeCursor, reversedSort } from '../records/record-pages.ts';

const base = { listUrl: 'http://x/fairsharing_records', filters: [] as [string, string][], size: 10, recordCount: 35, self: [] as [string, string][] };
const query = (link: string | undefined) => (link ? Object.fromEntries(new URL(link).searchParams) : undefined);

describe('pageLinks', () => {
  it('leaves prev out on the first page and next out on the last', () => {
    const first = pageLinks({ ...base, number: 1, next: [['page[after]', 'c']] });
    expect(first.prev).toBeUndefined();
    expect(query(first.next)).toEqual({ 'page[number]': '2', 'page[size]': '10', 'page[after]': 'c' });
    expect(query(first.last)).toEqual({ 'page[number]': '4', 'page[size]': '10' });
    const last = pageLinks({ ...base, number: 4, prev: [['page[before]', 'd']] });
    expect(last.next).toBeUndefined();
    expect(query(last.prev)).toEqual({ 'page[number]': '3', 'page[size]': '10', 'page[before]': 'd' });
  });

  it('points prev of page 2 at the first page, and prev past the end at the last page', () => {
    expect(pageLinks({ ...base, number: 2, prev: [['page[before]', 'd']] }).prev).toBe(pageLinks({ ...base, number: 2 }).first);
    const past = pageLinks({ ...base, number: 9, prev: [] });
    expect(past.prev).toBe(past.last);
  });

  it('keeps filters in every link and percent-encodes brackets', () => {
    const links = pageLinks({ ...base, filters: [['subjects', 'a, b'], ['subjects', 'c']], number: 1, next: [] });
    expect(links.next).toContain('subjects=a%2C+b&subjects=c&page%5Bnumber%5D=2');
  });

  it('counts one page for an empty list', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(35, 10)).toBe(4);
  });
});

describe('queryEntries', () => {
  it('repeats array values and drops paging and unknown names', () => {
    expect(queryEntries({ q: 'x', subjects: ['a', 'b'], 'page[size]': 5, other: 1 }, (name) => name !== 'other')).toEqual([['q', 'x'], ['subjects', 'a'], ['subjects', 'b']]);
  });
});

describe('cursors and order', () => {
  it('round-trips sort values and refuses anything else', () => {
    expect(decodeCursor(encodeCursor([1.5, 'name', 7]), 'page[after]', 3)).toEqual([1.5, 'name', 7]);
    expect(() => decodeCursor(encodeCursor([1]), 'page[after]', 3)).toThrow(/page\[after\]/);
    expect(() => decodeCursor('%%%', 'page[after]', 1)).toThrow();
  });

  it('reverses every direction and the end missing values sort to', () => {
    expect(reversedSort([{ _score: { order: 'desc' } }, { 'abbreviation.sort': { order: 'asc', missing: '_last' } }, { id: { order: 'asc' } }])).toEqual([
      { _score: { order: 'asc' } },
      { 'abbreviation.sort': { order: 'desc', missing: '_first' } },
      { id: { order: 'desc' } },
    ]);
  });
});

describe('itemsWithinBytes', () => {
  const item = (bytes: number) => ({ text: 'x'.repeat(bytes - 11) }); // {"text":""} is 11 bytes

  it('keeps the first items whose JSON fits in the budget together', () => {
    expect(itemsWithinBytes([item(40), item(40), item(40)], (value) => value, 100)).toHaveLength(2);
    expect(itemsWithinBytes([item(50), item(50)], (value) => value, 100)).toHaveLength(2);
  });

  it('keeps one item that alone passes the budget, so a page is never empty', () => {
    expect(itemsWithinBytes([item(500), item(20)], (value) => value, 100)).toHaveLength(1);
  });

  it('counts bytes, not characters', () => {
    expect(itemsWithinBytes([{ text: 'é'.repeat(40) }, { text: 'é'.repeat(40) }], (value) => value, 120)).toHaveLength(1);
  });
});
