/**
 * Full rebuild of the records index with zero downtime: write a fresh physical index from
 * the versioned mapping, check it holds exactly the records Postgres has, then move the read
 * alias to it in one `_aliases` call. A failed rebuild deletes its partial index and leaves
 * the alias where it was.
 */
import { indexLayoutSettings, liveIndexLayoutSettings, type Database, type SearchClient, type SearchIndexLayout } from '@registry/platform';
import { newRecordsIndexName, recordsAlias, recordsMapping, RECORDS_MAPPING_VERSION } from '@registry/schemas';
import { isIndexEntityType } from '@registry/platform';
import { buildSearchDocument } from './build-search-document.ts';
import { processIndexIntents, INDEX_BATCH_SIZE, type EntityRef } from './index-records.ts';
import { loadIndexableRecords } from './load-records.ts';
import { writeSearchDocuments, type WriteOutcome } from './write-documents.ts';

export interface ReindexOptions {
  db: Database;
  client: SearchClient;
  indexPrefix: string;
  log?: (line: string) => void;
  /** Skip the rebuild when the alias already matches Postgres (count and revision sum). */
  ifNeeded?: boolean;
  batchSize?: number;
  /** Shards and replicas of the new index (config.searchIndexLayout); default the mapping's one shard, no replica. */
  layout?: SearchIndexLayout;
}

export interface ReindexOutcome {
  skipped: boolean;
  alias: string;
  index: string;
  documents: number;
  tookMs: number;
  removedIndices: string[];
}

export class ReindexRefusedError extends Error {
  override name = 'ReindexRefusedError';
}

async function postgresTotals(db: Database): Promise<{ count: number; revisionSum: number }> {
  const [row] = await db('records').select(db.raw('count(*)::bigint as count'), db.raw('coalesce(sum(revision), 0)::bigint as revision_sum'));
  return { count: Number(row.count), revisionSum: Number(row.revision_sum) };
}

/** Physical indices the alias points to (empty when it does not exist). */
export async function indicesBehindAlias(client: SearchClient, alias: string): Promise<string[]> {
  const exists = await client.indices.existsAlias({ name: alias });
  if (!exists.body) return [];
  const response = await client.indices.getAlias({ name: alias });
  return Object.keys(response.body).sort();
}

async function aliasMatchesPostgres(db: Database, client: SearchClient, alias: string): Promise<boolean> {
  const indices = await indicesBehindAlias(client, alias);
  if (indices.length !== 1 || !indices[0]!.includes(`-${RECORDS_MAPPING_VERSION}-`)) return false;
  const [totals, count, sum] = await Promise.all([
    postgresTotals(db),
    client.count({ index: alias }),
    client.search({ index: alias, body: { size: 0, aggs: { revisions: { sum: { field: 'revision' } } } } }),
  ]);
  const aggregations = sum.body.aggregations as { revisions?: { value?: number } } | undefined;
  return count.body.count === totals.count && Math.round(aggregations?.revisions?.value ?? 0) === totals.revisionSum;
}

async function createEmptyIndex(client: SearchClient, index: string, layout: SearchIndexLayout | undefined): Promise<void> {
  const { mappings } = recordsMapping;
  const settings = layout ? { ...recordsMapping.settings, ...indexLayoutSettings(layout) } : recordsMapping.settings;
  // The JSON file's inferred types are wider than the client's (string vs literal unions);
  // the body goes to OpenSearch as it is in the file.
  const body: Record<string, unknown> = {
    // No refresh while bulk loading; the mapping's interval is restored before the swap.
    settings: { ...settings, refresh_interval: '-1' },
    mappings: { ...mappings, _meta: recordsMapping._meta },
  };
  await client.indices.create({ index, body });
}

/**
 * Reads all records in id order, one batch at a time, and writes each batch while the next
 * one is read (Postgres and OpenSearch work in parallel).
 */
async function streamAllRecords(db: Database, client: SearchClient, index: string, batchSize: number, log: (line: string) => void): Promise<number> {
  let lastId = 0;
  let written = 0;
  let writing: Promise<WriteOutcome> | undefined;
  try {
    for (;;) {
      const rows: { id: number }[] = await db('records').select('id').where('id', '>', lastId).orderBy('id').limit(batchSize);
      if (rows.length === 0) break;
      lastId = rows[rows.length - 1]!.id;
      const documents = (await loadIndexableRecords(db, rows.map((row) => row.id))).map(buildSearchDocument);
      if (writing) written += (await writing).indexed;
      writing = writeSearchDocuments(client, index, documents);
      // Avoid an unhandled rejection while the next batch is read; it is awaited above or below.
      writing.catch(() => undefined);
      if (written > 0 && written % (batchSize * 20) < batchSize) log(`reindex: ${written} documents written`);
    }
    if (writing) written += (await writing).indexed;
    return written;
  } catch (error) {
    // Let an in-flight bulk finish first: one landing after the index is deleted would re-create it.
    await writing?.catch(() => undefined);
    throw error;
  }
}

/** Re-applies changes committed while the rebuild was reading (their outbox rows are newer than `since`). */
async function catchUp(db: Database, client: SearchClient, index: string, since: Date): Promise<number> {
  const rows: { entity_type: string; entity_id: number }[] = await db('index_outbox')
    .distinct('entity_type', 'entity_id')
    .where('created_at', '>=', since);
  const entities: EntityRef[] = rows.flatMap((row) => (isIndexEntityType(row.entity_type) ? [{ type: row.entity_type, id: row.entity_id }] : []));
  if (entities.length === 0) return 0;
  // The live pipeline owns the outbox rows: a rebuild that fails later must not have marked them.
  const outcome = await processIndexIntents({ db, client, index }, entities, { markProcessed: false });
  return outcome.records;
}

async function databaseNow(db: Database): Promise<Date> {
  const result = await db.raw<{ rows: { now: Date }[] }>('select now() as now');
  return result.rows[0]!.now;
}

/**
 * Points `alias` at `index` alone, in one atomic `_aliases` call, once the index holds exactly
 * `expectedCount` documents. Refuses an empty index unless nothing is expected.
 * Returns the indices the alias left.
 */
export async function verifyAndSwapAlias(client: SearchClient, alias: string, index: string, expectedCount: number): Promise<string[]> {
  await client.indices.refresh({ index });
  const { count } = (await client.count({ index })).body;
  if (count === 0 && expectedCount > 0) {
    throw new ReindexRefusedError(`refusing to point ${alias} at ${index}: it has no documents but Postgres has ${expectedCount} records`);
  }
  if (count !== expectedCount) {
    throw new ReindexRefusedError(`refusing to point ${alias} at ${index}: ${count} documents for ${expectedCount} records in Postgres`);
  }
  const previous = (await indicesBehindAlias(client, alias)).filter((name) => name !== index);
  const actions: Record<string, unknown>[] = previous.map((name) => ({ remove: { index: name, alias } }));
  // A concrete index named like the alias (auto-created by a stray write) would block the alias.
  const concrete = await client.indices.exists({ index: alias });
  if (concrete.body && previous.length === 0 && !(await client.indices.existsAlias({ name: alias })).body) {
    actions.push({ remove_index: { index: alias } });
  }
  actions.push({ add: { index, alias } });
  await client.indices.updateAliases({ body: { actions } });
  return previous;
}

export async function reindexAll(options: ReindexOptions): Promise<ReindexOutcome> {
  const { db, client, indexPrefix } = options;
  const log = options.log ?? (() => undefined);
  const batchSize = options.batchSize ?? INDEX_BATCH_SIZE;
  const alias = recordsAlias(indexPrefix);
  const started = Date.now();

  if (options.ifNeeded && (await aliasMatchesPostgres(db, client, alias))) {
    const { count } = (await client.count({ index: alias })).body;
    log(`reindex: ${alias} already matches Postgres (${count} documents); skipped`);
    // A site that moved to a cluster (or back) keeps its index: its replicas follow the configuration.
    if (options.layout) await client.indices.putSettings({ index: alias, body: { index: liveIndexLayoutSettings(options.layout) } });
    return { skipped: true, alias, index: (await indicesBehindAlias(client, alias))[0] ?? alias, documents: count, tookMs: Date.now() - started, removedIndices: [] };
  }

  const index = newRecordsIndexName(indexPrefix);
  const readStartedAt = await databaseNow(db);
  log(`reindex: writing ${index}`);
  let removedIndices: string[];
  let documents: number;
  try {
    await createEmptyIndex(client, index, options.layout);
    documents = await streamAllRecords(db, client, index, batchSize, log);
    await catchUp(db, client, index, readStartedAt);
    await client.indices.putSettings({ index, body: { index: { refresh_interval: recordsMapping.settings.refresh_interval } } });
    let expected = (await postgresTotals(db)).count;
    try {
      removedIndices = await verifyAndSwapAlias(client, alias, index, expected);
    } catch (error) {
      // Records created or deleted while we counted: apply them once more, then check again.
      if (!(error instanceof ReindexRefusedError) || expected === 0) throw error;
      await catchUp(db, client, index, readStartedAt);
      expected = (await postgresTotals(db)).count;
      removedIndices = await verifyAndSwapAlias(client, alias, index, expected);
    }
    documents = expected;
  } catch (error) {
    const deleted = await client.indices.delete({ index }, { ignore: [404] }).then(
      () => true,
      () => false,
    );
    log(deleted ? `reindex: failed, deleted partial index ${index}` : `reindex: failed before index ${index} could be written`);
    throw error;
  }
  // Changes written to the old index between the catch-up and the swap reach the new one here.
  await catchUp(db, client, alias, readStartedAt);
  for (const old of removedIndices) await client.indices.delete({ index: old }, { ignore: [404] });
  const tookMs = Date.now() - started;
  log(`reindex: ${alias} -> ${index} (${documents} documents in ${(tookMs / 1000).toFixed(1)} s)`);
  return { skipped: false, alias, index, documents, tookMs, removedIndices };
}
