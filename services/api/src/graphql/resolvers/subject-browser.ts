/**
 * The subject ontology (SRAO) as a tree for the ontology browser: every term under each of its
 * parents, with the number of public records annotated with the term or any descendant and the
 * number of distinct descendants. Four queries, the rest in memory (a few hundred terms).
 */
import { ANONYMOUS_VIEWER, visibleRecordsOnly } from '@registry/schemas';
import type { RegistryGraphqlContext } from '../context.ts';
import type { VocabularyRow } from '../rows.ts';

type Context = RegistryGraphqlContext;

export interface SubjectTreeNode {
  id: number;
  name: string;
  description: string;
  records_count: number;
  descendants_count: number;
  children: SubjectTreeNode[];
}

export function buildSubjectTree(
  subjects: Pick<VocabularyRow, 'id' | 'label' | 'definitions'>[],
  parentLinks: { subject_id: number; parent_id: number }[],
  annotations: { subject_id: number; record_id: number }[],
): SubjectTreeNode[] {
  const byId = new Map(subjects.map((subject) => [subject.id, subject]));
  const children = new Map<number, number[]>();
  const hasParent = new Set<number>();
  for (const link of parentLinks) {
    if (!byId.has(link.subject_id) || !byId.has(link.parent_id) || link.subject_id === link.parent_id) continue;
    hasParent.add(link.subject_id);
    const list = children.get(link.parent_id);
    if (list) list.push(link.subject_id);
    else children.set(link.parent_id, [link.subject_id]);
  }
  const directRecords = new Map<number, Set<number>>();
  for (const { subject_id, record_id } of annotations) {
    const set = directRecords.get(subject_id);
    if (set) set.add(record_id);
    else directRecords.set(subject_id, new Set([record_id]));
  }

  const descendantsMemo = new Map<number, Set<number>>();
  function descendants(id: number, path: Set<number>): Set<number> {
    const known = descendantsMemo.get(id);
    if (known) return known;
    const result = new Set<number>();
    path.add(id);
    for (const child of children.get(id) ?? []) {
      if (path.has(child)) continue; // a cycle in the ontology must not hang the browser
      result.add(child);
      for (const grandChild of descendants(child, path)) result.add(grandChild);
    }
    path.delete(id);
    descendantsMemo.set(id, result);
    return result;
  }

  const sortByName = (a: SubjectTreeNode, b: SubjectTreeNode) => a.name.localeCompare(b.name);
  function node(id: number, path: Set<number>): SubjectTreeNode {
    const subject = byId.get(id)!;
    const below = descendants(id, new Set());
    const records = new Set(directRecords.get(id) ?? []);
    for (const descendant of below) for (const record of directRecords.get(descendant) ?? []) records.add(record);
    path.add(id);
    const childNodes = (children.get(id) ?? []).filter((child) => !path.has(child)).map((child) => node(child, path));
    path.delete(id);
    return {
      id,
      name: subject.label,
      description: subject.definitions[0] ?? '',
      records_count: records.size,
      descendants_count: below.size,
      children: childNodes.sort(sortByName),
    };
  }

  return subjects.filter((subject) => !hasParent.has(subject.id)).map((subject) => node(subject.id, new Set())).sort(sortByName);
}

export const subjectBrowserQueries = {
  async browseSubjects(_root: unknown, _args: Record<string, never>, context: Context) {
    const { db } = context;
    const [subjects, parentLinks, annotations] = await Promise.all([
      db('subjects').select('id', 'label', 'definitions'),
      db('subject_parents').select('subject_id', 'parent_id'),
      db('record_subjects as rs')
        .join('records as r', 'r.id', 'rs.record_id')
        .modify(visibleRecordsOnly(ANONYMOUS_VIEWER, 'r'))
        .select('rs.subject_id', 'rs.record_id'),
    ]);
    return { data: buildSubjectTree(subjects, parentLinks, annotations) };
  },
};
