import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIndexPublisher, createSearchClient, saveWithIndexing, type IndexPublisher, type SearchClient } from '@registry/platform';
import { recordsAlias } from '@registry/schemas';
import { startIndexer, type RunningIndexer } from '@registry/indexer';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { insertFixtureVocabulary, insertRecord, type FixtureIds } from './fixtures.ts';
import { indexedDocument, waitFor } from './search-helpers.ts';

let environment: IsolatedEnvironment;
let client: SearchClient;
let publisher: IndexPublisher;
let indexer: RunningIndexer;
let fixture: FixtureIds;
let alias: string;

beforeAll(async () => {
  environment = await createIsolatedEnvironment('pipeline');
  client = createSearchClient(environment.config);
  fixture = await insertFixtureVocabulary(environment.db);
  alias = recordsAlias(environment.config.indexPrefix);
  publisher = createIndexPublisher(environment.config);
  indexer = await startIndexer(environment.config, { sweeper: { intervalMs: 500, minAgeMs: 1_000 }, log: () => undefined });
});

afterAll(async () => {
  await indexer?.stop();
  await publisher?.close();
  await client?.close();
  await environment?.cleanup();
});

/** The sequence number of each record's document: it moves on at every write, even of the same revision. */
async function documentWrites(ids: readonly number[]): Promise<Map<number, number>> {
  const writes = new Map<number, number>();
  for (const id of ids) {
    const response = await client.get({ index: alias, id: String(id) });
    writes.set(id, (response.body as { _seq_no: number })._seq_no);
  }
  return writes;
}

async function pendingOutboxRows(): Promise<number> {
  const [row] = await environment.db('index_outbox').whereNull('processed_at').count<{ count: string }[]>('* as count');
  return Number(row!.count);
}

describe('save -> outbox -> queue -> worker', () => {
  it('records the intent with a new revision, queues the job and indexes the record', async () => {
    const { db } = environment;
    const saved = await saveWithIndexing(db, publisher, async (trx) => {
      const [row] = await trx('records')
        .insert({ registry_id: fixture.registries.Standard, name: 'Minimum Information About a Microarray Experiment', abbreviation: 'MIAME', status: 'ready' })
        .returning('id');
      const id = (row as { id: number }).id;
      return { value: id, intents: [{ entityType: 'record', id }] };
    });
    const id = saved.value!;
    expect(saved.enqueued).toBe(1);
    expect(saved.outbox).toEqual([{ outboxId: expect.any(Number), entityType: 'record', entityId: id, revision: 2 }]);
    const [outboxRow] = await db('index_outbox').where({ id: saved.outbox[0]!.outboxId });
    expect(outboxRow.enqueued_at).not.toBeNull();

    await waitFor('the record in the index', async () => (await indexedDocument(client, alias, id))?.revision === 2);
    await waitFor('the outbox row processed', async () => (await pendingOutboxRows()) === 0);
  });

  it('re-indexes a record whose only change is in a join table (its revision moves on)', async () => {
    const { db } = environment;
    const id = await insertRecord(db, { registryId: fixture.registries.Database, name: 'ArrayExpress' });
    await saveWithIndexing(db, publisher, async (trx) => {
      await trx('record_subjects').insert({ record_id: id, subject_id: fixture.subjects.genomics });
      return [{ entityType: 'record', id }];
    });
    await waitFor('the subject in the document', async () => (await indexedDocument(client, alias, id))?.subjects.length === 1);
  });

  it('fans out: renaming a subject re-indexes every record that embeds it, and no other', async () => {
    const { db } = environment;
    const ids = [
      await insertRecord(db, { registryId: fixture.registries.Standard, name: 'mzML' }),
      await insertRecord(db, { registryId: fixture.registries.Database, name: 'PRIDE' }),
    ];
    const untouched = await insertRecord(db, { registryId: fixture.registries.Database, name: 'GenBank' });
    await db('record_subjects').insert(ids.map((id) => ({ record_id: id, subject_id: fixture.subjects.proteomics })));
    await db('record_subjects').insert({ record_id: untouched, subject_id: fixture.subjects.genomics });
    await saveWithIndexing(db, publisher, async () => [...ids, untouched].map((id) => ({ entityType: 'record' as const, id })));
    await waitFor('the records indexed', async () => (await pendingOutboxRows()) === 0);
    const writesBefore = await documentWrites([...ids, untouched]);

    const renamed = await saveWithIndexing(db, publisher, async (trx) => {
      await trx('subjects').where({ id: fixture.subjects.proteomics }).update({ label: 'Proteome science' });
      return [{ entityType: 'subject', id: fixture.subjects.proteomics }];
    });
    // The subject's outbox row is marked processed once the records it reaches are written.
    await waitFor('the rename processed', async () => (await db('index_outbox').where({ id: renamed.outbox[0]!.outboxId }).first())?.processed_at !== null);
    for (const id of ids) expect((await indexedDocument(client, alias, id))?.subjects[0]?.label).toBe('Proteome science');
    const writesAfter = await documentWrites([...ids, untouched]);
    expect(ids.map((id) => writesAfter.get(id)! > writesBefore.get(id)!)).toEqual([true, true]);
    expect(writesAfter.get(untouched)).toBe(writesBefore.get(untouched));
  });

  it('fans out to narrower terms: a record of Transcriptomics (under Genomics) gets the new topic keys of Genomics', async () => {
    const { db } = environment;
    const [transcriptomics] = await db('subjects')
      .insert({ label: 'Transcriptomics', iri: 'http://edamontology.org/topic_3308' })
      .returning('id');
    const narrowerId = (transcriptomics as { id: number }).id;
    await db('subject_parents').insert({ subject_id: narrowerId, parent_id: fixture.subjects.genomics });
    const id = await insertRecord(db, { registryId: fixture.registries.Database, name: 'Expression Atlas' });
    await db('record_subjects').insert({ record_id: id, subject_id: narrowerId });
    await saveWithIndexing(db, publisher, async () => [{ entityType: 'record', id }]);
    await waitFor('the broader term in the topic keys', async () => (await indexedDocument(client, alias, id))?.topicKeys.includes('genome science') === true);

    await saveWithIndexing(db, publisher, async (trx) => {
      await trx('subjects').where({ id: fixture.subjects.genomics }).update({ label: 'Genome science', synonyms: ['Genomics'] });
      return [{ entityType: 'subject', id: fixture.subjects.genomics }];
    });
    await waitFor('the renamed broader term in the topic keys', async () => {
      const document = await indexedDocument(client, alias, id);
      return document?.topicKeys.join('|') === 'transcriptomics|genome science|genomics';
    });
  });

  it('removes a deleted record from the index', async () => {
    const { db } = environment;
    const id = await insertRecord(db, { registryId: fixture.registries.Policy, name: 'Withdrawn journal policy' });
    await saveWithIndexing(db, publisher, async () => [{ entityType: 'record', id }]);
    await waitFor('the record indexed', async () => (await indexedDocument(client, alias, id)) !== undefined);
    const deleted = await saveWithIndexing(db, publisher, async (trx) => {
      await trx('records').where({ id }).delete();
      return [{ entityType: 'record', id }];
    });
    expect(deleted.outbox[0]?.revision).toBe(0);
    await waitFor('the record gone from the index', async () => (await indexedDocument(client, alias, id)) === undefined);
  });

  it('picks up outbox rows that never reached the queue (sweeper)', async () => {
    const { db } = environment;
    const saved = await saveWithIndexing(db, null, async (trx) => {
      const [row] = await trx('records').insert({ registry_id: fixture.registries.Standard, name: 'Darwin Core', status: 'ready' }).returning('id');
      const id = (row as { id: number }).id;
      return { value: id, intents: [{ entityType: 'record', id }] };
    });
    expect(saved.enqueued).toBe(0);
    await waitFor('the sweeper to index it', async () => (await indexedDocument(client, alias, saved.value!)) !== undefined);
  });
});
