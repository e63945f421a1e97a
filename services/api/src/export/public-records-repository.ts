/**
 * The open dump of the catalogue, read from Postgres (the source of truth) in id order, one
 * batch per query with every list aggregated in SQL and every column already named and shaped
 * as the export gives it. Only public records: what the access module shows an anonymous visitor,
 * and only approved licences (one a maintainer named inline waits for a curator).
 */
import type { Database } from '@registry/platform';
import { ANONYMOUS_VIEWER, visibleRecordsOnly } from '@registry/schemas';
import { approvedLicencesSql, FACTS_SQL, termListSql, utcTimestampSql, type PublicRecordFacts } from './public-record-columns.ts';

/**
 * The one read of public records that the open dump, the linked-data views and OAI-PMH share:
 * `records r` with its registry and record type, only what the access module shows an anonymous
 * visitor, and `columnsSql` (SQL over `r`, `reg`, `rt`); the caller adds order and filters.
 */
export function publicRecordsQuery(db: Database, columnsSql: string) {
  return db('records as r')
    .join('registries as reg', 'reg.id', 'r.registry_id')
    .leftJoin('record_types as rt', 'rt.id', 'r.record_type_id')
    .select(db.raw(`${FACTS_SQL}, ${columnsSql}`))
    .modify(visibleRecordsOnly(ANONYMOUS_VIEWER, 'r'));
}

export interface PublicRecordExport extends PublicRecordFacts {
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

const EXPORT_COLUMNS_SQL = `
  r.status, r.is_recommended AS "isRecommended", r.legacy_ids AS "legacyIds",
  ${utcTimestampSql('r.created_at', 'milliseconds')} AS "createdAt",
  ${utcTimestampSql('r.updated_at', 'milliseconds')} AS "updatedAt",
  ${termListSql('record_subjects', 'subject_id', 'subjects', ['id', 'label'])} AS subjects,
  ${termListSql('record_domains', 'domain_id', 'domains', ['id', 'label'])} AS domains,
  ${termListSql('record_taxonomies', 'taxonomy_id', 'taxonomies', ['id', 'label'])} AS taxonomies,
  ${termListSql('record_object_types', 'object_type_id', 'object_types', ['id', 'label'])} AS "objectTypes",
  ${termListSql('record_user_defined_tags', 'user_defined_tag_id', 'user_defined_tags', ['id', 'label'], 't.is_approved')} AS "userDefinedTags",
  COALESCE((SELECT json_agg(json_build_object('id', c.id, 'code', c.code, 'name', c.name) ORDER BY c.name)
    FROM record_countries rc JOIN countries c ON c.id = rc.country_id WHERE rc.record_id = r.id), '[]'::json) AS countries,
  ${approvedLicencesSql(['id', 'name', 'url'])} AS licences`;

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
  return idOrderedBatches<PublicRecordExport>((afterId, limit) => publicRecordsQuery(db, EXPORT_COLUMNS_SQL).where('r.id', '>', afterId).orderBy('r.id').limit(limit), batchSize);
}

/** The public records among `ids`, as the dump gives them, by id (absent: not public or gone). */
export async function readPublicRecordsByIds(db: Database, ids: readonly number[]): Promise<Map<number, PublicRecordExport>> {
  if (ids.length === 0) return new Map();
  const rows: PublicRecordExport[] = await publicRecordsQuery(db, EXPORT_COLUMNS_SQL).whereIn('r.id', [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}
