import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchClient, type SearchClient } from '@registry/platform';
import { newRecordsIndexName, recordsAlias, recordsMapping, RECORDS_MAPPING_VERSION } from '@registry/schemas';
import { buildSearchDocument } from '@registry/indexer/src/build-search-document.ts';
import { loadIndexableRecords } from '@registry/indexer/src/load-records.ts';
import { indexRecords } from '@registry/indexer/src/index-records.ts';
import { indicesBehindAlias, reindexAll, ReindexRefusedError, verifyAndSwapAlias } from '@registry/indexer/src/reindex.ts';
import { writeSearchDocuments } from '@registry/indexer/src/write-documents.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { insertFixtureVocabulary, insertManyRecords, insertRecord, type FixtureIds } from './fixtures.ts';
import { indexedDocument } from './search-helpers.ts';

let environment: IsolatedEnvironment;
let client: SearchClient;
let fixture: FixtureIds;
let alias: string;

beforeAll(async () => {
  environment = await createIsolatedEnvironment('reindex');
  client = createSearchClient(environment.config);
  fixture = await insertFixtureVocabulary(environment.db);
  alias = recordsAlias(environment.config.indexPrefix);
});

afterAll(async () => {
  await client?.close();
  await environment?.cleanup();
});

function reindex(ifNeeded = false) {
  return reindexAll({ db: environment.db, client, indexPrefix: environment.config.indexPrefix, ifNeeded });
}

describe('reindexAll', () => {
  it('creates the index and alias even when Postgres has no records, so search works', async () => {
    const outcome = await reindex();
    expect(outcome.documents).toBe(0);
    expect(await indicesBehindAlias(client, alias)).toEqual([outcome.index]);
  });

  it('builds a fresh index, swaps the alias in one step and deletes the old index', async () => {
    const before = await indicesBehindAlias(client, alias);
    const { db } = environment;
    const standard = await insertRecord(db, { registryId: fixture.registries.Standard, name: 'Gene Ontology', abbreviation: 'GO', recordTypeId: fixture.recordTypes.terminology_artefact });
    const collection = await insertRecord(db, { registryId: fixture.registries.Collection, name: 'Genomics Standards', recordTypeId: fixture.recordTypes.collection });
    await insertRecord(db, { registryId: fixture.registries.Policy, name: 'Hidden draft policy', isHidden: true, isApproved: false });
    await db('record_associations').insert({ record_id: collection, linked_record_id: standard, relation_type_id: fixture.relationTypes.collects });
    await db('record_subjects').insert({ record_id: standard, subject_id: fixture.subjects.genomics });

    const outcome = await reindex();
    expect(outcome.documents).toBe(3);
    expect(outcome.removedIndices).toEqual(before);
    expect(await indicesBehindAlias(client, alias)).toEqual([outcome.index]);
    expect((await client.indices.exists({ index: before[0]! })).body).toBe(false);

    const document = await indexedDocument(client, alias, standard);
    expect(document).toMatchObject({ registry: 'standard', recordType: 'terminology_artefact', collectionIds: [collection], relatedRecordsCount: 1 });
    expect(document?.subjects.map((subject) => subject.label)).toEqual(['Genomics']);
    const hits = await client.search({ index: alias, body: { query: { term: { isHidden: true } } } });
    expect(hits.body.hits.hits).toHaveLength(1);
  });

  it('with ifNeeded, skips when the alias matches Postgres and rebuilds when a revision moved', async () => {
    const current = await indicesBehindAlias(client, alias);
    const skipped = await reindex(true);
    expect(skipped.skipped).toBe(true);
    expect(await indicesBehindAlias(client, alias)).toEqual(current);

    await environment.db('records').where({ name: 'Gene Ontology' }).update({ description: 'The GO knowledgebase' });
    const rebuilt = await reindex(true);
    expect(rebuilt.skipped).toBe(false);
    expect(await indicesBehindAlias(client, alias)).toEqual([rebuilt.index]);
  });

  it('with ifNeeded, rebuilds a v4 index (no relation fields) into the current mapping with the relations between public records', async () => {
    const { db } = environment;
    const standard = (await db('records').where({ name: 'Gene Ontology' }).first('id')).id as number;
    const journal = await insertRecord(db, { registryId: fixture.registries.Policy, name: 'Journal data policy', recordTypeId: fixture.recordTypes.journal });
    const hiddenPolicy = await insertRecord(db, { registryId: fixture.registries.Policy, name: 'Hidden journal policy', recordTypeId: fixture.recordTypes.journal, isHidden: true });
    const database = await insertRecord(db, { registryId: fixture.registries.Database, name: 'Gene Expression Omnibus', recordTypeId: fixture.recordTypes.repository });
    const unapproved = await insertRecord(db, { registryId: fixture.registries.Database, name: 'Unapproved database', isApproved: false });
    const { recommends, implements: implementsType } = fixture.relationTypes;
    await db('record_associations').insert([
      { record_id: journal, linked_record_id: standard, relation_type_id: recommends },
      { record_id: journal, linked_record_id: database, relation_type_id: recommends },
      { record_id: journal, linked_record_id: unapproved, relation_type_id: recommends },
      { record_id: hiddenPolicy, linked_record_id: standard, relation_type_id: recommends },
      { record_id: database, linked_record_id: standard, relation_type_id: implementsType },
      { record_id: unapproved, linked_record_id: standard, relation_type_id: implementsType },
    ]);
    const current = await reindex();

    // What an older deployment left: the same documents in a v4 index, without the relation fields.
    const v4 = current.index.replace(`-${RECORDS_MAPPING_VERSION}-`, '-v4-');
    const relationFields = ['recommendedStandards', 'recommendedDatabases', 'implementedByDatabases'];
    const v4Properties = Object.fromEntries(Object.entries(recordsMapping.mappings.properties).filter(([name]) => !relationFields.includes(name)));
    await client.indices.create({ index: v4, body: { settings: recordsMapping.settings, mappings: { ...recordsMapping.mappings, properties: v4Properties, _meta: { version: 'v4' } } } as Record<string, unknown> });
    const copied = await client.search({ index: current.index, body: { size: 1_000, version: true, query: { match_all: {} } } });
    const hits = copied.body.hits.hits as { _id: string; _version: number; _source: Record<string, unknown> }[];
    const operations = hits.flatMap((hit) => [
      { index: { _index: v4, _id: hit._id, version: hit._version, version_type: 'external' } },
      Object.fromEntries(Object.entries(hit._source).filter(([name]) => !relationFields.includes(name))),
    ]);
    const written = await client.bulk({ refresh: true, body: operations });
    expect(written.body.errors).toBe(false);
    await client.indices.updateAliases({ body: { actions: [{ remove: { index: current.index, alias } }, { add: { index: v4, alias } }] } });
    await client.indices.delete({ index: current.index });
    expect(await indexedDocument(client, alias, standard)).not.toHaveProperty('implementedByDatabases');

    const rebuilt = await reindex(true);
    expect(rebuilt.skipped).toBe(false);
    expect(rebuilt.index).toContain(`-${RECORDS_MAPPING_VERSION}-`);
    expect(rebuilt.removedIndices).toEqual([v4]);
    expect(await indexedDocument(client, alias, standard)).toMatchObject({ implementedByDatabases: [{ id: database, name: 'Gene Expression Omnibus' }], recommendedStandards: [] });
    expect(await indexedDocument(client, alias, journal)).toMatchObject({
      recommendedStandards: [{ id: standard, name: 'Gene Ontology' }],
      recommendedDatabases: [{ id: database, name: 'Gene Expression Omnibus' }],
    });
    // Counted over policies, the standard is recommended by the one public policy only.
    const countBody: Record<string, unknown> = {
      size: 0,
      query: { bool: { filter: [{ term: { isHidden: false } }, { term: { isApproved: true } }] } },
      aggs: { standards: { terms: { field: 'recommendedStandards.name' } } },
    };
    const counted = await client.search({ index: alias, body: countBody });
    expect((counted.body.aggregations as { standards: { buckets: unknown[] } }).standards.buckets).toEqual([{ key: 'gene ontology', doc_count: 1 }]);
    expect((await reindex(true)).skipped).toBe(true);
  });

  it('refuses to swap the alias onto an empty index while Postgres has records', async () => {
    const current = await indicesBehindAlias(client, alias);
    const empty = newRecordsIndexName(environment.config.indexPrefix);
    await client.indices.create({ index: empty });
    try {
      await expect(verifyAndSwapAlias(client, alias, empty, 3)).rejects.toBeInstanceOf(ReindexRefusedError);
      expect(await indicesBehindAlias(client, alias)).toEqual(current);
    } finally {
      await client.indices.delete({ index: empty });
    }
  });

  it('deletes its partial index and keeps the alias when a record cannot be indexed', async () => {
    const current = await indicesBehindAlias(client, alias);
    const { db } = environment;
    const odd = await db('registries').insert({ name: 'FAIRassist' }).returning('id');
    const broken = await insertRecord(db, { registryId: (odd[0] as { id: number }).id, name: 'Record of an unknown registry' });
    try {
      await expect(reindex()).rejects.toThrow(/unknown registry/);
      const leftovers = await client.cat.indices({ index: `${alias}-*`, format: 'json' });
      expect((leftovers.body as { index: string }[]).map((row) => row.index)).toEqual(current);
      expect(await indicesBehindAlias(client, alias)).toEqual(current);
    } finally {
      await db('records').where({ id: broken }).delete();
    }
  });

  it('streams more records than one batch', async () => {
    await insertManyRecords(environment.db, fixture.registries.Standard, 'Batch standard', 130);
    const outcome = await reindexAll({ db: environment.db, client, indexPrefix: environment.config.indexPrefix, batchSize: 50 });
    const expected = await environment.db('records').count<{ count: string }[]>('* as count');
    expect(outcome.documents).toBe(Number(expected[0]!.count));
    expect((await client.count({ index: alias })).body.count).toBe(outcome.documents);
  });
});

describe('versioned writes', () => {
  it('never lets a stale revision overwrite a newer one, and counts the conflict', async () => {
    const { db } = environment;
    const id = await insertRecord(db, { registryId: fixture.registries.Database, name: 'Protein Data Bank', abbreviation: 'PDB' });
    const [stale] = (await loadIndexableRecords(db, [id])).map(buildSearchDocument);
    await db('records').where({ id }).update({ name: 'Worldwide Protein Data Bank' });
    await indexRecords({ db, client, index: alias }, [id]);

    const outcome = await writeSearchDocuments(client, alias, [stale!]);
    expect(outcome).toEqual({ indexed: 0, versionConflicts: 1, deleted: 0 });
    const document = await indexedDocument(client, alias, id);
    expect(document?.name).toBe('Worldwide Protein Data Bank');
    expect(document?.revision).toBe(stale!.revision + 1);
  });

  it('accepts the same revision again (an embedded vocabulary changed) and deletes records that are gone', async () => {
    const { db } = environment;
    const id = await insertRecord(db, { registryId: fixture.registries.Standard, name: 'MIAME' });
    await indexRecords({ db, client, index: alias }, [id]);
    const again = await indexRecords({ db, client, index: alias }, [id]);
    expect(again).toMatchObject({ indexed: 1, versionConflicts: 0 });

    await db('records').where({ id }).delete();
    const removal = await indexRecords({ db, client, index: alias }, [id]);
    expect(removal.deleted).toBe(1);
    expect(await indexedDocument(client, alias, id)).toBeUndefined();
  });
});

describe('loadIndexableRecords', () => {
  it('uses the same number of queries for 2 records as for 100', async () => {
    const { db } = environment;
    const ids: { id: number }[] = await db('records').select('id').orderBy('id').limit(100);
    const countQueries = async (batch: number[]) => {
      let queries = 0;
      const listener = () => (queries += 1);
      db.on('query', listener);
      try {
        await loadIndexableRecords(db, batch);
      } finally {
        db.removeListener('query', listener);
      }
      return queries;
    };
    const small = await countQueries(ids.slice(0, 2).map((row) => row.id));
    const large = await countQueries(ids.map((row) => row.id));
    expect(ids.length).toBeGreaterThan(50);
    expect(large).toBe(small);
  });
});
