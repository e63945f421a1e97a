/**
 * Which records embed an entity: when a subject, organisation, licence, ... changes, every
 * record document that shows it is re-indexed too.
 */
import { EMBEDDING_LINKS, type Database, type EmbeddedEntityType } from '@registry/platform';

/**
 * Documents hold the topic keys of every broader subject and domain above their own terms, so a
 * change to a term (its label, synonyms or parents) concerns the records of its narrower terms too.
 */
const HIERARCHY_PARENTS: Partial<Record<EmbeddedEntityType, { table: string; child: string }>> = {
  subject: { table: 'subject_parents', child: 'subject_id' },
  domain: { table: 'domain_parents', child: 'domain_id' },
};

/** The terms and every term below them; UNION ends on a cycle. */
async function withNarrowerTerms(db: Database, parents: { table: string; child: string }, ids: number[]): Promise<number[]> {
  const result = await db.raw(
    `WITH RECURSIVE narrower(id) AS (
       SELECT unnest(?::int[])
       UNION
       SELECT parent.?? FROM narrower JOIN ?? AS parent ON parent.parent_id = narrower.id
     )
     SELECT id FROM narrower`,
    [ids, parents.child, parents.table],
  );
  return (result.rows as { id: number }[]).map((row) => row.id);
}

/** Ids of the records whose documents show any of `entityIds`. */
export async function recordsEmbedding(db: Database, entityType: EmbeddedEntityType, entityIds: readonly number[]): Promise<number[]> {
  if (entityIds.length === 0) return [];
  const link = EMBEDDING_LINKS[entityType];
  const parents = HIERARCHY_PARENTS[entityType];
  const unique = [...new Set(entityIds)];
  const rows: { record_id: number }[] = await db(link.table)
    .distinct('record_id')
    .whereIn(link.column, parents ? await withNarrowerTerms(db, parents, unique) : unique)
    .orderBy('record_id');
  return rows.map((row) => row.record_id);
}
