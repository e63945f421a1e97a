/** The SQL of the health, readiness and metrics answers: is Postgres there, and how far behind is indexing? */
import type { Database } from '@registry/platform';

export { pingDatabase } from '@registry/platform';

export async function pendingOutboxCount(db: Database): Promise<number> {
  const row = await db('index_outbox').whereNull('processed_at').count<{ count: string }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

/** When the oldest outbox row not yet indexed was written (null when every row is). */
export async function oldestPendingOutboxAt(db: Database): Promise<Date | null> {
  const row = await db('index_outbox').whereNull('processed_at').min<{ oldest: Date | null }[]>({ oldest: 'created_at' }).first();
  return row?.oldest ? new Date(row.oldest) : null;
}

/** The current revision of the `limit` records whose changes reached the outbox last. */
export async function recentRecordRevisions(db: Database, limit: number): Promise<{ id: number; revision: number }[]> {
  const changedLast = db('index_outbox').where('entity_type', 'record').orderBy('id', 'desc').limit(limit).select('entity_id');
  return db('records').whereIn('id', changedLast).select<{ id: number; revision: number }[]>('id', 'revision');
}
