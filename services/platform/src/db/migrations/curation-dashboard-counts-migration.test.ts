import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../../../../../tests/support/environment.ts';
import { migrateLatest } from '../connection.ts';
import { migrationSource } from './index.ts';

describe('curation dashboard counts migration', () => {
  let env: IsolatedEnvironment;
  let standard: number;
  let database: number;
  beforeAll(async () => {
    env = await createIsolatedEnvironment('dashboard_counts_migration');
    [{ id: standard }, { id: database }] = await env.db('registries').insert([{ name: 'Standard' }, { name: 'Database' }]).returning('id');
  });
  afterAll(async () => env.cleanup());

  const kept = () => env.db('record_counts').orderBy('registry_id')
    .select('registry_id', 'records', 'awaiting_approval', 'hidden', 'incomplete', 'without_doi', 'never_reviewed');
  const counted = () => env.db('records').groupBy('registry_id').orderBy('registry_id').select(
    'registry_id',
    env.db.raw('count(*)::int AS records'),
    env.db.raw('(count(*) FILTER (WHERE NOT is_approved))::int AS awaiting_approval'),
    env.db.raw('(count(*) FILTER (WHERE is_hidden))::int AS hidden'),
    env.db.raw('(count(*) FILTER (WHERE NOT is_complete))::int AS incomplete'),
    env.db.raw('(count(*) FILTER (WHERE doi IS NULL))::int AS without_doi'),
    env.db.raw('(count(*) FILTER (WHERE is_approved AND last_reviewed IS NULL))::int AS never_reviewed'),
  );
  /** The kept counts, leaving out registries whose every count went back to zero. */
  const keptNonZero = async () => (await kept()).filter((row) => row.records !== 0);

  it('keeps each registry\'s counts equal to counting the records, through inserts, updates, moves and deletes', async () => {
    await env.db('records').insert(Array.from({ length: 30 }, (_, i) => ({
      registry_id: i % 3 ? standard : database, name: `Record ${i}`, status: 'ready',
      is_approved: i % 4 !== 0, is_hidden: i % 5 === 0, is_complete: i % 2 === 0, doi: i % 6 ? null : `10.5555/${i}`,
    })));
    expect(await kept()).toEqual(await counted());

    await env.db('records').where('name', 'like', 'Record 1%').update({ is_approved: true, last_reviewed: new Date() });
    await env.db('records').where({ name: 'Record 2' }).update({ is_hidden: true, doi: '10.5555/x' });
    await env.db('records').where({ name: 'Record 3' }).update({ registry_id: database, is_complete: true });
    await env.db('records').where({ name: 'Record 4' }).update({ description: 'Only an uncounted column changes.' });
    expect(await kept()).toEqual(await counted());

    await env.db('records').where('name', 'like', 'Record 2%').delete();
    expect(await kept()).toEqual(await counted());
    await env.db('records').where({ registry_id: database }).delete();
    expect(await keptNonZero()).toEqual(await counted());
  });

  it('counts the records already there when it steps up, and forgets them on a truncate', async () => {
    const applied = async () => {
      const [completed] = (await env.db.migrate.list({ migrationSource })) as [{ name: string }[], unknown];
      return completed.some((migration) => migration.name === '20261123_1610_curation_dashboard_counts');
    };
    while (await applied()) await env.db.migrate.down({ migrationSource });
    expect(await env.db.schema.hasTable('record_counts')).toBe(false);
    await env.db('records').insert({ registry_id: database, name: 'Written while stepped down', status: 'ready' });
    await migrateLatest(env.db);
    expect(await kept()).toEqual(await counted());

    await env.db.raw('TRUNCATE records CASCADE');
    expect(await kept()).toEqual([]);
  });
});
