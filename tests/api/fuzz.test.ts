/**
 * Hostile and malformed requests, generated from a fixed seed so a failure always reproduces:
 * bad types, 1 MB strings, deep nesting, SQL / OpenSearch / HTML injection, broken UTF-8, wrong
 * content types, bad JSON, absurd paging. No request may produce a 5xx, and the app must still
 * answer /healthz afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { buildTestApp } from './support.ts';

const SEED = 20261122;
const REQUEST_COUNT = 1_200;

/** mulberry32: small, fast, deterministic. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const random = createRandom(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const integer = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const ONE_MEGABYTE = 'A'.repeat(1024 * 1024);

const HOSTILE_STRINGS: readonly string[] = [
  "' OR 1=1 --",
  "'; DROP TABLE records; --",
  '" OR ""="',
  '1; SELECT pg_sleep(10)',
  '\\',
  '%',
  '_',
  '*',
  '?',
  'name:* OR _exists_:isHidden',
  'isHidden:true',
  '(((((((((((',
  ')))))',
  '"unterminated',
  '~1 ^2 /re.*gex/ [a TO z] {1 TO 2}',
  '+-&&||!(){}[]^"~*?:\\/',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '\u0000',
  '\u0000\u0001\u0002\u001f',
  '\ud800',
  '\udfff\ud800',
  '💥🔥'.repeat(50),
  'ﷺ‮reversed',
  'a'.repeat(5_000),
  'x'.repeat(100_000),
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(40),
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
];

const BAD_NUMBERS: readonly unknown[] = [-1, 0, -2147483649, 2147483648, 1e9, 1e21, 1.5, 'NaN', '"12"', 'null', '[]', '{}', 'true', 1e20];

function hostileString(): string {
  const roll = random();
  if (roll < 0.02) return ONE_MEGABYTE;
  if (roll < 0.7) return pick(HOSTILE_STRINGS);
  // Random code units, lone surrogates included.
  return Array.from({ length: integer(1, 40) }, () => String.fromCharCode(integer(0, 0xffff))).join('');
}

function graphqlLiteral(value: unknown): string {
  if (typeof value === 'string' && ['NaN', '"12"', 'null', '[]', '{}', 'true'].includes(value)) return value;
  if (typeof value === 'string') return JSON.stringify(value);
  return String(value);
}

function nestedSelection(depth: number): string {
  let selection = 'id';
  for (let level = 0; level < depth; level += 1) selection = `recordAssociations { linkedRecord { ${selection} } }`;
  return selection;
}

const SEARCH_ARGUMENTS = ['q', 'page', 'perPage', 'orderBy', 'searchAnd', 'fairsharingRegistry', 'recordType', 'status', 'subjects', 'domains', 'isRecommended', 'ids', 'excludeId', 'unknownArg'];

function hostileGraphqlQuery(): string {
  const kind = integer(0, 9);
  switch (kind) {
    case 0: {
      const args = Array.from({ length: integer(1, 4) }, () => {
        const name = pick(SEARCH_ARGUMENTS);
        const value = random() < 0.5 ? graphqlLiteral(pick(BAD_NUMBERS)) : JSON.stringify(hostileString().slice(0, 2_000));
        return `${name}: ${value}`;
      });
      return `{ searchFairsharingRecords(${args.join(', ')}) { totalCount records { id name } aggregations } }`;
    }
    case 1:
      return `{ fairsharingRecord(id: ${JSON.stringify(hostileString().slice(0, 1_000))}) { id name ${nestedSelection(integer(1, 30))} } }`;
    case 2:
      return `{ advancedSearch(q: ${JSON.stringify(hostileString().slice(0, 500))}, where: { operator: ${JSON.stringify(pick(['_and', '_or', 'xor', '', "'"]))}, fields: [{ operator: "_and", ${pick(['registry', 'subjects', 'status', 'nope', 'isImplemented'])}: ${pick(['["standard"]', '[1,2]', 'true', '"x"', '[null]'])} }] }) { id name } }`;
    case 3:
      return '{'.repeat(integer(10, 5_000)) + 'id' + '}'.repeat(integer(0, 5_000));
    case 4:
      return `{ ${Array.from({ length: integer(50, 600) }, (_, i) => `a${i}: messages { id }`).join(' ')} }`;
    case 5:
      return `query { ${'__typename '.repeat(integer(1, 10_000))} }`;
    case 6:
      return `{ searchFairsharingRecords(perPage: ${graphqlLiteral(pick(BAD_NUMBERS))}, page: ${graphqlLiteral(pick(BAD_NUMBERS))}) { records { id } } }`;
    case 7:
      return `fragment A on FairsharingRecord { ...B } fragment B on FairsharingRecord { ...A } { fairsharingRecord(id: 2) { ...A } }`;
    case 8:
      return `mutation { ${pick(['createRecord', 'deleteEverything', 'x'])}(input: ${JSON.stringify(hostileString().slice(0, 200))}) { id } }`;
    default:
      return hostileString();
  }
}

interface FuzzRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS' | 'HEAD';
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

// The full dumps are left out: each streams the whole catalogue (tested in rest-routes.test.ts).
const REST_GET_PATHS = ['/healthz', '/homepage_stats', '/homepage_jsonld', '/record_associations/allowed', '/sitemap.xml', '/advanced_search'];

/** URL-encodes anything; lone surrogates (which encodeURIComponent rejects) become invalid UTF-8 bytes. */
function encodeLoosely(text: string): string {
  return Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) return '%ED%A0%80';
    return encodeURIComponent(char);
  }).join('');
}

function hostileQueryString(): string {
  const parts = Array.from({ length: integer(1, 5) }, () => {
    const name = pick(['q', 'operator', 'fields', 'page', 'perPage', 'fields[]', '__proto__', 'constructor[prototype]', 'x'.repeat(integer(1, 3_000))]);
    const value = random() < 0.2 ? pick(['%', '%E0%A4%A', '%FF%FE', '%00', '%C0%AF', '%ED%A0%80']) : encodeLoosely(hostileString().slice(0, 20_000));
    return `${name}=${value}`;
  });
  return parts.join('&');
}

const BROKEN_UTF8 = Buffer.from([0x7b, 0x22, 0x71, 0x75, 0x65, 0x72, 0x79, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x28, 0x8c, 0xbc, 0x22, 0x7d]);

function fuzzRequest(): FuzzRequest {
  const kind = integer(0, 11);
  switch (kind) {
    case 0:
    case 1:
    case 2:
      return { method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query: hostileGraphqlQuery() }) };
    case 3:
      return { method: 'GET', url: `/graphql?query=${encodeLoosely(hostileGraphqlQuery().slice(0, 20_000))}` };
    case 4:
      return {
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: pick(['{"query":', '{"query": 12}', '{"query": null}', '[]', '[{"query":"{ messages { id } }"}]', 'null', '"just a string"', '{"query":"{ messages { id } }","variables":"not-an-object"}', '{"query":"query($p:Int){searchFairsharingRecords(page:$p){totalCount}}","variables":{"p":"x"}}', '{"__proto__":{"polluted":true},"query":"{ messages { id } }"}', '']),
      };
    case 5:
      return {
        method: 'POST',
        url: pick(['/graphql', '/homepage_stats', '/advanced_search']),
        headers: { 'content-type': pick(['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/json; charset=latin-99', 'image/png', '']) },
        payload: hostileString().slice(0, 50_000),
      };
    case 6:
      return { method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: BROKEN_UTF8 };
    case 7:
      return { method: 'GET', url: `${pick(REST_GET_PATHS)}?${hostileQueryString()}` };
    case 8:
      return {
        method: 'GET',
        url: `/advanced_search?operator=${pick(['_and', '_or', 'AND', 'nope'])}&fields=${encodeLoosely(`(operator=${pick(['_and', '_or', 'x'])}&${pick(['registry', 'subjects', 'status', 'type', 'isImplemented', 'noSuchFilter', ''])}=${hostileString().slice(0, 500)})`)}&q=${encodeLoosely(pick(HOSTILE_STRINGS).slice(0, 900))}`,
      };
    case 9:
      return {
        method: pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const),
        url: pick(['/', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc', `/${'a/'.repeat(integer(1, 500))}`, `/${encodeLoosely(hostileString().slice(0, 3_000))}`, '/export/records.csv/../../x', '/api/docs/../../..', '/graphiql/../graphql', '/%00', '/%ff%fe']),
        headers: { accept: pick(['text/html', 'application/json', '*/*', '', 'x'.repeat(5_000)]) },
      };
    case 10:
      return {
        method: 'GET',
        url: pick(REST_GET_PATHS),
        headers: {
          authorization: pick(['Bearer', 'Bearer ', `Bearer ${'x'.repeat(10_000)}`, 'Bearer a.b.c', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', 'Basic Og==', hostileString().slice(0, 1_000).replace(/[^\x20-\x7e]/g, '')]),
          'x-client-id': hostileString().slice(0, 2_000).replace(/[^\x20-\x7e]/g, ''),
        },
      };
    default:
      return { method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query: hostileGraphqlQuery(), variables: { q: hostileString() } }) + (random() < 0.3 ? '}' : '') };
  }
}

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp(sharedCatalogueConfig());
});

afterAll(async () => {
  await app?.close();
});

describe('fuzz: malformed and hostile requests', () => {
  it(`answers ${REQUEST_COUNT} seeded hostile requests without a 5xx, then stays healthy`, async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < REQUEST_COUNT; i += 1) {
      const request = fuzzRequest();
      const response = await app.inject(request);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode >= 500) {
        failures.push(`#${i} ${request.method} ${request.url.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`);
      }
      if (response.body.includes('    at ') && response.headers['content-type']?.toString().includes('json')) {
        failures.push(`#${i} ${request.method} ${request.url.slice(0, 200)} leaked a stack trace`);
      }
    }
    expect(failures).toEqual([]);
    // Most requests are bad input: the app must have answered with 4xx, not accepted everything.
    const clientErrors = [...statuses].filter(([status]) => status >= 400 && status < 500).reduce((sum, [, count]) => sum + count, 0);
    expect(clientErrors).toBeGreaterThan(REQUEST_COUNT / 4);

    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json().status).toBe('ok');
  }, 600_000);
});
