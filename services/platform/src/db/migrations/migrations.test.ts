import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../../../../../tests/support/environment.ts';
import { migrateLatest, migrateRollbackAll } from '../connection.ts';

describe('migrations', () => {
  let env: IsolatedEnvironment;
  beforeAll(async () => {
    env = await createIsolatedEnvironment('migrations');
  });
  afterAll(async () => env.cleanup());

  it('bumps the revision of an indexed row on every real change, not on a no-op', async () => {
    const [registry] = await env.db('registries').insert({ name: 'Standard' }).returning('id');
    const [record] = await env.db('records')
      .insert({ id: 2, registry_id: registry.id, name: 'LOINC', status: 'ready' })
      .returning(['id', 'revision']);
    expect(record.revision).toBe(1);
    await env.db('records').where({ id: 2 }).update({ name: 'Logical Observation Identifier Names and Codes' });
    await env.db('records').where({ id: 2 }).update({ name: 'Logical Observation Identifier Names and Codes' });
    const after = await env.db('records').where({ id: 2 }).first();
    expect(after.revision).toBe(2);
  });

  it('rejects a status outside the four of SPEC §4', async () => {
    const registry = await env.db('registries').first();
    await expect(
      env.db('records').insert({ registry_id: registry.id, name: 'x', status: 'finished' }),
    ).rejects.toThrow(/records_status_check/);
  });

  it('steps down and up again around seeded rows', async () => {
    await migrateRollbackAll(env.db);
    expect(await env.db.schema.hasTable('records')).toBe(false);
    await migrateLatest(env.db);
    await env.db('registries').insert({ name: 'Database' });
    expect(await env.db('registries').count({ n: '*' })).toEqual([{ n: 1 }]);
  });
});
