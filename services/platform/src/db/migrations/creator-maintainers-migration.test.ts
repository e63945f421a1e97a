import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../../../../../tests/support/environment.ts';
import { migrateLatest } from '../connection.ts';
import { migrationSource } from './index.ts';

const MIGRATION = '20261126_1300_creator_maintainers';

describe('creator maintainers migration', () => {
  let env: IsolatedEnvironment;
  beforeAll(async () => {
    env = await createIsolatedEnvironment('creator_maintainers_migration');
  });
  afterAll(async () => env.cleanup());

  it('makes the creator of each approved record a maintainer, unless already one, deactivated, or the record was claimed by another', async () => {
    const applied = async () => {
      const [completed] = (await env.db.migrate.list({ migrationSource })) as [{ name: string }[], unknown];
      return completed.some((migration) => migration.name === MIGRATION);
    };
    while (await applied()) await env.db.migrate.down({ migrationSource });

    const db = env.db;
    const [{ id: registryId }] = await db('registries').insert({ name: 'Standard' }).returning('id');
    const user = async (username: string, deactivated = false) => (await db('users').insert({ username, deactivated }).returning('id'))[0].id as number;
    const [ada, ben, cy, dee] = [await user('ada'), await user('ben'), await user('cy'), await user('dee', true)];
    const updatedAt = new Date('2019-03-01T10:00:00.000Z');
    const record = async (id: number, name: string, createdBy: number | null, isApproved = true) => {
      await db('records').insert({ id, registry_id: registryId, name, status: 'ready', created_by_id: createdBy, is_approved: isApproved });
      await db('records').where({ id }).update({ updated_at: updatedAt });
    };
    await record(10, 'Approved before the change', ada);
    await record(11, 'Already maintained by its creator', ada);
    await db('record_maintainers').insert({ record_id: 11, user_id: ada });
    await record(12, 'Claimed by another', ben);
    await db('record_maintainers').insert({ record_id: 12, user_id: cy });
    await db('maintenance_requests').insert({ record_id: 12, user_id: cy, status: 'approved' });
    await record(13, 'Claim by another refused', ben);
    await db('maintenance_requests').insert({ record_id: 13, user_id: cy, status: 'rejected' });
    await record(14, 'Awaiting approval', ada, false);
    await record(15, 'Creator deactivated', dee);
    await record(16, 'No known creator', null);
    const revisions = new Map((await db('records').select('id', 'revision')).map((row: { id: number; revision: string }) => [row.id, Number(row.revision)]));

    await migrateLatest(db);

    const maintainers = await db('record_maintainers').orderBy(['record_id', 'user_id']).select('record_id', 'user_id');
    expect(maintainers).toEqual([
      { record_id: 10, user_id: ada },
      { record_id: 11, user_id: ada },
      { record_id: 12, user_id: cy },
      { record_id: 13, user_id: ben },
    ]);
    // The two changed records are queued for indexing at their new revision; "Last updated" stays.
    const outbox = await db('index_outbox').where({ entity_type: 'record' }).orderBy('entity_id').select('entity_id', 'revision');
    expect(outbox.map((row: { entity_id: number; revision: string }) => [row.entity_id, Number(row.revision)])).toEqual([
      [10, revisions.get(10)! + 1],
      [13, revisions.get(13)! + 1],
    ]);
    const rows = await db('records').whereIn('id', [10, 13]).select('updated_at');
    expect(rows.map((row: { updated_at: Date }) => row.updated_at)).toEqual([updatedAt, updatedAt]);
  });
});
