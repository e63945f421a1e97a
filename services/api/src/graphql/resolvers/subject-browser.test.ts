import { describe, expect, it } from 'vitest';
import { buildSubjectTree } from './subject-browser.ts';

const term = (id: number, label: string) => ({ id, label, definitions: [`${label} definition`] });

describe('buildSubjectTree', () => {
  it('counts each record once per term including descendants, and repeats multi-parent terms', () => {
    const subjects = [term(1, 'Natural Science'), term(2, 'Biology'), term(3, 'Chemistry'), term(4, 'Biochemistry')];
    const parents = [
      { subject_id: 2, parent_id: 1 },
      { subject_id: 3, parent_id: 1 },
      { subject_id: 4, parent_id: 2 },
      { subject_id: 4, parent_id: 3 },
    ];
    const annotations = [
      { subject_id: 4, record_id: 10 },
      { subject_id: 2, record_id: 11 },
      { subject_id: 1, record_id: 10 },
    ];
    const [root] = buildSubjectTree(subjects, parents, annotations);
    expect(root).toMatchObject({ id: 1, name: 'Natural Science', description: 'Natural Science definition', records_count: 2, descendants_count: 3 });
    expect(root.children.map((child) => [child.name, child.records_count])).toEqual([['Biology', 2], ['Chemistry', 1]]);
    expect(root.children[0].children[0]).toMatchObject({ name: 'Biochemistry', records_count: 1, descendants_count: 0, children: [] });
    expect(root.children[1].children[0].name).toBe('Biochemistry');
  });

  it('survives a cycle in the parent links', () => {
    const tree = buildSubjectTree([term(1, 'A'), term(2, 'B'), term(3, 'Root')], [
      { subject_id: 1, parent_id: 3 },
      { subject_id: 2, parent_id: 1 },
      { subject_id: 1, parent_id: 2 },
    ], []);
    expect(tree.map((node) => node.name)).toEqual(['Root']);
    expect(tree[0].children[0].children[0].children).toEqual([]);
  });
});
