/**
 * The commit horizon: the first transaction of this database whose rows may not all be visible
 * yet (the oldest still running, or the next to start). Rows stamped with a transaction id
 * below it are final: no transaction that could still commit wrote one of them. Readers that
 * name a position by such rows (the change feed's cursors and version, the dumps' version)
 * never skip a row that commits later. pg_stat_activity shows 32-bit xids, snapshots 64-bit
 * ones; transactions of other databases are left out.
 */
export const COMMIT_HORIZON_SQL = `
  SELECT coalesce(
    (SELECT min(running) FROM pg_snapshot_xip(snapshot.current) AS running
      WHERE (running::text::numeric % 4294967296)::text NOT IN (
        SELECT backend_xid::text FROM pg_stat_activity
        WHERE backend_xid IS NOT NULL AND datname IS DISTINCT FROM current_database())),
    pg_snapshot_xmax(snapshot.current)) AS txid
  FROM (SELECT pg_current_snapshot() AS current) AS snapshot`;
