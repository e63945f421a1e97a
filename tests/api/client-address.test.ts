/**
 * Behind a load balancer every connection comes from the balancer; each visitor must still be
 * one client of their own to every limit. With TRUST_PROXY naming the balancer, the client is
 * the right-most address of its X-Forwarded-For; a visitor's own X-Forwarded-For changes
 * nothing, neither through the balancer nor sent straight to the server (where it is ignored,
 * and logged once). The HAProxy of scripts/cluster.sh in front: tests/cluster/client-address.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SIGN_IN_LIMITS } from '@registry/api/accounts/attempt-limits.ts';
import { call, signedUpUser, startAccountsHarness, type AccountsHarness } from '../accounts/support.ts';
import { buildTestApp } from './support.ts';

const BALANCER = '127.0.0.2';
let harness: AccountsHarness;
let limited: FastifyInstance;

beforeAll(async () => {
  harness = await startAccountsHarness('client_address', { trustProxy: [`${BALANCER}/32`] });
  limited = await buildTestApp(harness.config, { db: harness.env.db, rateLimitMax: 2 });
}, 120_000);

afterAll(async () => {
  await limited?.close();
  await harness?.close();
});

const signIn = (login: string, password: string, remoteAddress: string, forwardedFor?: string) =>
  call(harness.app, { method: 'POST', url: '/users/sign_in', remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}, payload: { user: { login, password } } });

describe('the client behind the trusted balancer', () => {
  it("one client's failed sign-ins through the balancer leave another client's sign-in at 200", async () => {
    const owner = await signedUpUser(harness, 'ada');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40; attempt += 1) statuses.push((await signIn(`nobody${attempt}`, 'wrong', BALANCER, '127.0.0.6')).status);
    expect(statuses.slice(0, SIGN_IN_LIMITS.perIp.max).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(SIGN_IN_LIMITS.perIp.max).every((status) => status === 429)).toBe(true);

    expect((await signIn('ada', owner.password, BALANCER, '127.0.0.10')).status).toBe(200);
    // An IPv4-mapped peer (a dual-stack listener) is the same balancer.
    expect((await signIn('ada', owner.password, `::ffff:${BALANCER}`, '127.0.0.11')).status).toBe(200);
  });

  it('a client forging X-Forwarded-For does not escape its own limit', async () => {
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perIp.max; attempt += 1) await signIn(`nobody${attempt}`, 'wrong', BALANCER, '127.0.0.20');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      // What the client wrote comes first; the balancer appends the address it saw.
      const forged = `198.51.100.${attempt + 1}, 127.0.0.${30 + attempt}, 127.0.0.20`;
      expect((await signIn('ada', 'wrong', BALANCER, forged)).status, forged).toBe(429);
    }
  });

  it('ignores X-Forwarded-For from a peer that is not trusted, and says so once in the log', async () => {
    const before = harness.logLines.filter((line) => line.includes('X-Forwarded-For ignored')).length;
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perIp.max; attempt += 1) await signIn(`nobody${attempt}`, 'wrong', '127.0.0.40', `127.0.0.${50 + attempt}`);
    expect((await signIn('ada', 'wrong', '127.0.0.40', '127.0.0.99')).status).toBe(429);
    const warnings = harness.logLines.filter((line) => line.includes('X-Forwarded-For ignored'));
    expect(warnings).toHaveLength(Math.max(before, 1));
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, peer: expect.stringMatching(/^127\.0\.0\.\d+$|^::ffff:/) });
  });

  it('counts the rate limit per client behind the balancer', async () => {
    const read = (forwardedFor: string) => limited.inject({ url: '/subjects?page[size]=1', remoteAddress: BALANCER, headers: { accept: 'application/json', 'x-forwarded-for': forwardedFor } });
    expect([(await read('127.0.0.60')).statusCode, (await read('127.0.0.60')).statusCode, (await read('127.0.0.60')).statusCode]).toEqual([200, 200, 429]);
    expect((await read('6.6.6.6, 127.0.0.60')).statusCode).toBe(429);
    expect((await read('127.0.0.61')).statusCode).toBe(200);
  });
});
