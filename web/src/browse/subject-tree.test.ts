import { describe, expect, it } from 'vitest';
import { browseSearchParams, parseBrowseState, pathToTerm, type SubjectTreeNode } from './subject-tree.ts';

function node(id: number, name: string, children: SubjectTreeNode[] = []): SubjectTreeNode {
  return { id, name, description: '', records_count: 1, descendants_count: children.length, children };
}

const tree = [node(1, 'Natural Science', [node(2, 'Biology', [node(3, 'Genetics')])]), node(4, 'Humanities')];

describe('subject tree lookups', () => {
  it('finds a term by id or label, with its ancestors', () => {
    expect(pathToTerm(tree, '3').map((n) => n.id)).toEqual([1, 2, 3]);
    expect(pathToTerm(tree, 'genetics').map((n) => n.id)).toEqual([1, 2, 3]);
    expect(pathToTerm(tree, 'Humanities').map((n) => n.id)).toEqual([4]);
    expect(pathToTerm(tree, 'nothing')).toEqual([]);
    expect(pathToTerm(tree, '')).toEqual([]);
  });

  it('reads and writes the URL state with defaults left out', () => {
    expect(parseBrowseState(new URLSearchParams('term=Biology&page=2&perPage=20'))).toEqual({ term: 'Biology', page: 2, perPage: 20 });
    expect(parseBrowseState(new URLSearchParams('page=-1&perPage=abc'))).toEqual({ term: '', page: 1, perPage: 50 });
    expect(parseBrowseState(new URLSearchParams('perPage=5000')).perPage).toBe(100);
    expect(browseSearchParams({ term: '2', page: 1, perPage: 50 }).toString()).toBe('term=2');
    expect(browseSearchParams({ term: '2', page: 3, perPage: 10 }).toString()).toBe('term=2&page=3&perPage=10');
  });
});
