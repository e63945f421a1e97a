/**
 * Nothing is lost when the indexer dies mid-run or Redis goes away: the outbox in Postgres
 * holds every change until the index shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIndexPublisher, createSearchClient, saveWithIndexing, type Database, type IndexPublisher, type SearchClient } from '@registry/platform';
import { recordsAlias } from '@registry/schemas';
import { reindexAll, startIndexer } from '@registry/indexer';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { insertFixtureVocabulary, type FixtureIds } from './fixtures.ts';
import { indexedRevisions, waitFor } from './search-helpers.ts';
import { freePort } from '../../scripts/free-port.ts';
import { startRedisServer, startWorkerProcess, type ChildHandle, type RedisServerHandle } from './child-processes.ts';

let environment: IsolatedEnvironment;
let client: SearchClient;
let fixture: FixtureIds;
let alias: string;
const children: ChildHandle[] = [];

beforeAll(async () => {
  environment = await createIsolatedEnvironment('failures');
  client = createSearchClient(environment.config);
  fixture = await insertFixtureVocabulary(environment.db);
  alias = recordsAlias(environment.config.indexPrefix);
  await reindexAll({ db: environment.db, client, indexPrefix: environment.config.indexPrefix });
});

afterAll(async () => {
  for (const child of children) await child.kill();
  await client?.close();
  await environment?.cleanup();
});

/** Creates a record through the outbox path; returns its id. */
async function createRecord(db: Database, publisher: IndexPublisher, name: string): Promise<number> {
  const saved = await saveWithIndexing(db, publisher, async (trx) => {
    const [row] = await trx('records').insert({ registry_id: fixture.registries.Standard, name, status: 'ready' }).returning('id');
    const id = (row as { id: number }).id;
    return { value: id, intents: [{ entityType: 'record', id }] };
  });
  return saved.value!;
}

async function renameRecord(db: Database, publisher: IndexPublisher, id: number, name: string): Promise<void> {
  await saveWithIndexing(db, publisher, async (trx) => {
    await trx('records').where({ id }).update({ name });
    return [{ entityType: 'record', id }];
  });
}

/** True when every record in `ids` is indexed at its current Postgres revision. */
async function indexShowsLatest(db: Database, ids: number[]): Promise<boolean> {
  const rows: { id: number; revision: number }[] = await db('records').whereIn('id', ids).select('id', 'revision');
  const indexed = await indexedRevisions(client, alias);
  return rows.length === ids.length && rows.every((row) => indexed.get(row.id) === row.revision);
}

async function pendingOutbox(db: Database, ids: number[]): Promise<number> {
  const [row] = await db('index_outbox').where({ entity_type: 'record' }).whereIn('entity_id', ids).whereNull('processed_at').count<{ count: string }[]>('* as count');
  return Number(row!.count);
}

describe('indexer killed mid-run', () => {
  it('loses no update: a new worker indexes every latest revision', async () => {
    const { db, config } = environment;
    const workerEnv = { INDEXER_SWEEP_INTERVAL_MS: '500', INDEXER_SWEEP_MIN_AGE_MS: '2000' };
    const first = await startWorkerProcess(config, workerEnv);
    children.push(first);
    const publisher = createIndexPublisher(config);
    const total = 120;
    const ids: number[] = [];
    try {
      for (let n = 1; n <= total; n += 1) {
        ids.push(await createRecord(db, publisher, `Crash test standard ${n}`));
        if (n === 40) {
          // Kill it once it has indexed something but surely not everything.
          await waitFor('the first worker to index a record', async () => (await indexedRevisions(client, alias)).size > 0);
          await first.kill();
        }
      }
      for (const id of ids) await renameRecord(db, publisher, id, `Crash test standard ${id} (edited)`);
      expect(await indexShowsLatest(db, ids)).toBe(false);

      const second = await startWorkerProcess(config, workerEnv);
      children.push(second);
      await waitFor('every latest revision in the index', () => indexShowsLatest(db, ids), 60_000, 500);
      await waitFor('the outbox drained', async () => (await pendingOutbox(db, ids)) === 0, 30_000, 500);
      await second.kill();
    } finally {
      await publisher.close();
    }
  }, 180_000);
});

describe('Redis down while saving', () => {
  let redis: RedisServerHandle;

  it('commits every save, keeps the changes pending, and the index catches up when Redis is back', async () => {
    const { db } = environment;
    const port = await freePort();
    redis = await startRedisServer(port);
    children.push(redis);
    const config = { ...environment.config, redisUrl: redis.url, queuePrefix: `${environment.config.queuePrefix}_outage` };
    const publisher = createIndexPublisher(config, { timeoutMs: 500 });
    const indexer = await startIndexer(config, { ensureIndex: false, sweeper: { intervalMs: 500, minAgeMs: 1_500 }, log: () => undefined });
    try {
      const before = [await createRecord(db, publisher, 'Saved with Redis up')];
      await waitFor('the record indexed through the queue', () => indexShowsLatest(db, before));

      await redis.kill();
      const during: number[] = [];
      for (let n = 1; n <= 10; n += 1) during.push(await createRecord(db, publisher, `Saved with Redis down ${n}`));
      await renameRecord(db, publisher, before[0]!, 'Edited with Redis down');
      const [stored] = await db('records').whereIn('id', during).count<{ count: string }[]>('* as count');
      expect(Number(stored!.count)).toBe(10);
      const notQueued = await db('index_outbox').whereIn('entity_id', during).whereNull('enqueued_at').count<{ count: string }[]>('* as count');
      expect(Number(notQueued[0]!.count)).toBe(10);

      redis = await startRedisServer(port);
      children.push(redis);
      const after = [await createRecord(db, publisher, 'Saved after Redis came back')];
      const all = [...before, ...during, ...after];
      await waitFor('the index to catch up', () => indexShowsLatest(db, all), 60_000, 500);
      await waitFor('the outbox drained', async () => (await pendingOutbox(db, all)) === 0, 30_000, 500);
    } finally {
      await indexer.stop();
      await publisher.close();
    }
  }, 120_000);
});
