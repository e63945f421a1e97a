/** The SQL of webhooks, their deliveries and the dispatcher's place in the change feed. */
import type { Knex } from 'knex';
import { activeUsersOnly, type UserRole } from '@registry/schemas';

type Db = Knex | Knex.Transaction;

export interface WebhookFilters {
  registries?: string[];
  record_ids?: number[];
  saved_search_id?: number | null;
}

export interface WebhookRow {
  id: number;
  owner_id: number;
  url: string;
  description: string;
  events: string[];
  filters: WebhookFilters;
  secret: string;
  /** The secret before the last rotation, still signing until `previous_secret_until`. */
  previous_secret: string | null;
  previous_secret_until: Date | null;
  /** Since when every attempt failed (null after a delivery was taken). */
  failing_since: Date | null;
  /** Until when its deliveries skip the batches' fast lane (its receiver took longer than the budget). */
  slow_until: Date | null;
  disabled_at: Date | null;
  disabled_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

/** An enabled webhook with what its owner may be told (their role, read at each dispatch). */
export type DispatchedWebhook = WebhookRow & { owner_username: string; owner_role: UserRole };

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
  /** How often the owner asked for it again; the dispatcher queues it while `redelivery_asked`. */
  redeliveries: number;
  redelivery_asked: boolean;
}

export async function findWebhook(db: Db, id: number): Promise<WebhookRow | null> {
  return ((await db('webhooks').where({ id }).first()) as WebhookRow | undefined) ?? null;
}

export async function webhooksOf(db: Db, ownerId: number): Promise<WebhookRow[]> {
  return db('webhooks').where({ owner_id: ownerId }).orderBy('id');
}

/** The webhooks deliveries are written for: enabled, of active owners. */
export async function dispatchedWebhooks(db: Db): Promise<DispatchedWebhook[]> {
  return db('webhooks').join('users', 'users.id', 'webhooks.owner_id').modify(activeUsersOnly('users')).whereNull('webhooks.disabled_at')
    .orderBy('webhooks.id').select('webhooks.*', 'users.username AS owner_username', 'users.role AS owner_role');
}

/**
 * The URLs of an owner's webhooks, the owner's row locked until the transaction ends, so that two
 * registrations at once are counted one after the other against the bounds.
 */
export async function lockedWebhookUrlsOf(trx: Knex.Transaction, ownerId: number): Promise<{ id: number; url: string }[]> {
  await trx('users').where({ id: ownerId }).forUpdate().first('id');
  return trx('webhooks').where({ owner_id: ownerId }).orderBy('id').select('id', 'url');
}

export async function insertWebhook(db: Db, fields: WebhookFields & Pick<WebhookRow, 'owner_id' | 'secret'>): Promise<WebhookRow> {
  const [row] = await db('webhooks').insert({ ...fields, filters: JSON.stringify(fields.filters) }).returning('*');
  return row as WebhookRow;
}

export type WebhookChanges = Partial<WebhookFields & Pick<WebhookRow, 'secret' | 'previous_secret' | 'previous_secret_until' | 'failing_since' | 'disabled_at' | 'disabled_reason'>>;

export async function updateWebhook(db: Db, id: number, fields: WebhookChanges): Promise<void> {
  const row: Record<string, unknown> = { ...fields, updated_at: db.fn.now() };
  if (fields.filters !== undefined) row.filters = JSON.stringify(fields.filters);
  await db('webhooks').where({ id }).update(row);
}

export async function deleteWebhook(db: Db, id: number): Promise<void> {
  await db('webhooks').where({ id }).delete();
}

export async function recentDeliveries(db: Db, webhookId: number, limit: number): Promise<DeliveryRow[]> {
  return db('webhook_deliveries').where({ webhook_id: webhookId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit);
}

/** Marks a delivery to be sent again (the dispatcher queues it); false when the webhook has no such delivery. */
export async function askRedelivery(db: Db, webhookId: number, deliveryId: string): Promise<boolean> {
  const changed = await db('webhook_deliveries').where({ id: deliveryId, webhook_id: webhookId })
    .update({ status: 'pending', redelivery_asked: true, redeliveries: db.raw('redeliveries + 1') });
  return changed > 0;
}

/** Redeliveries asked for and not yet queued: each delivery with how often it was asked for (its job id). */
export async function askedRedeliveries(db: Db, limit: number): Promise<{ id: string; redeliveries: number }[]> {
  return db('webhook_deliveries').where({ redelivery_asked: true }).limit(limit).select('id', 'redeliveries');
}

/** The redeliveries queued (unless asked for again meanwhile). */
export async function redeliveriesQueued(db: Db, queued: readonly { id: string; redeliveries: number }[]): Promise<void> {
  for (const { id, redeliveries } of queued) await db('webhook_deliveries').where({ id, redeliveries }).update({ redelivery_asked: false });
}

/** Gives up the deliveries of a disabled webhook still waiting to be sent. */
export async function failPendingDeliveries(db: Db, webhookId: number, reason: string): Promise<void> {
  await db('webhook_deliveries').where({ webhook_id: webhookId, status: 'pending' }).update({ status: 'failed', last_error: reason });
}

/** A delivery as the queue knows it: its id and the change (or claim decision) it tells of. */
export type QueuedDelivery = Pick<DeliveryRow, 'id' | 'change_cursor'>;

/** Deliveries to write: each event's body once, and the webhooks owed each (by the event's key). */
export interface OwedDeliveries {
  events: Pick<DeliveryRow, 'change_cursor' | 'event' | 'payload'>[];
  owed: Pick<DeliveryRow, 'id' | 'webhook_id' | 'change_cursor'>[];
}

/**
 * Inserts the deliveries not already owed, in one statement that joins each delivery to its
 * event (a body is sent to the database once, not once per webhook); answers those it inserted.
 */
export async function insertDeliveries(db: Db, { events, owed }: OwedDeliveries): Promise<QueuedDelivery[]> {
  if (owed.length === 0) return [];
  const result = await db.raw<{ rows: QueuedDelivery[] }>(
    `INSERT INTO webhook_deliveries (id, webhook_id, change_cursor, event, payload)
     SELECT o.id, o.webhook_id, o.change_cursor, e.event, e.payload
     FROM jsonb_to_recordset(?::jsonb) AS o(id text, webhook_id integer, change_cursor text)
     JOIN jsonb_to_recordset(?::jsonb) AS e(change_cursor text, event text, payload jsonb) USING (change_cursor)
     ON CONFLICT (webhook_id, change_cursor) DO NOTHING
     RETURNING id, change_cursor`,
    [JSON.stringify(owed), JSON.stringify(events)],
  );
  return result.rows;
}

/** Deliveries never attempted though written a while ago: their queueing may have been lost (a crash after commit). */
export async function unattemptedDeliveries(db: Db, olderThanSeconds: number, limit: number): Promise<QueuedDelivery[]> {
  // Written out, not bound, so the planner sees the partial index's condition.
  return db('webhook_deliveries').whereRaw(`status = 'pending' AND attempts = 0`)
    .where('created_at', '<', db.raw('now() - make_interval(secs => ?)', [olderThanSeconds])).orderBy('created_at').limit(limit).select('id', 'change_cursor');
}

/** Deliveries and their webhooks, in one query (the worker's first step for each batch); unknown ids are left out. */
export async function findDeliveriesAndWebhooks(db: Db, ids: readonly string[]): Promise<{ delivery: DeliveryRow; webhook: WebhookRow }[]> {
  const rows = await db('webhook_deliveries as d').join('webhooks as w', 'w.id', 'd.webhook_id').whereIn('d.id', [...ids])
    .select(db.raw('to_jsonb(d) AS delivery'), db.raw('w.*'));
  return (rows as (WebhookRow & { delivery: DeliveryRow & { created_at: string; attempted_at: string | null } })[]).map(({ delivery, ...webhook }) => ({
    delivery: { ...delivery, created_at: new Date(delivery.created_at), attempted_at: delivery.attempted_at === null ? null : new Date(delivery.attempted_at) },
    webhook,
  }));
}

export async function findDelivery(db: Db, id: string): Promise<DeliveryRow | null> {
  return ((await db('webhook_deliveries').where({ id }).first()) as DeliveryRow | undefined) ?? null;
}

export type AttemptOutcome = Pick<DeliveryRow, 'status' | 'response_code' | 'latency_ms' | 'last_error'>;

/** Logs one attempt of each delivery, in one statement. */
export async function recordAttempts(db: Db, outcomes: readonly (AttemptOutcome & { id: string })[]): Promise<void> {
  if (outcomes.length === 0) return;
  await db.raw(
    `UPDATE webhook_deliveries AS d
     SET status = o.status, response_code = o.response_code, latency_ms = o.latency_ms, last_error = o.last_error, attempts = d.attempts + 1, attempted_at = now()
     FROM jsonb_to_recordset(?::jsonb) AS o(id text, status text, response_code integer, latency_ms integer, last_error text)
     WHERE d.id = o.id`,
    [JSON.stringify(outcomes)],
  );
}

/** The URL a delivery is sent to (its webhook's), or null when the delivery or its webhook is gone. */
export async function deliveryUrl(db: Db, deliveryId: string): Promise<string | null> {
  const row = await db('webhook_deliveries as d').join('webhooks as w', 'w.id', 'd.webhook_id').where('d.id', deliveryId).first('w.url');
  return (row?.url as string | undefined) ?? null;
}

/** These webhooks' receivers were slow: their deliveries skip the fast lane for `forMs` from now. */
export async function markWebhooksSlow(db: Db, ids: readonly number[], forMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db('webhooks').whereIn('id', [...ids]).update({ slow_until: db.raw('now() + make_interval(secs => ?)', [forMs / 1000]) });
}

/** Deliveries were taken: these webhooks are not failing. */
export async function markWebhooksTaking(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db('webhooks').whereIn('id', [...ids]).whereNotNull('failing_since').update({ failing_since: null });
}

/** An attempt failed: since when every attempt has (now, when it is the first). */
export async function markWebhookFailing(db: Db, id: number): Promise<Date | null> {
  const [row] = await db('webhooks').where({ id }).update({ failing_since: db.raw('coalesce(failing_since, now())') }).returning('failing_since');
  return (row?.failing_since as Date | undefined) ?? null;
}

/** Disables a webhook unless it already is; the row when this call disabled it (so its owner is mailed once). */
export async function disableWebhook(db: Db, id: number, reason: string): Promise<WebhookRow | null> {
  const [row] = await db('webhooks').where({ id }).whereNull('disabled_at').update({ disabled_at: db.fn.now(), disabled_reason: reason }).returning('*');
  return (row as WebhookRow | undefined) ?? null;
}

export async function ownerAddress(db: Db, userId: number): Promise<{ email: string; username: string } | null> {
  return ((await db('users').where({ id: userId }).modify(activeUsersOnly('users')).first('email', 'username')) as { email: string; username: string } | undefined) ?? null;
}

/** What a curator's webhook is told of a record not public: who it is and where it stands. */
export interface RecordSummary {
  id: number;
  name: string;
  abbreviation: string | null;
  registry: string;
  isApproved: boolean;
  isHidden: boolean;
}

export async function recordSummaries(db: Db, ids: readonly number[]): Promise<Map<number, RecordSummary>> {
  if (ids.length === 0) return new Map();
  const rows: RecordSummary[] = await db('records as r').join('registries as reg', 'reg.id', 'r.registry_id').whereIn('r.id', [...new Set(ids)])
    .select('r.id', 'r.name', 'r.abbreviation', db.raw('lower(reg.name) AS registry'), 'r.is_approved AS isApproved', 'r.is_hidden AS isHidden');
  return new Map(rows.map((row) => [row.id, row]));
}

/** The digest of what the dispatcher last showed of each record among `ids` (`unchanged-updates.ts`). */
export async function recordDigests(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const rows: { record_id: number; digest: string }[] = await db('webhook_record_digests').whereIn('record_id', [...new Set(ids)]).select('record_id', 'digest');
  return new Map(rows.map((row) => [row.record_id, row.digest]));
}

export async function saveRecordDigests(db: Db, digests: ReadonlyMap<number, string>): Promise<void> {
  if (digests.size === 0) return;
  await db('webhook_record_digests').insert([...digests].map(([record_id, digest]) => ({ record_id, digest }))).onConflict('record_id').merge();
}

/** Records among `ids` whose latest change the indexer has not written yet. */
export async function recordsAwaitingIndex(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows: number[] = await db('index_outbox').where({ entity_type: 'record' }).whereIn('entity_id', [...new Set(ids)]).whereNull('processed_at').distinct().pluck('entity_id');
  return new Set(rows.map(Number));
}

export interface ClaimDecision {
  claimId: number;
  recordId: number;
  claimantId: number;
  status: 'approved' | 'rejected';
  decidedAt: string;
  registry: string;
  /** The claimed record is public. */
  isPublic: boolean;
}

/** The claim decisions queued by the trigger, taken (deleted) in the caller's transaction. */
export async function takeClaimDecisions(trx: Knex.Transaction, limit: number): Promise<ClaimDecision[]> {
  const queued: number[] = await trx('webhook_claim_decisions').orderBy('claim_id').forUpdate().skipLocked().limit(limit).pluck('claim_id');
  if (queued.length === 0) return [];
  await trx('webhook_claim_decisions').whereIn('claim_id', queued).delete();
  return trx('maintenance_requests as m').join('records as r', 'r.id', 'm.record_id').join('registries as reg', 'reg.id', 'r.registry_id')
    .whereIn('m.id', queued).orderBy('m.id')
    .select('m.id AS claimId', 'm.record_id AS recordId', 'm.user_id AS claimantId', 'm.status',
      trx.raw(`to_char(coalesce(m.decided_at, m.updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "decidedAt"`),
      trx.raw('lower(reg.name) AS registry'), trx.raw('(NOT r.is_hidden AND r.is_approved) AS "isPublic"'));
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
