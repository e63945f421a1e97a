/**
 * Every answer the rate limit counts publishes the quota that applied to its client (the IETF
 * draft's RateLimit-Policy and RateLimit fields): its class (standard or light), how large it is
 * for this kind of client (an address, a signed-in account, an API key's account) and what is
 * left; a 429 names the quota that refused it and when to retry. The quotas: docs/api.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_KEY_RATE_FACTOR } from '@registry/api/http/limits.ts';
import { LIGHT_ALLOWANCE_FACTOR } from '@registry/api/http/request-weight.ts';
import { SIGN_IN_LIMITS } from '@registry/api/accounts/attempt-limits.ts';
import { call, signedUpUser, startAccountsHarness, type AccountsHarness } from '../accounts/support.ts';
import { buildTestApp } from './support.ts';

const RATE_LIMIT = 3;
let harness: AccountsHarness;
let limited: FastifyInstance;

beforeAll(async () => {
  harness = await startAccountsHarness('quota_headers');
  limited = await buildTestApp(harness.config, { db: harness.env.db, rateLimitMax: RATE_LIMIT });
}, 120_000);

afterAll(async () => {
  await limited?.close();
  await harness?.close();
});

const read = (remoteAddress: string, url = '/subjects?page[size]=1', headers: Record<string, string> = {}) =>
  limited.inject({ url, remoteAddress, headers: { accept: 'application/json', ...headers } });

/** `"name";r=2;t=60` → its parts. */
function remaining(field: string | string[] | number | undefined): { name: string; r: number; t: number } {
  const match = /^"([a-z-]+)";r=(\d+);t=(\d+)$/.exec(String(field));
  if (!match) throw new Error(`not a RateLimit field: ${String(field)}`);
  return { name: match[1]!, r: Number(match[2]), t: Number(match[3]) };
}

describe('published quotas', () => {
  it("an anonymous client's standard requests carry the standard quota of its address, counting down", async () => {
    const first = await read('10.30.0.1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-policy']).toBe(`"standard";q=${RATE_LIMIT};w=60`);
    expect(remaining(first.headers.ratelimit)).toMatchObject({ name: 'standard', r: RATE_LIMIT - 1 });
    expect(remaining(first.headers.ratelimit).t).toBeLessThanOrEqual(60);
    expect(remaining((await read('10.30.0.1')).headers.ratelimit).r).toBe(RATE_LIMIT - 2);
    // Another address has its own.
    expect(remaining((await read('10.30.0.2')).headers.ratelimit).r).toBe(RATE_LIMIT - 1);
  });

  it("a page's light calls carry the light quota", async () => {
    const answer = await read('10.30.0.3', '/api/site_modes');
    expect(answer.headers['ratelimit-policy']).toBe(`"light";q=${RATE_LIMIT * LIGHT_ALLOWANCE_FACTOR};w=60`);
    expect(remaining(answer.headers.ratelimit)).toMatchObject({ name: 'light', r: RATE_LIMIT * LIGHT_ALLOWANCE_FACTOR - 1 });
  });

  it('a signed-in account has the quota of its own, an API key twice it', async () => {
    const user = await signedUpUser(harness, 'quotas');
    const signedIn = await read('10.30.0.4', '/subjects?page[size]=1', { authorization: `Bearer ${user.jwt}` });
    expect(signedIn.headers['ratelimit-policy']).toBe(`"standard";q=${RATE_LIMIT};w=60`);
    expect(remaining(signedIn.headers.ratelimit).r).toBe(RATE_LIMIT - 1);
    const created = await call(harness.app, { method: 'POST', url: '/users/api_keys', token: user.jwt, payload: { api_key: { name: 'quota script' } } });
    const byKey = await read('10.30.0.4', '/subjects?page[size]=1', { 'x-graphql-key': created.body.key as string });
    expect(byKey.headers['ratelimit-policy']).toBe(`"standard";q=${RATE_LIMIT * API_KEY_RATE_FACTOR};w=60`);
  });

  it('a 429 names the quota that refused it and when to retry', async () => {
    for (let n = 0; n < RATE_LIMIT; n += 1) await read('10.30.0.5');
    const refused = await read('10.30.0.5');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-policy']).toBe(`"standard";q=${RATE_LIMIT};w=60`);
    expect(remaining(refused.headers.ratelimit)).toEqual({ name: 'standard', r: 0, t: retryAfter });
    expect(refused.json().message).toMatch(new RegExp(`at most ${RATE_LIMIT} requests per 1 minute \\(the "standard" quota of this address; RateLimit-Policy\\)\\. Retry in ${retryAfter} s\\.`));
  });

  it("sign-in's own limit is published on its refusals", async () => {
    let last = await call(harness.app, { method: 'POST', url: '/users/sign_in', remoteAddress: '10.30.0.6', payload: { user: { login: 'nobody', password: 'x' } } });
    for (let n = 0; n < SIGN_IN_LIMITS.perIp.max; n += 1) {
      last = await call(harness.app, { method: 'POST', url: '/users/sign_in', remoteAddress: '10.30.0.6', payload: { user: { login: `nobody${n}`, password: 'x' } } });
    }
    expect(last.status).toBe(429);
    expect(last.headers['ratelimit-policy']).toBe(`"sign-in";q=${SIGN_IN_LIMITS.perIp.max};w=${SIGN_IN_LIMITS.perIp.windowSeconds}`);
    expect(remaining(last.headers.ratelimit)).toEqual({ name: 'sign-in', r: 0, t: Number(last.headers['retry-after']) });
    expect(last.body.message).toMatch(/the "sign-in" limit: at most 30 from one client in 15 minutes/i);
  });

  it('operations routes and the web app are not counted and carry no quota', async () => {
    expect((await limited.inject({ url: '/readyz' })).headers['ratelimit-policy']).toBeUndefined();
  });
});
