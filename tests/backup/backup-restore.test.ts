/**
 * Backup and restore drill: the run's catalogue is backed up and restored into a new database
 * (the drill's source), given accounts, edit events and a saved search, backed up again and
 * restored into another new database. The second holds every row the first has, and its rebuilt
 * index answers searches with the same counts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, createSearchClient, dropDatabase, loadConfig, type Database, type RegistryConfig, type SearchClient } from '@registry/platform';
import { recordsAlias } from '@registry/schemas';
import { backupDatabase, restoreDatabase } from '../../scripts/backup/drill.ts';
import { runEnvironment, type RunEnvironment } from '../setup/run-environment.ts';
import { dropRunResources } from '../support/cleanup.ts';
import { sharedCatalogueConfig } from '../support/environment.ts';

interface Site {
  env: RunEnvironment;
  config: RegistryConfig;
}

const folder = mkdtempSync(join(tmpdir(), 'registry-backup-'));
const sites: Site[] = [];
const handles: Database[] = [];
let client: SearchClient;

function newSite(name: string): Site {
  const env = runEnvironment(process.env.TEST_RUN_ID || 'adhoc', `${name}_${process.pid}`);
  const site = { env, config: loadConfig({ ...process.env, ...env }) };
  sites.push(site);
  return site;
}

function open(site: Site): Database {
  const db = createDatabase(site.config.databaseUrl);
  handles.push(db);
  return db;
}

/** Every row of a table in id order, as JSON (dates and numbers as Postgres gives them). */
async function rows(db: Database, table: string): Promise<unknown[]> {
  const result = await db.raw<{ rows: { row: unknown }[] }>(`select to_jsonb(t) as row from ${table} t order by id`);
  return result.rows.map((entry) => entry.row);
}

const SEARCHES: Record<string, unknown>[] = [
  { match_all: {} },
  { multi_match: { query: 'ontology', fields: ['name', 'description'] } },
  { multi_match: { query: 'genome sequence', fields: ['name', 'description'] } },
];

async function searchCounts(site: Site): Promise<number[]> {
  const alias = recordsAlias(site.config.indexPrefix);
  return Promise.all(SEARCHES.map(async (query) => (await client.count({ index: alias, body: { query } })).body.count));
}

let source: Site;
let restored: Site;

beforeAll(async () => {
  client = createSearchClient(sharedCatalogueConfig());
  source = newSite('backup_source');
  restored = newSite('backup_restored');
  const catalogueFile = join(folder, 'catalogue.dump');
  await backupDatabase(sharedCatalogueConfig().databaseUrl, catalogueFile);
  await restoreDatabase(source.config, catalogueFile);

  const db = open(source);
  const [curator] = await db('users').insert({ username: 'drill_curator', email: 'drill-curator@example.org', role: 'curator' }).returning('id');
  const [visitor] = await db('users').insert({ username: 'drill_visitor', email: 'drill-visitor@example.org' }).returning('id');
  const record = await db('records').first('id').orderBy('id');
  await db('edit_events').insert([
    { record_id: record.id, user_id: curator.id, edit_type: 'update', edit_event: { changes: { name: 'checked by the drill' } } },
    { record_id: record.id, user_id: visitor.id, edit_type: 'comment', edit_event: {} },
  ]);
  await db('saved_searches').insert({ name: 'Drill ontologies', url: '/search?q=ontology', creator_id: visitor.id, params: { q: 'ontology' } });

  const drillFile = join(folder, 'drill.dump');
  await backupDatabase(source.config.databaseUrl, drillFile);
  expect(existsSync(drillFile)).toBe(true);
  await restoreDatabase(restored.config, drillFile);
}, 300_000);

afterAll(async () => {
  await Promise.all(handles.map((db) => db.destroy()));
  for (const site of sites) {
    await dropRunResources(site.env);
    await dropDatabase(site.env.DATABASE_URL);
  }
  await client?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it.each(['records', 'users', 'edit_events', 'saved_searches'])('the restored database has every row of %s', async (table) => {
    const [before, after] = await Promise.all([rows(open(source), table), rows(open(restored), table)]);
    expect(before.length).toBeGreaterThan(0);
    expect(after).toEqual(before);
  });

  it('the rebuilt index holds every record and answers searches with the same counts', async () => {
    const [records] = await open(restored)('records').count<{ count: string }[]>('* as count');
    const [before, after] = await Promise.all([searchCounts(source), searchCounts(restored)]);
    expect(after[0]).toBe(Number(records!.count));
    expect(after).toEqual(before);
    expect(after[1]).toBeGreaterThan(0);
  });

  it('refuses to restore into a database that has tables', async () => {
    await expect(restoreDatabase(restored.config, join(folder, 'drill.dump'))).rejects.toThrow(/already has \d+ tables/);
  });
});
