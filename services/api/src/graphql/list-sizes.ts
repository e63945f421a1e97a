/**
 * The real sizes of the unpaged lists, which the query cost charges (query-cost.ts): counted
 * in Postgres when the server starts and again every few minutes, so the charge follows the
 * catalogue as it grows. Until the first count (or while Postgres is down) generous fallbacks
 * apply.
 */
import type { Database } from '@registry/platform';
import type { ListSizes } from './query-cost.ts';

/** Above the real catalogue (3,270 records, 4 registries, 821 subject tree nodes). */
export const FALLBACK_LIST_SIZES: ListSizes = { records: 5_000, registries: 4, subjectTreeNodes: 3_000 };
export const LIST_SIZES_REFRESH_MS = 10 * 60 * 1000;

/**
 * The browser's tree repeats a term under each of its parents, so its nodes are the paths from
 * a root term down to each term. Paths stop at 50 levels, where a cycle in the ontology would
 * otherwise go on forever (the tree builder cuts cycles short too).
 */
const SUBJECT_TREE_NODES_SQL = `
  with recursive paths(id, depth) as (
    select s.id, 1 from subjects s
    where not exists (select 1 from subject_parents p where p.subject_id = s.id and p.parent_id <> s.id)
    union all
    select p.subject_id, paths.depth + 1 from subject_parents p join paths on p.parent_id = paths.id
    where p.subject_id <> p.parent_id and paths.depth < 50
  )
  select count(*) as count from paths`;

export async function countListSizes(db: Database): Promise<ListSizes> {
  const [[records], [registries], subjectTree] = await Promise.all([
    db('records').count<{ count: string }[]>({ count: '*' }),
    db('registries').count<{ count: string }[]>({ count: '*' }),
    db.raw<{ rows: { count: string }[] }>(SUBJECT_TREE_NODES_SQL),
  ]);
  return { records: Number(records.count), registries: Number(registries.count), subjectTreeNodes: Number(subjectTree.rows[0].count) };
}
