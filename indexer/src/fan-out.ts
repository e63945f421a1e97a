/**
 * Which records embed an entity: when a subject, organisation, licence, ... changes, every
 * record document that shows it is re-indexed too.
 */
import type { Database, IndexEntityType } from '@registry/platform';

type EmbeddedEntityType = Exclude<IndexEntityType, 'record'>;

/** The table linking records to each embedded entity, and the column holding the entity id. */
export const EMBEDDING_LINKS: Record<EmbeddedEntityType, { table: string; column: string }> = {
  organisation: { table: 'organisation_links', column: 'organisation_id' },
  grant: { table: 'organisation_links', column: 'grant_id' },
  subject: { table: 'record_subjects', column: 'subject_id' },
  domain: { table: 'record_domains', column: 'domain_id' },
  taxonomy: { table: 'record_taxonomies', column: 'taxonomy_id' },
  object_type: { table: 'record_object_types', column: 'object_type_id' },
  user_defined_tag: { table: 'record_user_defined_tags', column: 'user_defined_tag_id' },
  country: { table: 'record_countries', column: 'country_id' },
  licence: { table: 'licence_links', column: 'licence_id' },
  publication: { table: 'record_publications', column: 'publication_id' },
};

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
