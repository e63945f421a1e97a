/**
 * REST list pages are capped in bytes as well as items: ten publications of 300 KB make
 * `/publications?page[size]=500` stop after the items that fit in MAX_PAGE_BYTES, and
 * `links.next` continues from the first one left out, so a walk still sees every item once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MAX_PAGE_BYTES } from '@registry/api/routes/json-api.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from './support.ts';

const BIG_AUTHORS = 300_000;
const BIG = 10;
const SMALL = 25;
let env: IsolatedEnvironment;
let app: FastifyInstance;
let ids: string[];

beforeAll(async () => {
  env = await createIsolatedEnvironment('cost_page_bytes');
  // Titles order the list: the big ones first, then small ones.
  const rows = [
    ...Array.from({ length: BIG }, (_, index) => ({ title: `A big ${String(index).padStart(2, '0')}`, authors: 'x'.repeat(BIG_AUTHORS) })),
    ...Array.from({ length: SMALL }, (_, index) => ({ title: `B small ${String(index).padStart(2, '0')}`, authors: 'Ada Lovelace' })),
  ];
  ids = (await env.db('publications').insert(rows).returning('id')).map((row: { id: number }) => String(row.id));
  app = await buildTestApp(env.config, { db: env.db });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

interface Page {
  data: { id: string }[];
  links: { self: string; next?: string; prev?: string };
  meta: { record_count: number };
}

const get = async (url: string) => {
  const response = await app.inject({ url: url.replace(env.config.publicUrl, '') });
  expect(response.statusCode).toBe(200);
  return { page: response.json() as Page, bytes: response.body.length };
};

describe('REST pages', () => {
  it('stop at the byte cap, and links.next continues from the first item left out', async () => {
    const first = await get('/publications?page[size]=500');
    const fitting = Math.floor(MAX_PAGE_BYTES / (BIG_AUTHORS + 100));
    expect(first.page.data.map((item) => item.id)).toEqual(ids.slice(0, fitting));
    expect(first.bytes).toBeLessThan(MAX_PAGE_BYTES + 10_000);
    expect(first.page.meta.record_count).toBe(BIG + SMALL);
    expect(decodeURIComponent(first.page.links.next!)).toContain(`page[offset]=${fitting}`);

    const seen = [...first.page.data.map((item) => item.id)];
    let next = first.page.links.next;
    while (next) {
      const { page, bytes } = await get(next);
      expect(bytes).toBeLessThan(MAX_PAGE_BYTES + 10_000);
      expect(page.data.length).toBeGreaterThan(0);
      seen.push(...page.data.map((item) => item.id));
      next = page.links.next;
    }
    expect(seen).toEqual(ids);
  });

  it('hold one item even when that item alone passes the cap', async () => {
    await env.db('publications').insert({ title: '0 huge', authors: 'y'.repeat(MAX_PAGE_BYTES + 1) });
    const { page } = await get('/publications?page[size]=500');
    expect(page.data).toHaveLength(1);
    expect(page.links.next).toBeDefined();
    await env.db('publications').where({ title: '0 huge' }).delete();
  });

  it('of small items keep their numbered links', async () => {
    const { page } = await get('/publications?page[number]=2&page[size]=10');
    expect(page.data.map((item) => item.id)).toEqual(ids.slice(10, 20));
    expect(decodeURIComponent(page.links.next!)).toMatch(/page\[number\]=3&page\[size\]=10$/);
  });
});
