/**
 * The edge rules decide on the route that will run, not on how its URL is spelled: every
 * encoded variant of an API path meets the same rate limit, maintenance and read-only modes and
 * GraphQL transport checks. Search pages answered on the server count against the rate limit.
 * Bad input is a 400 on every route (NUL, unpaired surrogates, deep JSON), a huge search shows
 * no OpenSearch text, and a slow request body is cut off by the request timeout.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import type { GraphQLSchema } from 'graphql';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { buildTestApp, BROWSER_NAVIGATION, fakeWebBuild, removeWebBuild } from './support.ts';
import { MAINTENANCE_MESSAGE, READ_ONLY_MESSAGE } from '@registry/api/http/site-mode.ts';
import { MAX_INPUT_DEPTH } from '@registry/api/http/input-checks.ts';
import { SEARCH_REJECTED_MESSAGE } from '@registry/api/search/search-errors.ts';
import { isApiPath } from '@registry/api/routes/api-paths.ts';

// The graphql copy mercurius loads (see services/api/src/kernel/graphql-runtime.ts).
const graphql = createRequire(import.meta.url)('graphql') as typeof import('graphql');

const opened: FastifyInstance[] = [];

async function appWith(overrides: Partial<ReturnType<typeof sharedCatalogueConfig>> = {}, options: Parameters<typeof buildTestApp>[1] = {}) {
  const app = await buildTestApp({ ...sharedCatalogueConfig(), ...overrides }, options);
  opened.push(app);
  return app;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

/** Spellings the router sends to the same route: percent-encoded letters, a trailing slash. */
const GRAPHQL_VARIANTS = ['/graphql', '/%67raphql', '/gr%61phql', '/graphql/', '/%67%72%61%70%68%71%6C'];
const GET_VARIANTS: Record<string, string[]> = {
  '/advanced_search?q=gene': ['/advanced_s%65arch?q=gene', '/%61dvanced_search/?q=gene', '/advanced%5Fsearch?q=gene'],
  '/record_associations/allowed': ['/record_%61ssociations/allowed', '/record_associations/%61llowed/'],
  '/homepage_stats': ['/homepage%5Fstats', '/%68omepage_stats/'],
  '/export/records.csv': ['/%65xport/records.csv', '/export/records%2Ecsv'],
};

const TYPENAME = JSON.stringify({ query: '{ __typename }' });
const JSON_TEXT_QUERY = JSON.stringify({ query: '[]' });

function postGraphql(app: FastifyInstance, url: string, payload = TYPENAME) {
  return app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
}

describe('the list of API paths', () => {
  it('holds every route of the OpenAPI document, so the rate limit and the site modes apply to it', async () => {
    const app = await appWith();
    const document = (app as unknown as { swagger(): { paths: Record<string, unknown> } }).swagger();
    expect(Object.keys(document.paths).filter((path) => !isApiPath(path))).toEqual([]);
  });
});

describe('rate limit on the matched route', () => {
  it.each(GRAPHQL_VARIANTS.slice(1))('POST %s is counted as /graphql and refused past the limit', async (variant) => {
    const app = await appWith({}, { rateLimitMax: 1 });
    expect((await postGraphql(app, variant)).statusCode).toBe(200);
    for (const url of GRAPHQL_VARIANTS) expect((await postGraphql(app, url)).statusCode, url).toBe(429);
  });

  it.each(Object.entries(GET_VARIANTS))('every spelling of GET %s meets the same limit', async (path, variants) => {
    const app = await appWith({}, { rateLimitMax: 1 });
    const first = await app.inject({ url: variants[0] });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-remaining']).toBe('0');
    for (const url of [path, ...variants]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(429);
      expect(response.json()).toMatchObject({ error: 'Too Many Requests', statusCode: 429 });
    }
  });

  it('leaves every spelling of /healthz uncounted', async () => {
    const app = await appWith({}, { rateLimitMax: 1 });
    for (const url of ['/healthz', '/%68ealthz', '/healthz/', '/healthz']) {
      expect((await app.inject({ url })).statusCode, url).toBe(200);
    }
  });
});

describe('site modes on the matched route', () => {
  it('maintenance: every spelling of an API path answers 503; the health check still answers', async () => {
    const app = await appWith({ maintenanceMode: true });
    for (const url of GRAPHQL_VARIANTS) {
      const response = await postGraphql(app, url);
      expect(response.statusCode, url).toBe(503);
      expect(response.headers.maintenance).toBe('true');
    }
    for (const url of Object.values(GET_VARIANTS).flat()) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(503);
      expect(response.json().message).toBe(MAINTENANCE_MESSAGE);
    }
    for (const url of ['/%68ealthz', '/healthz/']) expect((await app.inject({ url })).statusCode, url).toBe(200);
  });

  it('read-only: writes to any spelling of an API path answer 423; GraphQL stays open on all of them', async () => {
    const app = await appWith({ readOnlyMode: true });
    for (const url of ['/%66airsharing_records', '/fairsharing%5Frecords/', '/%73aved_searches/3']) {
      const response = await app.inject({ method: 'POST', url, payload: {} });
      expect(response.statusCode, url).toBe(423);
      expect(response.json().message).toBe(READ_ONLY_MESSAGE);
    }
    for (const url of GRAPHQL_VARIANTS) expect((await postGraphql(app, url)).statusCode, url).toBe(200);
  });
});

describe('GraphQL transport checks on the matched route', () => {
  it.each(GRAPHQL_VARIANTS)('POST %s with JSON text as the query answers 400, not 500', async (url) => {
    const response = await postGraphql(await appWith(), url, JSON_TEXT_QUERY);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe('query must be a GraphQL document');
  });

  it.each(['[]', '{"query":"{}"}', '1'])('an application/graphql body of JSON text (%s) answers 400, not 500', async (payload) => {
    const response = await (await appWith()).inject({ method: 'POST', url: '/%67raphql', headers: { 'content-type': 'application/graphql' }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe('query must be a GraphQL document');
  });

  it.each(GRAPHQL_VARIANTS)('GET %s with JSON text as the query answers 400', async (url) => {
    const response = await (await appWith()).inject({ url: `${url}?query=${encodeURIComponent('{}')}` });
    expect(response.statusCode).toBe(400);
  });
});

describe('search pages answered on the server', () => {
  let webDistDir: string;
  beforeAll(() => {
    webDistDir = fakeWebBuild();
  });
  afterAll(() => removeWebBuild(webDistDir));

  it('count against the rate limit: past it the page loads without the answer, and the API says 429', async () => {
    const app = await appWith({}, { rateLimitMax: 2, webDistDir });
    const pages = [];
    for (const q of ['gene', 'protein', 'ontology']) pages.push(await app.inject({ url: `/search?q=${q}`, headers: BROWSER_NAVIGATION }));
    expect(pages.map((page) => page.statusCode)).toEqual([200, 200, 200]);
    expect(pages.map((page) => page.body.includes('id="early-answers"'))).toEqual([true, true, false]);
    expect((await postGraphql(app, '/graphql')).statusCode).toBe(429);
  });
});

/** Query fields with their string-typed arguments (String/ID, lists of them), from the schema. */
function stringArguments(schema: GraphQLSchema): { field: string; argument: string; type: string; selection: string }[] {
  const found = [];
  for (const field of Object.values(schema.getQueryType()!.getFields())) {
    const named = graphql.getNamedType(field.type);
    const selection = graphql.isLeafType(named) ? '' : '{ __typename }';
    for (const argument of field.args) {
      const argumentType = graphql.getNamedType(argument.type);
      if (argumentType.name === 'String' || argumentType.name === 'ID') {
        found.push({ field: field.name, argument: argument.name, type: String(argument.type), selection });
      }
    }
  }
  return found;
}

describe('bad input is a 400', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(sharedCatalogueConfig());
  });
  afterAll(async () => app?.close());

  it('NUL in any string argument of any query field, as a literal or a variable', async () => {
    const schema = (app as unknown as { graphql: { schema: GraphQLSchema } }).graphql.schema;
    const targets = stringArguments(schema);
    expect(targets.length).toBeGreaterThan(10);
    for (const { field, argument, type, selection } of targets) {
      const isList = type.startsWith('[');
      const literal = isList ? '["\\u0000"]' : '"a\\u0000b"';
      const asLiteral = await postGraphql(app, '/graphql', JSON.stringify({ query: `{ ${field}(${argument}: ${literal}) ${selection} }` }));
      expect(asLiteral.statusCode, `${field}(${argument}) literal`).toBe(400);
      expect(asLiteral.json().errors.map((error: { message: string }) => error.message).join('\n')).toContain('NUL');

      const value = isList ? ['\u0000'] : 'a\u0000b';
      const query = `query($v: ${type}) { ${field}(${argument}: $v) ${selection} }`;
      const asVariable = await postGraphql(app, '/graphql', JSON.stringify({ query, variables: { v: value } }));
      expect(asVariable.statusCode, `${field}(${argument}) variable`).toBe(400);
      expect(asVariable.json().errors[0].message).toMatch(/^body\/variables\/v(\/0)? contains a NUL character or an unpaired surrogate/);
    }
  });

  it('NUL or an unpaired surrogate in GET variables, a query string, a path or a JSON body', async () => {
    const query = encodeURIComponent('query($q: String) { searchFairsharingRecords(q: $q) { totalCount } }');
    const get = await app.inject({ url: `/graphql?query=${query}&variables=${encodeURIComponent('{"q":"\\ud800"}')}` });
    expect(get.statusCode).toBe(400);
    expect(get.json().errors[0].message).toContain('querystring/variables/q');
    for (const url of ['/advanced_search?q=a%00b', '/homepage_stats?x=%00', '/10.25504/FAIRsharing.%00', '/%00']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ error: 'Bad Request', statusCode: 400 });
      expect(response.json().message).toContain('NUL');
    }
    const body = await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: '{"query":"{ __typename }","variables":{"\\u0000":1}}' });
    expect(body.statusCode).toBe(400);
  });

  it('deeply nested JSON under 1 MB, on GraphQL and on any other path', async () => {
    const deep = `${'['.repeat(300_000)}${']'.repeat(300_000)}`;
    const graphqlBody = await postGraphql(app, '/graphql', `{"query":"{ __typename }","variables":{"x":${deep}}}`);
    expect(graphqlBody.statusCode).toBe(400);
    expect(graphqlBody.json().errors[0].message).toBe(`body is nested more than ${MAX_INPUT_DEPTH} levels deep`);
    for (const url of ['/homepage_stats', '/no/such/path']) {
      const response = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: deep });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(`body is nested more than ${MAX_INPUT_DEPTH} levels deep`);
    }
    // The body and `variables` are two of the levels.
    const shallowEnough = `${'['.repeat(MAX_INPUT_DEPTH - 2)}${']'.repeat(MAX_INPUT_DEPTH - 2)}`;
    expect((await postGraphql(app, '/graphql', `{"query":"{ __typename }","variables":{"x":${shallowEnough}}}`)).statusCode).toBe(200);
  });

  it('a search too large for OpenSearch answers "invalid query" in our words, not OpenSearch\'s', async () => {
    // Over OpenSearch's 1,024 clauses, within the bounds of a `where` (100 values a rule, 50 groups):
    // 11 groups of 100 subjects each.
    const fields = Array.from({ length: 11 }, (_, group) => ({ operator: '_or', subjects: Array.from({ length: 100 }, (_, i) => `subject${group}-${i}`) }));
    const response = await postGraphql(app, '/graphql', JSON.stringify({
      query: 'query($w: AdvancedSearchInput) { advancedSearch(where: $w) { id } }',
      variables: { w: { operator: '_or', fields } },
    }));
    const [error] = response.json().errors;
    expect(error.extensions.code).toBe('INVALID_QUERY');
    expect(error.message).toBe(`invalid query: ${SEARCH_REJECTED_MESSAGE}`);
  });
});

/** Sends raw bytes to a listening app and resolves with everything it answered until it closed. */
function rawExchange(port: number, send: (socket: ReturnType<typeof connect>) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.on('connect', () => send(socket));
  });
}

describe('over a real socket', () => {
  it('cuts off a request body that trickles in slower than the request timeout', async () => {
    const app = await appWith({}, { requestTimeoutMs: 1_000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    let trickle: NodeJS.Timeout | undefined;
    const answer = await rawExchange(port, (socket) => {
      socket.write('POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"query":"');
      trickle = setInterval(() => socket.write('a'), 100);
    });
    clearInterval(trickle);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
  }, 20_000);

  it('treats a fragment in the request line (/graphql#x) as /graphql: transport check and rate limit', async () => {
    const app = await appWith({}, { rateLimitMax: 1 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const post = (target: string, body: string) =>
      rawExchange(port, (socket) =>
        socket.end(`POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`),
      );
    expect((await post('/graphql#x', JSON_TEXT_QUERY)).split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect((await post('/graphql#x', TYPENAME)).split('\r\n')[0]).toBe('HTTP/1.1 429 Too Many Requests');
  });
});
