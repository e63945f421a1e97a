import { describe, expect, it } from 'vitest';
import { browserLinksOf } from '../kit/vocabularies.ts';
import { browseSearchParams, findTerms, namesWithNarrower, parentsOf, parseBrowseState, pathToTerm, type TermNode } from './subject-tree.ts';

function node(id: number, name: string, children: TermNode[] = [], synonyms: string[] = []): TermNode {
  return { id, name, description: '', synonyms, records_count: 1, descendants_count: children.length, children };
}

const tree = [node(1, 'Natural Science', [node(2, 'Biology', [node(3, 'Genetics', [], ['Heredity'])])]), node(4, 'Humanities')];

describe('subject tree lookups', () => {
  it('finds a term by id or label, with its ancestors', () => {
    expect(pathToTerm(tree, '3').map((n) => n.id)).toEqual([1, 2, 3]);
    expect(pathToTerm(tree, 'genetics').map((n) => n.id)).toEqual([1, 2, 3]);
    expect(pathToTerm(tree, 'Humanities').map((n) => n.id)).toEqual([4]);
    expect(pathToTerm(tree, 'nothing')).toEqual([]);
    expect(pathToTerm(tree, '')).toEqual([]);
  });

  it('reads and writes the URL state with defaults left out', () => {
    expect(parseBrowseState(new URLSearchParams('term=Biology&page=2&perPage=20'))).toEqual({ term: 'Biology', narrower: false, page: 2, perPage: 20 });
    expect(parseBrowseState(new URLSearchParams('page=-1&perPage=abc'))).toEqual({ term: '', narrower: false, page: 1, perPage: 50 });
    expect(parseBrowseState(new URLSearchParams('perPage=5000')).perPage).toBe(100);
    expect(browseSearchParams({ term: '2', narrower: false, page: 1, perPage: 50 }).toString()).toBe('term=2');
    expect(browseSearchParams({ term: '2', narrower: true, page: 3, perPage: 10 }).toString()).toBe('term=2&narrower=true&page=3&perPage=10');
  });

  it('finds terms by part of a name or synonym, knows parents and narrower names', () => {
    expect(findTerms(tree, 'bio').map((n) => n.name)).toEqual(['Biology']);
    expect(findTerms(tree, 'hered').map((n) => n.name)).toEqual(['Genetics']);
    expect(findTerms(tree, 'en').map((n) => n.name)).toEqual(['Genetics', 'Natural Science']);
    expect(parentsOf(tree, 3).map((n) => n.name)).toEqual(['Biology']);
    expect(namesWithNarrower(tree[0])).toEqual(['Natural Science', 'Biology', 'Genetics']);
  });
});

describe('browser links', () => {
  it('opens the browser at the term the kit links to', () => {
    const url = new URL(browserLinksOf('subjects')!('Life Science & Biomedicine'), 'http://localhost');
    expect(parseBrowseState(url.searchParams).term).toBe('Life Science & Biomedicine');
  });
});
