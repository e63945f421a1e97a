import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../../../../../tests/support/environment.ts';
import { migrateLatest } from '../connection.ts';
import { migrationSource } from './index.ts';

describe('unknown record dates migration', () => {
  let env: IsolatedEnvironment;
  let registryId: number;
  beforeAll(async () => {
    env = await createIsolatedEnvironment('unknown_dates_migration');
    [{ id: registryId }] = await env.db('registries').insert({ name: 'Standard' }).returning('id');
  });
  afterAll(async () => env.cleanup());

  it('keeps now() for new records, and stamps updated_at on a change unless the statement sets it', async () => {
    const [record] = await env.db('records')
      .insert({ id: 2, registry_id: registryId, name: 'LOINC', status: 'ready' })
      .returning(['created_at', 'updated_at']);
    expect(record.created_at).toBeInstanceOf(Date);
    await env.db('records').where({ id: 2 }).update({ created_at: null, updated_at: null });
    let row = await env.db('records').where({ id: 2 }).first();
    expect([row.created_at, row.updated_at, row.revision]).toEqual([null, null, 2]);

    await env.db('records').where({ id: 2 }).update({ name: 'Logical Observation Identifier Names and Codes' });
    row = await env.db('records').where({ id: 2 }).first();
    expect(row.updated_at).toBeInstanceOf(Date);
    expect(row.created_at).toBeNull();

    const sourceDate = new Date('2017-05-09T11:37:47.831Z');
    await env.db('records').where({ id: 2 }).update({ name: 'LOINC', updated_at: sourceDate });
    row = await env.db('records').where({ id: 2 }).first();
    expect(row.updated_at).toEqual(sourceDate);
    await env.db('records').where({ id: 2 }).update({ created_at: null, updated_at: null });
  });

  it('steps down (unknown dates become the nearest known one) and up again', async () => {
    const applied = async () => {
      const [completed] = (await env.db.migrate.list({ migrationSource })) as [{ name: string }[], unknown];
      return completed.some((migration) => migration.name === '20261123_1500_unknown_record_dates');
    };
    const revisionBefore = (await env.db('records').where({ id: 2 }).first()).revision;
    while (await applied()) await env.db.migrate.down({ migrationSource });
    const row = await env.db('records').where({ id: 2 }).first();
    expect(row.created_at).toBeInstanceOf(Date);
    expect(row.updated_at).toBeInstanceOf(Date);
    expect(row.revision).toBe(revisionBefore);
    await expect(env.db('records').where({ id: 2 }).update({ created_at: null })).rejects.toThrow(/not-null/);

    await migrateLatest(env.db);
    await env.db('records').where({ id: 2 }).update({ created_at: null });
    expect((await env.db('records').where({ id: 2 }).first()).created_at).toBeNull();
  });
});
