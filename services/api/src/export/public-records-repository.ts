/**
 * The open dump of the catalogue, read from Postgres (the source of truth) in id order, one
 * batch per query with every list aggregated in SQL and every column already named and shaped
 * as the export gives it. Only public records: what the access module shows an anonymous visitor,
 * and only approved licences (one a maintainer named inline waits for a curator).
 */
import type { Database } from '@registry/platform';
import { ANONYMOUS_VIEWER, visibleRecordsOnly } from '@registry/schemas';

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
  /** Null when unknown (seeded records whose sources give no date). */
  createdAt: string | null;
  updatedAt: string | null;
}

function termList(joinTable: string, joinColumn: string, termTable: string): string {
  return `COALESCE((SELECT json_agg(json_build_object('id', t.id, 'label', t.label) ORDER BY t.label, t.id)
    FROM ${joinTable} j JOIN ${termTable} t ON t.id = j.${joinColumn} WHERE j.record_id = r.id), '[]'::json)`;
}

const EXPORT_COLUMNS_SQL = `
  r.id, r.doi, r.name, r.abbreviation, r.description, r.homepage,
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
    FROM licence_links ll JOIN licences l ON l.id = ll.licence_id WHERE ll.record_id = r.id AND l.is_approved), '[]'::json) AS licences`;

function publicRecordsQuery(db: Database) {
  return db('records as r')
    .join('registries as reg', 'reg.id', 'r.registry_id')
    .leftJoin('record_types as rt', 'rt.id', 'r.record_type_id')
    .select(db.raw(EXPORT_COLUMNS_SQL))
    .modify(visibleRecordsOnly(ANONYMOUS_VIEWER, 'r'));
}

/** Rows in id order, one query of `batchSize` per batch after the last id; memory stays bounded by one batch. */
export async function* idOrderedBatches<Row extends { id: number }>(
  page: (afterId: number, limit: number) => Promise<Row[]>,
  batchSize: number,
): AsyncGenerator<Row[]> {
  let afterId = 0;
  for (;;) {
    const rows = await page(afterId, batchSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    afterId = rows[rows.length - 1].id;
  }
}

/** Batches of public records in id order. */
export function readPublicRecordBatches(db: Database, batchSize = 500): AsyncGenerator<PublicRecordExport[]> {
  return idOrderedBatches<PublicRecordExport>((afterId, limit) => publicRecordsQuery(db).where('r.id', '>', afterId).orderBy('r.id').limit(limit), batchSize);
}

/** The public records among `ids`, as the dump gives them, by id (absent: not public or gone). */
export async function readPublicRecordsByIds(db: Database, ids: readonly number[]): Promise<Map<number, PublicRecordExport>> {
  if (ids.length === 0) return new Map();
  const rows: PublicRecordExport[] = await publicRecordsQuery(db).whereIn('r.id', [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}
