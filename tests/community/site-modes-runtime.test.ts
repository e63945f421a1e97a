/**
 * Site modes switched at run time: a super curator switches read-only and maintenance mode on one
 * server process; another process over the same database follows within seconds (headers,
 * refused writes, 503s), the switch stays open in both modes, and nobody else may switch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { signUserToken } from '@registry/api/http/auth.ts';
import { MAINTENANCE_MESSAGE, READ_ONLY_MESSAGE } from '@registry/api/http/site-mode.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';

let env: IsolatedEnvironment;
let first: FastifyInstance;
let second: FastifyInstance;
const tokens = { super: '', curator: '', user: '' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json' });

const switchModes = (app: FastifyInstance, token: string, body: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: '/api/site_modes', headers: bearer(token), payload: body });

/** Polls a process until its answers carry a header value (the modes are re-read every two seconds). */
async function until(app: FastifyInstance, check: (headers: Record<string, unknown>) => boolean): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 15_000) {
    const response = await app.inject({ url: '/api/site_modes' });
    if (check(response.headers)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the other process did not follow the switch');
}

beforeAll(async () => {
  env = await createIsolatedEnvironment('site_modes_runtime');
  for (const role of ['super', 'curator', 'user'] as const) {
    const [row] = await env.db('users').insert({ username: `modes-${role}`, email: `modes-${role}@example.org`, role: role === 'super' ? 'super_curator' : role, confirmed_at: new Date() }).returning('id');
    first ??= await buildTestApp(env.config, { db: env.db });
    tokens[role] = await signUserToken(first, Number(row.id));
  }
  second = await buildTestApp(env.config, { db: env.db });
  await second.ready();
}, 180_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
  await env?.cleanup();
});

describe('PUT /api/site_modes', () => {
  it('is for super curators only and needs a mode', async () => {
    expect((await first.inject({ method: 'PUT', url: '/api/site_modes', payload: { read_only: true } })).statusCode).toBe(401);
    expect((await switchModes(first, tokens.curator, { read_only: true })).statusCode).toBe(403);
    expect((await switchModes(first, tokens.user, { maintenance: true })).statusCode).toBe(403);
    expect((await switchModes(first, tokens.super, {})).statusCode).toBe(400);
    expect((await first.inject({ url: '/api/site_modes' })).json()).toEqual({ maintenance: false, read_only: false });
  });

  it('switches read-only mode for every process within seconds; writes are refused, the switch stays open', async () => {
    const switched = await switchModes(first, tokens.super, { read_only: true });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toEqual({ maintenance: false, read_only: true });
    expect(switched.headers['read-only']).toBe('true');
    await until(second, (headers) => headers['read-only'] === 'true');
    const write = await second.inject({ method: 'POST', url: '/fairsharing_records', headers: bearer(tokens.user), payload: { fairsharing_record: {} } });
    expect(write.statusCode).toBe(423);
    expect(write.json().message).toBe(READ_ONLY_MESSAGE);
    expect((await env.db('site_modes').first('read_only')).read_only).toBe(true);

    expect((await switchModes(second, tokens.super, { read_only: false })).statusCode).toBe(200);
    await until(first, (headers) => headers['read-only'] === undefined);
  });

  it('switches maintenance mode: API calls answer 503 everywhere, except the switch', async () => {
    await switchModes(first, tokens.super, { maintenance: true });
    await until(second, (headers) => headers.maintenance === 'true');
    const call = await second.inject({ url: '/homepage_stats', headers: { accept: 'application/json' } });
    expect(call.statusCode).toBe(503);
    expect(call.json().message).toBe(MAINTENANCE_MESSAGE);
    const off = await switchModes(second, tokens.super, { maintenance: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ maintenance: false, read_only: false });
    await until(first, (headers) => headers.maintenance === undefined);
  });
});
