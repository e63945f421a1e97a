/**
 * The open dump of the catalogue, read from Postgres (the source of truth) in id order, one
 * batch per query with every list aggregated in SQL and every column already named and shaped
 * as the export gives it. Only public records: not hidden, approved.
 */
import type { Database } from '@registry/platform';

export interface PublicRecordExport {
  id: number;
  doi: string | null;
  name: string;
  abbreviation: string | null;
  description: string;
  homepage: string | null;
  registry: string;
  recordType: string | null;
  status: string;
  isRecommended: boolean;
  subjects: { id: number; label: string }[];
  domains: { id: number; label: string }[];
  taxonomies: { id: number; label: string }[];
  objectTypes: { id: number; label: string }[];
  userDefinedTags: { id: number; label: string }[];
  countries: { id: number; code: string; name: string }[];
  licences: { id: number; name: string; url: string | null }[];
  legacyIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** The condition every public listing (sitemap, dumps) shares. */
export function publicRecordsCondition(alias = 'records'): string {
  return `${alias}.is_hidden = false AND ${alias}.is_approved = true`;
}

function termList(joinTable: string, joinColumn: string, termTable: string): string {
  return `COALESCE((SELECT json_agg(json_build_object('id', t.id, 'label', t.label) ORDER BY t.label, t.id)
    FROM ${joinTable} j JOIN ${termTable} t ON t.id = j.${joinColumn} WHERE j.record_id = r.id), '[]'::json)`;
}

const PUBLIC_RECORDS_BATCH_SQL = `
SELECT r.id, r.doi, r.name, r.abbreviation, r.description, r.homepage,
  lower(reg.name) AS registry, rt.name AS "recordType", r.status, r.is_recommended AS "isRecommended",
  r.legacy_ids AS "legacyIds",
  to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt",
  ${termList('record_subjects', 'subject_id', 'subjects')} AS subjects,
  ${termList('record_domains', 'domain_id', 'domains')} AS domains,
  ${termList('record_taxonomies', 'taxonomy_id', 'taxonomies')} AS taxonomies,
  ${termList('record_object_types', 'object_type_id', 'object_types')} AS "objectTypes",
  ${termList('record_user_defined_tags', 'user_defined_tag_id', 'user_defined_tags')} AS "userDefinedTags",
  COALESCE((SELECT json_agg(json_build_object('id', c.id, 'code', c.code, 'name', c.name) ORDER BY c.name)
    FROM record_countries rc JOIN countries c ON c.id = rc.country_id WHERE rc.record_id = r.id), '[]'::json) AS countries,
  COALESCE((SELECT json_agg(DISTINCT jsonb_build_object('id', l.id, 'name', l.name, 'url', l.url))
    FROM licence_links ll JOIN licences l ON l.id = ll.licence_id WHERE ll.record_id = r.id), '[]'::json) AS licences
FROM records r
JOIN registries reg ON reg.id = r.registry_id
LEFT JOIN record_types rt ON rt.id = r.record_type_id
WHERE ${publicRecordsCondition('r')} AND r.id > ?
ORDER BY r.id
LIMIT ?`;

/** Batches of public records in id order; memory stays bounded by one batch. */
export async function* readPublicRecordBatches(db: Database, batchSize = 500): AsyncGenerator<PublicRecordExport[]> {
  let afterId = 0;
  for (;;) {
    const result = await db.raw<{ rows: PublicRecordExport[] }>(PUBLIC_RECORDS_BATCH_SQL, [afterId, batchSize]);
    if (result.rows.length === 0) return;
    yield result.rows;
    if (result.rows.length < batchSize) return;
    afterId = result.rows[result.rows.length - 1].id;
  }
}
