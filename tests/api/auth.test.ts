/** Bearer tokens (sessions) and API keys → request.viewer; anything wrong leaves the visitor anonymous. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@registry/api';
import { signUserToken } from '@registry/api/http/auth.ts';
import { ANONYMOUS_VIEWER } from '@registry/schemas';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';

let env: IsolatedEnvironment;
let app: FastifyInstance;
const users: Record<string, number> = {};

beforeAll(async () => {
  env = await createIsolatedEnvironment('api_auth');
  const rows = await env.db('users')
    .insert([
      { username: 'reader', email: 'reader@example.org' },
      { username: 'curator', email: 'curator@example.org', role: 'curator' },
      { username: 'super', email: 'super@example.org', role: 'super_curator' },
      { username: 'gone', email: 'gone@example.org', deactivated: true },
    ])
    .returning(['id', 'username']);
  for (const row of rows) users[row.username] = row.id;
  app = await buildApp({ config: env.config, db: env.db, logger: false });
  // A probe route that shows what the auth plugin decided.
  app.get('/test-only/viewer', async (request) => request.viewer);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

async function viewerFor(authorization?: string) {
  const response = await app.inject({ url: '/test-only/viewer', headers: authorization ? { authorization } : {} });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('auth → viewer', () => {
  it('is anonymous without a token', async () => {
    expect(await viewerFor()).toEqual(ANONYMOUS_VIEWER);
  });

  it('loads the user and their roles from a signed token', async () => {
    expect(await viewerFor(`Bearer ${await signUserToken(app, users.reader)}`)).toEqual({
      userId: users.reader,
      username: 'reader',
      role: 'user',
      isCurator: false,
      isSuperCurator: false,
      credential: 'session',
    });
    expect(await viewerFor(`Bearer ${await signUserToken(app, users.curator)}`)).toMatchObject({ isCurator: true, isSuperCurator: false });
    expect(await viewerFor(`Bearer ${await signUserToken(app, users.super)}`)).toMatchObject({ isCurator: true, isSuperCurator: true });
  });

  it('treats a deactivated user, an unknown user, an expired, forged, sessionless or garbled token as anonymous', async () => {
    const live = await app.accounts.sessionForUser(users.reader);
    const { sid } = app.jwt.decode<{ sid: string }>(live.jwt) ?? { sid: '' };
    const expired = app.jwt.sign({ sub: String(users.reader), sid }, { expiresIn: -60 });
    // Flip a character well inside the signature: the last base64url character carries padding
    // bits, so changing it can leave the decoded signature (and the token) valid.
    const genuine = await signUserToken(app, users.reader);
    const at = genuine.length - 5;
    const forged = `${genuine.slice(0, at)}${genuine[at] === 'A' ? 'B' : 'A'}${genuine.slice(at + 1)}`;
    for (const authorization of [
      `Bearer ${await signUserToken(app, users.gone)}`,
      `Bearer ${app.jwt.sign({ sub: '999999', sid })}`,
      `Bearer ${app.jwt.sign({ sub: String(users.curator), sid })}`,
      `Bearer ${expired}`,
      `Bearer ${forged}`,
      'Bearer not-a-jwt',
      'Basic dXNlcjpwYXNz',
      `Bearer ${app.jwt.sign({ sub: 'DROP TABLE users', sid })}`,
      `Bearer ${app.jwt.sign({ sub: String(users.reader), sid: 'not-a-session' })}`,
    ]) {
      expect(await viewerFor(authorization), authorization).toEqual(ANONYMOUS_VIEWER);
    }
  });

  it('never answers 401 on a public read with a bad token', async () => {
    const response = await app.inject({ url: '/homepage_stats', headers: { authorization: 'Bearer expired.or.wrong' } });
    expect(response.statusCode).toBe(200);
  });

  it('accepts an X-Client-Id header', async () => {
    const response = await app.inject({ url: '/homepage_stats', headers: { 'x-client-id': 'web-client-1' } });
    expect(response.statusCode).toBe(200);
  });
});
