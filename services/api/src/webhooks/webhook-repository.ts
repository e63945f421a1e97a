/** The SQL of webhooks, their deliveries and the dispatcher's place in the change feed. */
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface WebhookFilters {
  registries?: string[];
  record_ids?: number[];
}

export interface WebhookRow {
  id: number;
  owner_id: number;
  url: string;
  description: string;
  events: string[];
  filters: WebhookFilters;
  secret: string;
  created_at: Date;
  updated_at: Date;
}

export type WebhookFields = Pick<WebhookRow, 'url' | 'description' | 'events' | 'filters'>;

export interface DeliveryRow {
  id: string;
  webhook_id: number;
  change_cursor: string;
  event: string;
  payload: Record<string, unknown>;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  response_code: number | null;
  latency_ms: number | null;
  last_error: string | null;
  created_at: Date;
  attempted_at: Date | null;
}

export async function findWebhook(db: Db, id: number): Promise<WebhookRow | null> {
  return ((await db('webhooks').where({ id }).first()) as WebhookRow | undefined) ?? null;
}

export async function webhooksOf(db: Db, ownerId: number): Promise<WebhookRow[]> {
  return db('webhooks').where({ owner_id: ownerId }).orderBy('id');
}

export async function allWebhooks(db: Db): Promise<WebhookRow[]> {
  return db('webhooks').orderBy('id');
}

export async function insertWebhook(db: Db, fields: WebhookFields & Pick<WebhookRow, 'owner_id' | 'secret'>): Promise<WebhookRow> {
  const [row] = await db('webhooks').insert({ ...fields, filters: JSON.stringify(fields.filters) }).returning('*');
  return row as WebhookRow;
}

export async function updateWebhook(db: Db, id: number, fields: Partial<WebhookFields>): Promise<void> {
  const row: Record<string, unknown> = { ...fields, updated_at: db.fn.now() };
  if (fields.filters !== undefined) row.filters = JSON.stringify(fields.filters);
  await db('webhooks').where({ id }).update(row);
}

export async function deleteWebhook(db: Db, id: number): Promise<void> {
  await db('webhooks').where({ id }).delete();
}

export async function recentDeliveries(db: Db, webhookId: number, limit: number): Promise<DeliveryRow[]> {
  return db('webhook_deliveries').where({ webhook_id: webhookId }).orderBy('created_at', 'desc').limit(limit);
}

/** Inserts the deliveries not already owed; answers the ids of those it inserted. */
export async function insertDeliveries(db: Db, deliveries: Pick<DeliveryRow, 'id' | 'webhook_id' | 'change_cursor' | 'event' | 'payload'>[]): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const rows = deliveries.map((delivery) => ({ ...delivery, payload: JSON.stringify(delivery.payload) }));
  const inserted: { id: string }[] = await db('webhook_deliveries').insert(rows).onConflict(['webhook_id', 'change_cursor']).ignore().returning('id');
  return inserted.map((row) => row.id);
}

/** Deliveries never attempted though written a while ago: their queueing may have been lost (a crash after commit). */
export async function unattemptedDeliveries(db: Db, olderThanSeconds: number, limit: number): Promise<string[]> {
  return db('webhook_deliveries').where({ status: 'pending', attempts: 0 })
    .where('created_at', '<', db.raw('now() - make_interval(secs => ?)', [olderThanSeconds])).orderBy('created_at').limit(limit).pluck('id');
}

export async function findDelivery(db: Db, id: string): Promise<DeliveryRow | null> {
  return ((await db('webhook_deliveries').where({ id }).first()) as DeliveryRow | undefined) ?? null;
}

export async function recordAttempt(db: Db, id: string, outcome: Pick<DeliveryRow, 'status' | 'response_code' | 'latency_ms' | 'last_error'>): Promise<void> {
  await db('webhook_deliveries').where({ id }).update({ ...outcome, attempts: db.raw('attempts + 1'), attempted_at: db.fn.now() });
}

/** The dispatcher's position, locked until the transaction ends (one dispatcher at a time). */
export async function lockFeedPosition(trx: Knex.Transaction): Promise<string | null> {
  const row = await trx('webhook_feed_position').forUpdate().first('cursor');
  return row ? String(row.cursor) : null;
}

export async function saveFeedPosition(trx: Knex.Transaction, cursor: string): Promise<void> {
  await trx('webhook_feed_position').insert({ singleton: true, cursor }).onConflict('singleton').merge();
}

/** Where the change feed ends now: the place a first webhook starts from. */
export async function lastChange(db: Db): Promise<{ txid: string; id: string } | null> {
  const row = await db('public_changes').orderBy([{ column: 'txid', order: 'desc' }, { column: 'id', order: 'desc' }]).first(db.raw('txid::text AS txid'), db.raw('id::text AS id'));
  return row ? { txid: String(row.txid), id: String(row.id) } : null;
}
