/**
 * API keys (created, listed, revoked by their user; read-only; their own rate limit), the super
 * curators' user administration (roles, deactivation, deletion end sessions at once), GraphQL
 * user/allUsers through the accounts domain, and the home page's contributors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@registry/api';
import { signUserToken } from '@registry/api/http/auth.ts';
import { API_KEY_RATE_FACTOR } from '@registry/api/http/limits.ts';
import { call, signedUpUser, startAccountsHarness, type AccountsHarness } from './support.ts';

let harness: AccountsHarness;
const ids: Record<string, number> = {};

beforeAll(async () => {
  harness = await startAccountsHarness('accounts_keys_admin');
  const rows = await harness.env.db('users')
    .insert([
      { username: 'curator', email: 'curator@example.org', role: 'curator', confirmed_at: new Date() },
      { username: 'super', email: 'super@example.org', role: 'super_curator', confirmed_at: new Date() },
      { username: 'target', email: 'target@example.org', confirmed_at: new Date() },
    ])
    .returning(['id', 'username']);
  for (const row of rows) ids[row.username] = row.id;
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

async function graphql(query: string, headers: Record<string, string> = {}) {
  const response = await harness.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', ...headers }, payload: { query } });
  return response.json() as { data?: Record<string, unknown> | null; errors?: { message: string }[] };
}

describe('API keys', () => {
  it('are created with a name and shown once, listed without the key, and read as their user', async () => {
    const user = await signedUpUser(harness, 'keyholder');
    const created = await call(harness.app, { method: 'POST', url: '/users/api_keys', token: user.jwt, payload: { api_key: { name: 'my script' } } });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    expect(key).toMatch(/^rk_[\w-]{43}$/);

    const listed = await call(harness.app, { url: '/users/api_keys', token: user.jwt });
    expect(listed.body).toEqual([expect.objectContaining({ id: created.body.id, name: 'my script' })]);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    const stored = await harness.env.db('api_keys').where({ id: created.body.id }).first('key_hash');
    expect(stored.key_hash).not.toContain(key);

    for (const headers of [{ 'x-graphql-key': key }, { authorization: `Bearer ${key}` }] as Record<string, string>[]) {
      const own = await call(harness.app, { url: '/users/edit', headers });
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ user: { username: 'keyholder' } });
      const me = await graphql(`{ user(id: ${user.id}) { username email } }`, headers);
      expect(me.data?.user).toEqual({ username: 'keyholder', email: user.email });
    }
  });

  it('never authorise account changes', async () => {
    const user = await signedUpUser(harness, 'keyreader');
    const key = (await call(harness.app, { method: 'POST', url: '/users/api_keys', token: user.jwt, payload: { api_key: { name: 'k' } } })).body.key as string;
    const headers = { 'x-graphql-key': key };
    for (const [method, url, payload] of [
      ['PUT', '/users', { user: { first_name: 'Changed' } }],
      ['DELETE', '/users', undefined],
      ['POST', '/users/api_keys', { api_key: { name: 'another' } }],
      ['DELETE', '/users/sign_out', undefined],
      ['PUT', '/users/password', { user: { current_password: user.password, password: 'new password!', password_confirmation: 'new password!' } }],
    ] as const) {
      const answer = await call(harness.app, { method, url, headers, payload });
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body.message, `${method} ${url}`).toBe('API keys can only read: sign in to change an account.');
    }
    expect((await harness.env.db('users').where({ id: user.id }).first('first_name')).first_name).toBeNull();
  });

  it('stop working once revoked', async () => {
    const user = await signedUpUser(harness, 'revoker');
    const created = await call(harness.app, { method: 'POST', url: '/users/api_keys', token: user.jwt, payload: { api_key: { name: 'short-lived' } } });
    const revoked = await call(harness.app, { method: 'DELETE', url: `/users/api_keys/${created.body.id}`, token: user.jwt });
    expect(revoked.status).toBe(200);
    const refused = await call(harness.app, { url: '/users/edit', headers: { 'x-graphql-key': created.body.key as string } });
    expect(refused).toMatchObject({ status: 401, body: { message: 'This API key was revoked: create a new one on your profile page.' } });
    // A key that never existed is only asked to sign in: nothing says whether a guess was ever a key.
    const unknown = await call(harness.app, { url: '/users/edit', headers: { 'x-graphql-key': `${created.body.key as string}x` } });
    expect(unknown).toMatchObject({ status: 401, body: { message: 'You need to sign in or sign up before continuing.' } });
    const again = await call(harness.app, { method: 'DELETE', url: `/users/api_keys/${created.body.id}`, token: user.jwt });
    expect(again.status).toBe(404);
  });

  it('have their own, higher rate limit, counted per user rather than per IP', async () => {
    const limited = await buildApp({ config: harness.config, db: harness.env.db, logger: false, rateLimitMax: 3 });
    await limited.ready();
    try {
      const user = await signedUpUser(harness, 'busykey');
      const key = (await call(harness.app, { method: 'POST', url: '/users/api_keys', token: user.jwt, payload: { api_key: { name: 'busy' } } })).body.key as string;
      const anonymous: number[] = [];
      const withKey: number[] = [];
      for (let n = 0; n < 4; n += 1) anonymous.push((await limited.inject({ url: '/users/profile_types', remoteAddress: '10.7.7.7' })).statusCode);
      for (let n = 0; n < 3 * API_KEY_RATE_FACTOR + 1; n += 1) {
        withKey.push((await limited.inject({ url: '/users/profile_types', remoteAddress: '10.7.7.7', headers: { 'x-graphql-key': key } })).statusCode);
      }
      expect(anonymous).toEqual([200, 200, 200, 429]);
      expect(withKey.slice(0, 3 * API_KEY_RATE_FACTOR).every((status) => status === 200)).toBe(true);
      expect(withKey.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('user administration', () => {
  it('is refused to users (editing another user) and curators with 403, and to anonymous visitors with 401', async () => {
    const user = await signedUpUser(harness, 'plainuser');
    const curator = await signUserToken(harness.app, ids.curator);
    for (const token of [user.jwt, curator]) {
      for (const [method, url, payload] of [
        ['GET', '/user_admin', undefined],
        ['GET', `/user_admin/${ids.target}`, undefined],
        ['PUT', `/user_admin/${ids.target}`, { user: { first_name: 'Hacked' } }],
        ['DELETE', `/user_admin/${ids.target}`, undefined],
        ['GET', '/user_roles', undefined],
      ] as const) {
        expect((await call(harness.app, { method, url, token, payload })).status, `${method} ${url}`).toBe(403);
      }
    }
    expect((await call(harness.app, { url: '/user_admin' })).status).toBe(401);
    expect((await harness.env.db('users').where({ id: ids.target }).first('first_name')).first_name).toBeNull();
  });

  it('lets a super curator list, read, change the role of, deactivate and delete users; each change ends the user’s sessions', async () => {
    const admin = await signUserToken(harness.app, ids.super);
    const list = await call(harness.app, { url: '/user_admin?q=target', token: admin });
    expect(list.body).toEqual([expect.objectContaining({ id: ids.target, username: 'target', email: 'target@example.org' })]);
    expect((await call(harness.app, { url: '/user_roles', token: admin })).body).toEqual(['user', 'curator', 'super_curator', 'developer']);
    expect((await call(harness.app, { url: `/user_admin/${ids.target}`, token: admin })).body).toMatchObject({ user: { username: 'target' } });

    const targetToken = await signUserToken(harness.app, ids.target);
    const promoted = await call(harness.app, { method: 'PUT', url: `/user_admin/${ids.target}`, token: admin, payload: { user: { role: 'curator' } } });
    expect(promoted).toMatchObject({ status: 200, body: { message: 'Update successful !', user: { role: 'curator', is_curator: true } } });
    expect((await call(harness.app, { url: '/users/valid', token: targetToken })).status).toBe(401);

    const fresh = await signUserToken(harness.app, ids.target);
    expect((await call(harness.app, { url: '/users/valid', token: fresh })).body).toMatchObject({ is_curator: true, role: 'curator' });
    const badRole = await call(harness.app, { method: 'PUT', url: `/user_admin/${ids.target}`, token: admin, payload: { user: { role: 'emperor' } } });
    expect(badRole.status).toBe(400);
    const badHomepage = await call(harness.app, { method: 'PUT', url: `/user_admin/${ids.target}`, token: admin, payload: { user: { homepage: 'nope' } } });
    expect(badHomepage).toMatchObject({ status: 422, body: { errors: { homepage: ['Invalid URL.'] } } });

    const deactivated = await call(harness.app, { method: 'PUT', url: `/user_admin/${ids.target}`, token: admin, payload: { user: { deactivated: true } } });
    expect(deactivated.body).toMatchObject({ user: { deactivated: true } });
    expect((await call(harness.app, { url: '/users/valid', token: fresh })).status).toBe(401);
    expect((await graphql(`{ user(id: ${ids.target}) { username } }`)).errors?.[0].message).toBe('user not found');

    const deleted = await call(harness.app, { method: 'DELETE', url: `/user_admin/${ids.target}`, token: admin });
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Delete successful !' } });
    expect((await call(harness.app, { url: `/user_admin/${ids.target}`, token: admin })).status).toBe(404);
  });

  it('answers GraphQL allUsers(q) to super curators only, and e-mail only to the user themself and super curators', async () => {
    const admin = await signUserToken(harness.app, ids.super);
    const curator = await signUserToken(harness.app, ids.curator);
    const all = await graphql('{ allUsers(q: "cura") { id username email } }', { authorization: `Bearer ${admin}` });
    expect(all.data?.allUsers).toEqual([{ id: String(ids.curator), username: 'curator', email: 'curator@example.org' }]);
    expect((await graphql('{ allUsers { id } }', { authorization: `Bearer ${curator}` })).errors?.[0].message).toMatch(/unauthorised/);
    expect((await graphql('{ allUsers { id } }')).errors?.[0].message).toMatch(/unauthorised/);
    const asOther = await graphql(`{ user(id: ${ids.super}) { username email } }`, { authorization: `Bearer ${curator}` });
    expect(asOther.data?.user).toEqual({ username: 'super', email: null });
  });
});

describe('home page contributors', () => {
  it('counts the active people who created or edited a record', async () => {
    const before = (await call(harness.app, { url: '/homepage_stats' })).body.contributors as number;
    const [registry] = await harness.env.db('registries').insert({ name: 'Database' }).returning('id');
    await harness.env.db('records').insert([
      { registry_id: registry.id, name: 'Created by curator', created_by_id: ids.curator },
      { registry_id: registry.id, name: 'Edited by curator too', last_editor_id: ids.curator },
      { registry_id: registry.id, name: 'Edited by super', last_editor_id: ids.super },
    ]);
    expect((await call(harness.app, { url: '/homepage_stats' })).body.contributors).toBe(before + 2);
    await harness.env.db('users').where({ id: ids.super }).update({ deactivated: true });
    expect((await call(harness.app, { url: '/homepage_stats' })).body.contributors).toBe(before + 1);
    await harness.env.db('users').where({ id: ids.super }).update({ deactivated: false });
  });
});
