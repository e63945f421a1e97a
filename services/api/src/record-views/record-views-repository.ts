/**
 * The SQL of view counts: `record_views` holds one running total per record (no visitor data:
 * no IP, cookie or time of a view), added to in batches by the flush.
 */
import type { Database } from '@registry/platform';
import { ANONYMOUS_VIEWER, visibleRecordsOnly } from '@registry/schemas';

/**
 * Adds counts to the totals in one statement; ids of records that no longer exist (deleted
 * since the view, or never there) are dropped by the join.
 */
export async function addRecordViews(db: Database, counts: ReadonlyMap<number, number>): Promise<void> {
  if (counts.size === 0) return;
  await db.raw(
    `INSERT INTO record_views (record_id, views)
     SELECT batch.record_id, batch.views
     FROM unnest(?::int[], ?::bigint[]) AS batch(record_id, views)
     JOIN records ON records.id = batch.record_id
     ON CONFLICT (record_id) DO UPDATE SET views = record_views.views + excluded.views`,
    [[...counts.keys()], [...counts.values()]],
  );
}

/** A record's flushed total (views still pending in Redis show after the next flush). */
export async function recordViewCount(db: Database, recordId: number): Promise<number> {
  const row = await db('record_views').where({ record_id: recordId }).first('views');
  return row ? Number(row.views) : 0;
}

export interface MostViewedRecord {
  id: number;
  name: string;
  abbreviation: string | null;
  registry: string;
  views: number;
}

/** Public records only: a ranking is a public listing, whoever asks. */
export async function mostViewedRecords(db: Database, limit: number): Promise<MostViewedRecord[]> {
  const rows: (Omit<MostViewedRecord, 'views'> & { views: string })[] = await db('record_views')
    .join('records', 'records.id', 'record_views.record_id')
    .join('registries', 'registries.id', 'records.registry_id')
    .modify(visibleRecordsOnly(ANONYMOUS_VIEWER))
    .where('record_views.views', '>', 0)
    .orderBy([{ column: 'record_views.views', order: 'desc' }, { column: 'records.id' }])
    .limit(limit)
    .select('records.id', 'records.name', 'records.abbreviation', db.raw('lower(registries.name) AS registry'), 'record_views.views');
  return rows.map((row) => ({ ...row, views: Number(row.views) }));
}
