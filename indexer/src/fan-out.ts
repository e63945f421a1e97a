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

/** Ids of the records whose documents show any of `entityIds`. */
export async function recordsEmbedding(db: Database, entityType: EmbeddedEntityType, entityIds: readonly number[]): Promise<number[]> {
  if (entityIds.length === 0) return [];
  const link = EMBEDDING_LINKS[entityType];
  const rows: { record_id: number }[] = await db(link.table)
    .distinct('record_id')
    .whereIn(link.column, [...new Set(entityIds)])
    .orderBy('record_id');
  return rows.map((row) => row.record_id);
}
