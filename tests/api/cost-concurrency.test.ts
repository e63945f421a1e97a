/**
 * Expensive requests (advanced search, whole vocabularies, downloads, exports, OAI-PMH list
 * pages, change-feed pages over 100 entries)
 * are limited per client while in flight, with the counts in Redis: a client with two running
 * gets 429 with retry-after and a message for a third; others and cheap requests are not
 * affected; and a finished request gives its place back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MAX_EXPENSIVE_IN_FLIGHT } from '@registry/api/http/expensive-requests.ts';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { buildTestApp } from './support.ts';

let app: FastifyInstance;
const config = sharedCatalogueConfig();
const countKey = (client: string) => app.expensiveInFlightKey(`ip:${client}`);
const graphql = (client: string, query: string) => app.inject({ method: 'POST', url: '/graphql', payload: { query }, remoteAddress: client });

beforeAll(async () => {
  app = await buildTestApp(config);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('expensive requests in flight', () => {
  it.each([
    ['an aliased advanced search', '10.1.0.1', (client: string) => graphql(client, '{ a: advancedSearch(q: "gene") { id } }')],
    ['a vocabulary list without q', '10.1.0.2', (client: string) => graphql(client, '{ searchSubjects { id label } }')],
    ['a search page narrowed to an advanced search', '10.1.0.9', (client: string) => graphql(client, '{ searchFairsharingRecords(where: {operator: "_and", fields: [{operator: "_and", registry: ["standard"]}]}) { totalCount } }')],
    ['a REST advanced search', '10.1.0.3', (client: string) => app.inject({ url: '/advanced_search?q=gene', remoteAddress: client })],
    ['an export', '10.1.0.4', (client: string) => app.inject({ url: '/export/records.csv', remoteAddress: client })],
    ['an OAI-PMH ListRecords page', '10.1.0.6', (client: string) => app.inject({ url: '/oai?verb=ListRecords&metadataPrefix=oai_datacite', remoteAddress: client })],
    ['an OAI-PMH ListIdentifiers page sent as a form', '10.1.0.7', (client: string) => app.inject({
      method: 'POST', url: '/oai', payload: 'verb=ListIdentifiers&metadataPrefix=oai_dc', headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: client,
    })],
    ['a change-feed page of 1,000 entries', '10.1.0.8', (client: string) => app.inject({ url: '/changes?limit=1000', remoteAddress: client })],
  ])('refuses %s while the client has the most running, and serves it again once one ends', async (_name, client, send) => {
    // Two of this client's requests are running (on this process or another).
    await app.redis.set(countKey(client), String(MAX_EXPENSIVE_IN_FLIGHT));
    const refused = await send(client);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json().message).toMatch(/^Too many expensive requests at once: at most 2 /);
    // The quota that refused it, published (docs/api.md).
    expect(refused.headers['ratelimit-policy']).toBe(`"expensive";q=${MAX_EXPENSIVE_IN_FLIGHT};qu="concurrent-requests"`);
    expect(refused.headers.ratelimit).toBe('"expensive";r=0;t=1');
    expect(await app.redis.get(countKey(client))).toBe(String(MAX_EXPENSIVE_IN_FLIGHT));
    // Cheap requests, the ordinary search page, and other clients are served meanwhile.
    expect((await graphql(client, '{ fairsharingRecord(id: 2) { name } }')).statusCode).toBe(200);
    expect((await graphql(client, '{ searchFairsharingRecords(q: "gene") { totalCount aggregations records { objectTypes { label } } } }')).statusCode).toBe(200);
    // Aggregations are capped and cheap: the statistics page asks a dozen at once.
    expect((await graphql(client, '{ recordAggregations(by: ["subjects"], size: 10) { totalCount } }')).statusCode).toBe(200);
    expect((await app.inject({ url: '/statistics/records?by=subjects', remoteAddress: client })).statusCode).toBe(200);
    // A root field reached through a fragment is counted like one written out.
    expect((await graphql(client, 'query { ...Everything } fragment Everything on Query { searchSubjects { id } }')).statusCode).toBe(429);
    expect((await send('10.1.0.99')).statusCode).toBe(200);

    await app.redis.decr(countKey(client));
    expect((await send(client)).statusCode).toBe(200);
    // The finished request gave its place back.
    await expect.poll(() => app.redis.get(countKey(client))).toBe(String(MAX_EXPENSIVE_IN_FLIGHT - 1));
  });

  it('lets at most two of one client run at once when it sends many together', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => graphql('10.1.0.5', '{ advancedSearch(q: "ontology") { id name description } }')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    await expect.poll(() => app.redis.get(countKey('10.1.0.5'))).toBe('0');
  });
});
