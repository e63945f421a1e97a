import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../../../../../tests/support/environment.ts';
import { migrateLatest } from '../connection.ts';
import { migrationSource } from './index.ts';

describe('accounts migration', () => {
  let env: IsolatedEnvironment;
  beforeAll(async () => {
    env = await createIsolatedEnvironment('accounts_migration');
  });
  afterAll(async () => env.cleanup());

  it('steps down past accounts and up again around an ORCID user without e-mail, a session and a key', async () => {
    const [user] = await env.db('users').insert({ username: 'orcid-only', email: null }).returning('id');
    await env.db('user_sessions').insert({ id: '00000000-0000-4000-8000-000000000001', user_id: user.id, expires_at: new Date(Date.now() + 60_000) });
    await env.db('api_keys').insert({ user_id: user.id, name: 'k', key_hash: 'f'.repeat(64) });
    const accountsApplied = async () => {
      const [completed] = (await env.db.migrate.list({ migrationSource })) as [{ name: string }[], unknown];
      return completed.some((migration) => migration.name === '20261123_1200_accounts');
    };
    while (await accountsApplied()) await env.db.migrate.down({ migrationSource });
    expect(await env.db.schema.hasTable('user_sessions')).toBe(false);
    expect((await env.db('users').where({ id: user.id }).first('email')).email).toBe(`user-${user.id}@invalid`);
    await migrateLatest(env.db);
    expect(await env.db.schema.hasTable('api_keys')).toBe(true);
    expect(await env.db.schema.hasColumn('users', 'deleted_at')).toBe(true);
  });
});
