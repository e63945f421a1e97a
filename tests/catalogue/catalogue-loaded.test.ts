/**
 * What `npm start` promises after seeding and indexing (the run's shared catalogue is loaded by
 * the same seed and reindex functions): every corpus record under its real id, the collections
 * the corpus refers to, and a read alias holding exactly as many documents as Postgres has records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, createSearchClient, type Database, type SearchClient } from '@registry/platform';
import { recordsAlias } from '@registry/schemas';
import { sharedCatalogueConfig } from '../support/environment.ts';

const CORPUS_RECORDS = 3_205;
const CORPUS_COLLECTIONS = 65;

let db: Database;
let search: SearchClient;
const config = sharedCatalogueConfig();

beforeAll(() => {
  db = createDatabase(config.databaseUrl);
  search = createSearchClient(config);
});

afterAll(async () => {
  await db?.destroy();
  await search?.close();
});

async function countRecords(registry: 'corpus' | 'collections'): Promise<number> {
  const query = db('records').join('registries', 'registries.id', 'records.registry_id');
  if (registry === 'collections') query.where('registries.name', 'Collection');
  else query.whereNot('registries.name', 'Collection');
  const [{ count }] = await query.count<{ count: string }[]>({ count: '*' });
  return Number(count);
}

describe('the demo catalogue after seed and reindex', () => {
  it('holds all 3,205 corpus records plus the 65 collections they belong to', async () => {
    expect(await countRecords('corpus')).toBe(CORPUS_RECORDS);
    expect(await countRecords('collections')).toBe(CORPUS_COLLECTIONS);
  });

  it('keeps the real identifiers: record 2 is LOINC under its real DOI', async () => {
    const loinc = await db('records').where({ id: 2 }).first();
    expect(loinc).toMatchObject({ abbreviation: 'LOINC', doi: '10.25504/FAIRsharing.2mk2zb' });
  });

  it('has as many documents behind the read alias as records in Postgres', async () => {
    const [{ count: inPostgres }] = await db('records').count<{ count: string }[]>({ count: '*' });
    const { body } = await search.count({ index: recordsAlias(config.indexPrefix) });
    expect(body.count).toBe(Number(inPostgres));
  });
});
