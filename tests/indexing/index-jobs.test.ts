/**
 * Index jobs as the queue sees them. A change's jobs are queued in the order it named the
 * entities (the saved record before the related records). A job's id is (type, id, revision),
 * and BullMQ ignores a job whose id it still holds: a database whose revisions start again (a
 * restore, a catalogue dropped and seeded again) meets the ids of jobs done before, which must be
 * worked, not swallowed and left to the outbox sweeper.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIndexPublisher, createIndexQueue, createQueueConnection, createSearchClient, indexJobId, saveWithIndexing, type IndexPublisher, type SearchClient } from '@registry/platform';
import { recordsAlias } from '@registry/schemas';
import { startIndexer, type RunningIndexer } from '@registry/indexer';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { insertFixtureVocabulary, insertRecord, type FixtureIds } from './fixtures.ts';
import { waitFor } from './search-helpers.ts';

let environment: IsolatedEnvironment;
let client: SearchClient;
let publisher: IndexPublisher;
let indexer: RunningIndexer | undefined;
let fixture: FixtureIds;
let alias: string;

beforeAll(async () => {
  environment = await createIsolatedEnvironment('job_ids');
  client = createSearchClient(environment.config);
  fixture = await insertFixtureVocabulary(environment.db);
  alias = recordsAlias(environment.config.indexPrefix);
  publisher = createIndexPublisher(environment.config);
  // No sweeper: only the queue worker can write what these jobs name.
  indexer = await startIndexer(environment.config, { sweeper: false, log: () => undefined });
});

afterAll(async () => {
  await indexer?.stop();
  await publisher?.close();
  await client?.close();
  await environment?.cleanup();
});

/** The document's sequence number (moves on at every write, even of the same revision), or -1. */
async function documentWrite(id: number): Promise<number> {
  const response = await client.get({ index: alias, id: String(id) }, { ignore: [404] });
  return (response.body as { _seq_no?: number })._seq_no ?? -1;
}

async function revisionOf(id: number): Promise<number> {
  return Number((await environment.db('records').first('revision').where({ id })).revision);
}

describe('the order of a change\'s jobs', () => {
  it('is the order the change named its entities in, not their ids\' order', async () => {
    const { db } = environment;
    const related = await insertRecord(db, { registryId: fixture.registries.Standard, name: 'Job order related standard' });
    const saved = await insertRecord(db, { registryId: fixture.registries.Database, name: 'Job order saved database' });
    const change = await saveWithIndexing(db, null, async () => [
      { entityType: 'record', id: saved },
      { entityType: 'record', id: related },
    ]);
    expect(saved).toBeGreaterThan(related);
    expect(change.outbox.map((entry) => entry.entityId)).toEqual([saved, related]);
  });
});

describe('a job\'s write', () => {
  it('is searchable a refresh after the job, not at the index\'s next periodic refresh', async () => {
    await client.indices.putSettings({ index: alias, body: { index: { refresh_interval: '-1' } } });
    try {
      const id = await insertRecord(environment.db, { registryId: fixture.registries.Standard, name: 'Refreshed by its job standard' });
      await publisher.publish([{ type: 'record', id, revision: await revisionOf(id) }]);
      // A search, not a get: only a refresh shows the document (the periodic one is off).
      await waitFor('the record found by a search', async () => {
        const answer = await client.search({ index: alias, body: { query: { ids: { values: [String(id)] } } } });
        return (answer.body.hits.hits as unknown[]).length === 1;
      });
    } finally {
      await client.indices.putSettings({ index: alias, body: { index: { refresh_interval: '1s' } } });
    }
  });
});

describe('index job ids that come round again', () => {
  it('works a job again after the one of the same id was done (completed jobs are not kept)', async () => {
    const id = await insertRecord(environment.db, { registryId: fixture.registries.Standard, name: 'Repeated job id standard' });
    const job = { type: 'record', id, revision: await revisionOf(id) } as const;
    await publisher.publish([job]);
    await waitFor('the first job worked', async () => (await documentWrite(id)) >= 0);
    const firstWrite = await documentWrite(id);

    await publisher.publish([job]);
    await waitFor('the same job id worked again', async () => (await documentWrite(id)) > firstWrite);
  });

  it('a starting worker removes the completed jobs an earlier version kept', async () => {
    const id = await insertRecord(environment.db, { registryId: fixture.registries.Database, name: 'Kept completed job database' });
    const job = { type: 'record', id, revision: await revisionOf(id) } as const;
    const connection = createQueueConnection(environment.config);
    const queue = createIndexQueue(environment.config, connection);
    try {
      // As jobs were queued before: kept once completed.
      await queue.add(job.type, job, { jobId: indexJobId(job), removeOnComplete: { count: 1_000 } });
      await waitFor('the kept job completed', async () => (await queue.getJob(indexJobId(job)))?.finishedOn !== undefined);
      const firstWrite = await documentWrite(id);

      await indexer?.stop();
      indexer = undefined;
      indexer = await startIndexer(environment.config, { sweeper: false, log: () => undefined });
      await waitFor('the kept job removed', async () => (await queue.getJob(indexJobId(job))) === undefined);
      await publisher.publish([job]);
      await waitFor('the job worked again', async () => (await documentWrite(id)) > firstWrite);
    } finally {
      await queue.close();
      connection.disconnect();
    }
  });
});
