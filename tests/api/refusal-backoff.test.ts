/**
 * A client refused as too costly is refused at the door for a moment (http/refusal-backoff.ts):
 * its next GraphQL or write request answers 429 with retry-after before its body is read, while
 * its page and REST reads, and other clients (another address, or other credentials at the same
 * address), are served; the door opens again when retry-after has passed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { aliasedQuery } from '../graphql/abusive-queries.ts';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { buildTestApp } from './support.ts';

let app: FastifyInstance;

const cheapQuery = { query: '{ fairsharingRecord(id: 2) { name } }' };
const graphql = (client: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/graphql', payload: payload as Record<string, unknown>, remoteAddress: client, headers });

beforeAll(async () => {
  app = await buildTestApp(sharedCatalogueConfig(), { refusalBackoffMs: 1_000 });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('the door for clients refused as too costly', () => {
  it.each([
    ['five aliased advanced searches (over the query limits)', '10.2.0.1', () => ({ query: aliasedQuery('advancedSearch(q: "a") { id }', 5) })],
    ['a list of 30,000 ids (over the list bound)', '10.2.0.2', () => ({ query: '{ searchFairsharingRecords(ids: $ids) { totalCount } }', variables: { ids: Array.from({ length: 30_000 }, () => 1) } })],
  ])('after %s, holds the client\'s next GraphQL request for retry-after', async (_name, client, refusedBody) => {
    const refused = await graphql(client, refusedBody());
    expect(refused.statusCode).toBe(400);

    const held = await graphql(client, cheapQuery);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBe(1);
    expect(held.headers['ratelimit-policy']).toBe('"after-refusal";q=1;w=1');
    expect(held.headers.ratelimit).toBe('"after-refusal";r=0;t=1');
    expect(held.json().message).toMatch(/^Your last request was refused as too costly; send the next one in 1 s/);
    // Writes wait too; page and REST reads, and everyone else, are served.
    expect((await app.inject({ method: 'POST', url: '/saved_searches', payload: {}, remoteAddress: client })).statusCode).toBe(429);
    // Routes that declare a 429 of their own shape (the account routes) get the door's answer too.
    expect((await app.inject({ method: 'PUT', url: '/users', payload: {}, remoteAddress: client })).statusCode).toBe(429);
    expect((await app.inject({ url: '/fairsharing_records/2', remoteAddress: client, headers: { accept: 'application/json' } })).statusCode).toBe(200);
    expect((await graphql('10.2.0.99', cheapQuery)).statusCode).toBe(200);
    expect((await graphql(client, cheapQuery, { authorization: 'Bearer another-person' })).statusCode).not.toBe(429);

    // The door opens once retry-after has passed (the held requests did not push it further).
    await expect.poll(async () => (await graphql(client, cheapQuery)).statusCode, { timeout: 3_000, interval: 100 }).toBe(200);
  });

  it('holds a client answered 429 for too many expensive requests in flight', async () => {
    const client = '10.2.0.3';
    const countKey = app.expensiveInFlightKey(`ip:${client}`);
    await app.redis.set(countKey, '2');
    expect((await graphql(client, { query: '{ searchSubjects { id } }' })).statusCode).toBe(429);
    expect((await graphql(client, cheapQuery)).json().message).toMatch(/^Your last request was refused as too costly/);
    await app.redis.del(countKey);
  });

  it('counts a REST page of more than the default size as expensive, and its client meets the door', async () => {
    const client = '10.2.0.5';
    const countKey = app.expensiveInFlightKey(`ip:${client}`);
    await app.redis.set(countKey, '2');
    const page = (size: number) => app.inject({ url: `/publications?page[size]=${size}`, remoteAddress: client, headers: { accept: 'application/json' } });
    expect((await page(500)).statusCode).toBe(429);
    await app.redis.del(countKey);
    // The door: the next big page is refused before any work, a default-sized page is served.
    expect((await page(500)).json().message).toMatch(/^Your last request was refused as too costly/);
    expect((await page(100)).statusCode).toBe(200);
    await expect.poll(async () => (await page(500)).statusCode, { timeout: 3_000, interval: 100 }).toBe(200);
  });

  it('does not hold a client whose query merely has a mistake', async () => {
    const client = '10.2.0.4';
    expect((await graphql(client, { query: '{ noSuchField }' })).statusCode).toBe(400);
    expect((await graphql(client, cheapQuery)).statusCode).toBe(200);
  });
});
