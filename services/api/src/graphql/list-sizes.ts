/**
 * The real sizes of the unpaged lists, which the query cost charges (query-cost.ts): counted
 * in Postgres when the server starts and again every few minutes, so the charge follows the
 * catalogue as it grows. Until the first count (or while Postgres is down) generous fallbacks
 * apply.
 */
import type { Database } from '@registry/platform';
import type { ListSizes } from './query-cost.ts';
import { buildSubjectTree, type SubjectTreeNode } from './resolvers/subject-browser.ts';

/** Above the real catalogue (3,270 records, 4 registries, ~2,000 subject tree nodes). */
export const FALLBACK_LIST_SIZES: ListSizes = { records: 5_000, registries: 4, subjectTreeNodes: 3_000 };
export const LIST_SIZES_REFRESH_MS = 10 * 60 * 1000;

function treeNodes(nodes: SubjectTreeNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + treeNodes(node.children), 0);
}

export async function countListSizes(db: Database): Promise<ListSizes> {
  const [[records], [registries], subjects, parentLinks] = await Promise.all([
    db('records').count<{ count: string }[]>({ count: '*' }),
    db('registries').count<{ count: string }[]>({ count: '*' }),
    db('subjects').select('id', 'label', 'definitions'),
    db('subject_parents').select('subject_id', 'parent_id'),
  ]);
  return {
    records: Number(records.count),
    registries: Number(registries.count),
    // The tree's shape does not depend on the record counts, so none are read.
    subjectTreeNodes: treeNodes(buildSubjectTree(subjects, parentLinks, [])),
  };
}
