import { describe, expect, it } from 'vitest';
import { buildVocabularyTree } from './vocabulary-tree.ts';

const term = (id: number, label: string) => ({ id, label, definitions: [`${label} definition`], synonyms: [], iri: null });

describe('buildVocabularyTree', () => {
  it('counts each record once per term including descendants, and repeats multi-parent terms', () => {
    const subjects = [term(1, 'Natural Science'), term(2, 'Biology'), term(3, 'Chemistry'), term(4, 'Biochemistry')];
    const parents = [
      { term_id: 2, parent_id: 1 },
      { term_id: 3, parent_id: 1 },
      { term_id: 4, parent_id: 2 },
      { term_id: 4, parent_id: 3 },
    ];
    const annotations = [
      { term_id: 4, record_id: 10 },
      { term_id: 2, record_id: 11 },
      { term_id: 1, record_id: 10 },
    ];
    const [root] = buildVocabularyTree(subjects, parents, annotations);
    expect(root).toMatchObject({ id: 1, name: 'Natural Science', description: 'Natural Science definition', records_count: 2, own_records_count: 1, descendants_count: 3 });
    expect(root.children.map((child) => [child.name, child.records_count])).toEqual([['Biology', 2], ['Chemistry', 1]]);
    expect(root.children[0].children[0]).toMatchObject({ name: 'Biochemistry', records_count: 1, descendants_count: 0, children: [] });
    expect(root.children[1].children[0].name).toBe('Biochemistry');
  });

  it('survives a cycle in the parent links', () => {
    const tree = buildVocabularyTree([term(1, 'A'), term(2, 'B'), term(3, 'Root')], [
      { term_id: 1, parent_id: 3 },
      { term_id: 2, parent_id: 1 },
      { term_id: 1, parent_id: 2 },
    ], []);
    expect(tree.map((node) => node.name)).toEqual(['Root']);
    expect(tree[0].children[0].children[0].children).toEqual([]);
  });

  it('lists a flat vocabulary as roots, each counting its own records', () => {
    const tags = buildVocabularyTree([term(1, 'b tag'), term(2, 'a tag')], [], [{ term_id: 1, record_id: 5 }, { term_id: 1, record_id: 6 }]);
    expect(tags.map((node) => [node.name, node.records_count, node.own_records_count, node.children.length])).toEqual([['a tag', 0, 0, 0], ['b tag', 2, 2, 0]]);
  });
});
