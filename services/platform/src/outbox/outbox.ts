/**
 * The index outbox: every save that changes what search shows writes outbox rows in its own
 * transaction. After the commit a queue job wakes the indexer; if Redis is down the rows stay
 * pending and the indexer's sweeper finds them. So a save never depends on Redis, and no
 * change is lost when the queue or the worker is down.
 */
import type { Knex } from 'knex';
import type { Database } from '../db/connection.ts';
import { COMMIT_HORIZON_SQL } from '../db/commit-horizon.ts';
import type { IndexEntityType } from '../queue/index-queue.ts';
import type { IndexPublisher } from './publisher.ts';

/** A change to index: "entity `id` of `entityType` changed (or was deleted)". */
export interface IndexIntent {
  entityType: IndexEntityType;
  id: number;
}

/** One `index_outbox` row. */
export interface OutboxEntry {
  outboxId: number;
  entityType: IndexEntityType;
  entityId: number;
  /** The entity's revision at the time of the change; 0 when the entity no longer exists. */
  revision: number;
}

/** Where each entity type keeps its revision. */
export const ENTITY_TABLES: Record<IndexEntityType, string> = {
  record: 'records',
  organisation: 'organisations',
  subject: 'subjects',
  domain: 'domains',
  taxonomy: 'taxonomies',
  licence: 'licences',
  user_defined_tag: 'user_defined_tags',
  object_type: 'object_types',
  grant: 'grants',
  country: 'countries',
  publication: 'publications',
};

/** Every indexed entity but the record itself: what record documents embed. */
export type EmbeddedEntityType = Exclude<IndexEntityType, 'record'>;

/**
 * The table linking records to each embedded entity, and the column holding the entity id: the
 * indexer's fan-out and the shared-entity rules both read it.
 */
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

interface OutboxRow {
  id: number;
  entity_type: IndexEntityType;
  entity_id: number;
  revision: number;
}

function toEntry(row: OutboxRow): OutboxEntry {
  return { outboxId: row.id, entityType: row.entity_type, entityId: row.entity_id, revision: row.revision };
}

/**
 * Inserts outbox rows for `ids` inside the caller's transaction. Call it after the writes.
 * It moves each existing entity on to a new revision (the update trigger bumps it), so that a
 * change that touched only join tables (a record's subjects, say) still gets its own revision:
 * the indexer can then tell it apart from what it already wrote, and its job id is new.
 * Ids that no longer exist (deletions) get revision 0; the indexer removes their documents.
 */
export async function recordIndexIntent(
  trx: Knex | Knex.Transaction,
  entityType: IndexEntityType,
  ids: readonly number[],
): Promise<OutboxEntry[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return [];
  const table = ENTITY_TABLES[entityType];
  const result = await trx.raw<{ rows: OutboxRow[] }>(
    `WITH bumped AS (
       UPDATE ?? AS entity SET revision = entity.revision + 1
       WHERE entity.id = ANY(?::int[])
       RETURNING entity.id, entity.revision
     )
     INSERT INTO index_outbox (entity_type, entity_id, revision)
     SELECT ?, wanted.id, coalesce(bumped.revision, 0)
     FROM unnest(?::int[]) AS wanted(id)
     LEFT JOIN bumped ON bumped.id = wanted.id
     RETURNING id, entity_type, entity_id, revision`,
    [table, unique, entityType, unique],
  );
  return result.rows.map(toEntry);
}

/**
 * Records the intents of one change, grouped by entity type. The entries come back in the order
 * the change named the entities, so their jobs are queued in it: the record an editor saved is
 * indexed before the related records its save touched.
 */
export async function recordIndexIntents(trx: Knex | Knex.Transaction, intents: readonly IndexIntent[]): Promise<OutboxEntry[]> {
  const idsByType = new Map<IndexEntityType, number[]>();
  const position = new Map<string, number>();
  for (const intent of intents) {
    const ids = idsByType.get(intent.entityType) ?? [];
    ids.push(intent.id);
    idsByType.set(intent.entityType, ids);
    if (!position.has(`${intent.entityType}-${intent.id}`)) position.set(`${intent.entityType}-${intent.id}`, position.size);
  }
  const entries: OutboxEntry[] = [];
  for (const [entityType, ids] of idsByType) entries.push(...(await recordIndexIntent(trx, entityType, ids)));
  const rank = (entry: OutboxEntry): number => position.get(`${entry.entityType}-${entry.entityId}`) ?? 0;
  return entries.sort((a, b) => rank(a) - rank(b));
}

export interface IndexedChange<T> {
  value: T;
  intents: IndexIntent[];
}

export interface SavedChange<T> {
  /** What the change returned (undefined when it returned only intents). */
  value: T | undefined;
  outbox: OutboxEntry[];
  /** How many outbox rows reached the queue (0 when Redis was unavailable: the sweeper takes over). */
  enqueued: number;
}

/**
 * Runs `change` in a transaction that also writes its outbox rows, commits, then tries to
 * queue the index jobs. The save succeeds whether or not the queue answers.
 *
 *   await saveWithIndexing(db, publisher, async (trx) => {
 *     await trx('records').update({ name }).where({ id });
 *     return [{ entityType: 'record', id }];
 *   });
 */
export async function saveWithIndexing<T = void>(
  db: Database,
  publisher: IndexPublisher | null,
  change: (trx: Knex.Transaction) => Promise<IndexIntent[] | IndexedChange<T>>,
): Promise<SavedChange<T>> {
  const { value, outbox } = await db.transaction(async (trx) => {
    const outcome = await change(trx);
    const intents = Array.isArray(outcome) ? outcome : outcome.intents;
    return {
      value: Array.isArray(outcome) ? undefined : outcome.value,
      outbox: await recordIndexIntents(trx, intents),
    };
  });
  const enqueued = publisher ? await publishOutboxEntries(db, publisher, outbox) : 0;
  return { value, outbox, enqueued };
}

/**
 * Queues jobs for outbox rows and marks the ones that reached Redis. Never throws: a queue
 * failure leaves the rows pending for the sweeper.
 */
export async function publishOutboxEntries(db: Database, publisher: IndexPublisher, entries: readonly OutboxEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  try {
    await publisher.publish(entries.map((entry) => ({ type: entry.entityType, id: entry.entityId, revision: entry.revision })));
  } catch (error) {
    publisher.reportFailure(error);
    return 0;
  }
  await db('index_outbox')
    .whereIn('id', entries.map((entry) => entry.outboxId))
    .whereNull('enqueued_at')
    .update({ enqueued_at: db.fn.now() });
  return entries.length;
}

/**
 * Marks an entity's outbox rows processed up to the revision the indexer has just written
 * (rows of a later revision stay pending: their change committed after the indexer read).
 */
export async function markOutboxProcessed(db: Database, entityType: IndexEntityType, entityId: number, upToRevision: number): Promise<number> {
  return db('index_outbox')
    .where({ entity_type: entityType, entity_id: entityId })
    .andWhere('revision', '<=', upToRevision)
    .whereNull('processed_at')
    .update({ processed_at: db.fn.now() });
}

export interface ProcessedMark {
  entityType: IndexEntityType;
  entityId: number;
  upToRevision: number;
}

/** `markOutboxProcessed` for many entities in one statement. */
export async function markOutboxProcessedMany(db: Database, marks: readonly ProcessedMark[]): Promise<number> {
  if (marks.length === 0) return 0;
  return db.raw(
    `UPDATE index_outbox AS outbox SET processed_at = now()
     FROM unnest(?::text[], ?::int[], ?::bigint[]) AS mark(entity_type, entity_id, up_to_revision)
     WHERE outbox.entity_type = mark.entity_type AND outbox.entity_id = mark.entity_id
       AND outbox.revision <= mark.up_to_revision AND outbox.processed_at IS NULL`,
    [marks.map((mark) => mark.entityType), marks.map((mark) => mark.entityId), marks.map((mark) => mark.upToRevision)],
  ).then((result: { rowCount: number }) => result.rowCount);
}

/** Rows not processed yet, older than `olderThanMs`, skipping rows that failed `maxAttempts` times. */
export async function pendingOutboxEntries(
  db: Database,
  options: { olderThanMs: number; limit: number; maxAttempts: number },
): Promise<OutboxEntry[]> {
  const rows: OutboxRow[] = await db('index_outbox')
    .select('id', 'entity_type', 'entity_id', 'revision')
    .whereNull('processed_at')
    .andWhere('attempts', '<', options.maxAttempts)
    .andWhere('created_at', '<', db.raw(`now() - make_interval(secs => ?)`, [options.olderThanMs / 1000]))
    .orderBy('id')
    .limit(options.limit);
  return rows.map(toEntry);
}

export async function recordOutboxFailure(db: Database, outboxIds: readonly number[], error: unknown): Promise<void> {
  if (outboxIds.length === 0) return;
  const message = error instanceof Error ? error.message : String(error);
  await db('index_outbox')
    .whereIn('id', outboxIds)
    .update({ attempts: db.raw('attempts + 1'), last_error: message.slice(0, 2_000) });
}

export interface StuckOutboxEntry extends OutboxEntry {
  attempts: number;
  lastError: string | null;
  createdAt: string;
}

/** Outbox rows that keep failing (the database side of the dead-letter list). */
export async function failedOutboxEntries(db: Database, limit = 100): Promise<StuckOutboxEntry[]> {
  const rows: (OutboxRow & { attempts: number; last_error: string | null; created_at: Date })[] = await db('index_outbox')
    .select('id', 'entity_type', 'entity_id', 'revision', 'attempts', 'last_error', 'created_at')
    .whereNull('processed_at')
    .whereNotNull('last_error')
    .orderBy('id', 'desc')
    .limit(limit);
  return rows.map((row) => ({ ...toEntry(row), attempts: row.attempts, lastError: row.last_error, createdAt: row.created_at.toISOString() }));
}

/**
 * The catalogue's version as the outbox knows it: the newest transaction below the commit
 * horizon that wrote an intent. Every save of what search or the dumps show writes an intent,
 * and a transaction that becomes final is always newer than every one final before it, so the
 * version moves with each committed change (whatever the order of commits and outbox ids), and
 * stays where it was while a change is still committing — a reader that keeps what it built
 * under a version never keeps it past a change it did not see.
 */
export async function committedOutboxVersion(db: Database): Promise<string> {
  const result = await db.raw<{ rows: { txid: string }[] }>(
    `SELECT o.txid::text AS txid FROM index_outbox o, (${COMMIT_HORIZON_SQL}) AS horizon
     WHERE o.txid < horizon.txid ORDER BY o.txid DESC LIMIT 1`,
  );
  return result.rows[0]?.txid ?? '0';
}
