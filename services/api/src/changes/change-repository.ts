/**
 * The SQL of the change feed: rows of `public_changes` (written by triggers, see the migration
 * `20261126_0400_public_changes.ts`) past a position, in (txid, id) order, and only those of
 * transactions older than every transaction still running that may write them: ids are taken
 * before commit, so a younger row may commit before an older one, and a reader must not pass a
 * row not yet visible. The horizon is the oldest transaction of the snapshot still running, less
 * those pg_stat_activity shows in another database (they cannot write this table; a long one
 * there would otherwise hold the feed back), or the snapshot's next transaction when none runs.
 */
import { COMMIT_HORIZON_SQL, type Database } from '@registry/platform';
import { ANONYMOUS_VIEWER, visibleRecordsOnly } from '@registry/schemas';

/** A place in the feed: the writing transaction, then the row id. */
export interface FeedPosition {
  txid: string;
  id: string;
}

export interface ChangeRow {
  id: string;
  txid: string;
  recordId: number;
  wasPublic: boolean;
  isPublic: boolean;
  /** Sections named by fan-out (organisations, subjects, …) and by the transaction's edit events. */
  sections: string[];
  changedAt: string;
  /** True while the record row exists. */
  recordExists: boolean;
  /** The record its old id redirects to, when it was merged away. */
  replacementId: number | null;
  /** Why the record was withdrawn and its successor, when it was deleted while public (its tombstone). */
  withdrawal: { reason: string; successorId: number | null } | null;
  /** Approved before the transaction and after it (null: the row did not exist then, or was logged before this was). */
  wasApproved: boolean | null;
  isApproved: boolean | null;
  /** The transaction inserted the record row. */
  inserted: boolean;
}

export async function readChangeRows(db: Database, after: FeedPosition | null, limit: number): Promise<ChangeRow[]> {
  const start = after ?? { txid: '0', id: '0' };
  const result = await db.raw<{ rows: ChangeRow[] }>(
    `SELECT c.id::text AS id, c.txid::text AS txid, c.record_id AS "recordId",
       c.was_public AS "wasPublic", c.is_public AS "isPublic",
       c.was_approved AS "wasApproved", c.is_approved AS "isApproved", c.inserted,
       ARRAY(
         SELECT DISTINCT s FROM (
           SELECT unnest(c.sections) AS s
           UNION ALL
           SELECT coalesce(e.edit_event ->> 'section', e.edit_type) FROM edit_events e
           WHERE e.txid = c.txid AND e.record_id = c.record_id
         ) AS named ORDER BY s
       ) AS sections,
       to_char(c.changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "changedAt",
       EXISTS (SELECT 1 FROM records r WHERE r.id = c.record_id) AS "recordExists",
       (SELECT rr.record_id FROM record_redirects rr WHERE rr.identifier = 'id:' || c.record_id) AS "replacementId",
       (SELECT json_build_object('reason', t.reason, 'successorId', t.successor_id) FROM record_tombstones t WHERE t.record_id = c.record_id) AS withdrawal
     FROM public_changes c, (${COMMIT_HORIZON_SQL}) AS horizon
     WHERE c.txid < horizon.txid
       AND (c.txid, c.id) > (?::xid8, ?::bigint)
     ORDER BY c.txid, c.id
     LIMIT ?`,
    [start.txid, start.id, limit],
  );
  return result.rows;
}

export interface RecentRecordChange {
  id: number;
  doi: string | null;
  name: string;
  description: string;
  registry: string;
  /** True when this change made the record public (new to readers), false for an update. */
  created: boolean;
  changedAt: Date;
}

/**
 * The latest change of each record among the last `window` public changes, newest first, for
 * records public now (optionally of one registry, or among `ids`).
 */
export async function recentRecordChanges(
  db: Database,
  filter: { registry?: string; ids?: readonly number[]; window: number },
): Promise<RecentRecordChange[]> {
  const rows: RecentRecordChange[] = await db
    .with('recent', (recent) => recent.from('public_changes').where('is_public', true).orderBy('id', 'desc').limit(filter.window)
      .select('record_id', 'changed_at', db.raw('NOT was_public AS created'), 'id'))
    .with('latest', (latest) => latest.from('recent').distinctOn('record_id').orderBy([{ column: 'record_id' }, { column: 'id', order: 'desc' }]).select('*'))
    .from('latest')
    .join('records as r', 'r.id', 'latest.record_id')
    .join('registries as reg', 'reg.id', 'r.registry_id')
    .modify(visibleRecordsOnly(ANONYMOUS_VIEWER, 'r'))
    .modify((query) => {
      if (filter.registry) query.whereRaw('lower(reg.name) = ?', [filter.registry]);
      if (filter.ids) query.whereIn('r.id', [...filter.ids]);
    })
    .orderBy('latest.id', 'desc')
    .select('r.id', 'r.doi', 'r.name', 'r.description', db.raw('lower(reg.name) AS registry'), 'latest.created', 'latest.changed_at AS changedAt');
  return rows;
}

/**
 * A value that changes whenever a change to the public catalogue becomes readable in the feed:
 * the newest transaction among the rows below the horizon. Rows join the readable ones only when
 * the horizon passes their transaction, which is then newer than every row readable before, so
 * the value grows with every row that joins (a row id would not: ids commit out of order).
 */
export async function readableChangesVersion(db: Database): Promise<string> {
  const result = await db.raw<{ rows: { txid: string }[] }>(
    `SELECT c.txid::text AS txid FROM public_changes c, (${COMMIT_HORIZON_SQL}) AS horizon
     WHERE c.txid < horizon.txid ORDER BY c.txid DESC LIMIT 1`,
  );
  return result.rows[0]?.txid ?? '0';
}
