/**
 * The rate limit weighs what a request costs: the calls every open page makes by itself
 * (introspection, public messages, the site-mode poll, the session check) spend an allowance of
 * their own, so they never use up the one for searches and record reads, nor does the reverse
 * hold a page's start-up back; signed-in people are counted per account, not per address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { signUserToken } from '@registry/api/http/auth.ts';
import { LIGHT_ALLOWANCE_FACTOR } from '@registry/api/http/request-weight.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from './support.ts';

const RATE_LIMIT = 2;
const INTROSPECTION = JSON.stringify({ query: '{ __schema { queryType { name } } }' });
const MESSAGES = JSON.stringify({ query: '{ messages { id message updatedAt } }' });
/** Stands for any standard request (a search, a record): it needs no index in this private database. */
const SEARCH = JSON.stringify({ query: '{ fairsharingRecord(id: 1) { id } }' });
/** A light field beside a standard one makes the request standard: the light list cannot hide a record read. */
const SEARCH_WITH_MESSAGES = JSON.stringify({ query: '{ messages { id } fairsharingRecord(id: 1) { id } }' });

let env: IsolatedEnvironment;
let app: FastifyInstance;
const users: Record<string, number> = {};

beforeAll(async () => {
  env = await createIsolatedEnvironment('rate_limit_weights');
  const rows = await env.db('users')
    .insert([
      { username: 'alice', email: 'alice@example.org' },
      { username: 'bruno', email: 'bruno@example.org' },
    ])
    .returning(['id', 'username']);
  for (const row of rows) users[row.username] = row.id;
  app = await buildTestApp(env.config, { db: env.db, rateLimitMax: RATE_LIMIT });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

const graphqlFrom = (remoteAddress: string, payload: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/graphql', remoteAddress, payload, headers: { 'content-type': 'application/json', ...headers } });

async function statuses(count: number, send: () => Promise<{ statusCode: number }>): Promise<number[]> {
  const answers: number[] = [];
  for (let n = 0; n < count; n += 1) answers.push((await send()).statusCode);
  return answers;
}

describe('weighing requests', () => {
  it("a page's own light calls do not spend the allowance of searches", async () => {
    const address = '10.20.0.1';
    const light = await statuses(3 * RATE_LIMIT, async () => {
      await graphqlFrom(address, INTROSPECTION);
      await app.inject({ url: '/api/site_modes', remoteAddress: address });
      return graphqlFrom(address, MESSAGES);
    });
    expect(light.every((status) => status === 200)).toBe(true);
    expect(await statuses(RATE_LIMIT, () => graphqlFrom(address, SEARCH))).toEqual([200, 200]);
    expect((await graphqlFrom(address, SEARCH)).statusCode).toBe(429);
  });

  it('an address past its search allowance still starts pages: introspection and messages answer', async () => {
    const address = '10.20.0.2';
    await statuses(RATE_LIMIT, () => graphqlFrom(address, SEARCH));
    expect((await graphqlFrom(address, SEARCH_WITH_MESSAGES)).statusCode).toBe(429);
    expect((await graphqlFrom(address, INTROSPECTION)).statusCode).toBe(200);
    expect((await graphqlFrom(address, MESSAGES)).statusCode).toBe(200);
  });

  it('light calls have a bound of their own, with retry-after', async () => {
    const address = '10.20.0.3';
    const allowance = RATE_LIMIT * LIGHT_ALLOWANCE_FACTOR;
    const answers = await statuses(allowance + 1, () => graphqlFrom(address, MESSAGES));
    expect(answers.slice(0, allowance).every((status) => status === 200)).toBe(true);
    const refused = await graphqlFrom(address, MESSAGES);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts signed-in people per account, so people behind one address do not share an allowance', async () => {
    const address = '10.20.0.4';
    const alice = { authorization: `Bearer ${await signUserToken(app, users.alice)}` };
    const bruno = { authorization: `Bearer ${await signUserToken(app, users.bruno)}` };
    expect(await statuses(RATE_LIMIT + 1, () => graphqlFrom(address, SEARCH, alice))).toEqual([200, 200, 429]);
    expect(await statuses(RATE_LIMIT, () => graphqlFrom(address, SEARCH, bruno))).toEqual([200, 200]);
    // Nor does the address's anonymous allowance pay for them.
    expect(await statuses(RATE_LIMIT, () => graphqlFrom(address, SEARCH))).toEqual([200, 200]);
  });
});
