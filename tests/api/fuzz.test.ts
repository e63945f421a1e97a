/**
 * Property-based fuzzing of the whole request surface (fast-check, seeded: a failure names the
 * seed that reproduces it; FUZZ_SEED picks another). The requests are generated from the app's
 * own contracts, so a new GraphQL field or REST route is fuzzed without anyone writing a case:
 * - GraphQL: every Query field of the executable schema, its arguments generated from their
 *   types (well-typed and wrong-typed values, hostile text, huge numbers, deep objects), sent
 *   as literals or variables, under aliases, in named and inline fragments;
 * - REST: every operation of the OpenAPI document, its path, query and body values generated
 *   from its schema, or of the wrong type;
 * - transport: broken JSON and UTF-8, wrong content types, encoded and traversal paths, odd
 *   headers.
 * No answer may be a 5xx or show a stack trace, and /healthz answers 200 afterwards. Reads run
 * against the run's shared catalogue; REST writes against a private database that reads the
 * same index, so a generated sign-up or view count never changes what other suites read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { createIsolatedEnvironment, sharedCatalogueConfig, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from './support.ts';
import { graphqlRequest, restRequest, transportRequest, type OpenApiDocument } from './fuzz-requests.ts';

const SEED = Number(process.env.FUZZ_SEED) || 20261123;
const REQUEST_COUNT = 10_000;
/** Requests in flight at once: enough to overlap Postgres and OpenSearch waits on 2 cores. */
const CONCURRENCY = 8;

// ---------------------------------------------------------------------------------------------

interface Target {
  request: InjectOptions;
  app: 'read' | 'write';
}

let readApp: FastifyInstance;
let writeApp: FastifyInstance;
let writeEnvironment: IsolatedEnvironment;

beforeAll(async () => {
  const shared = sharedCatalogueConfig();
  readApp = await buildTestApp(shared);
  writeEnvironment = await createIsolatedEnvironment('fuzz');
  // Writes land in a private database; searches read the run's index.
  writeApp = await buildTestApp({ ...writeEnvironment.config, indexPrefix: shared.indexPrefix });
});

afterAll(async () => {
  await readApp?.close();
  await writeApp?.close();
  await writeEnvironment?.cleanup();
});

function describeRequest(request: InjectOptions): string {
  const payload = typeof request.payload === 'string' ? ` ${request.payload.slice(0, 300)}` : '';
  return `${request.method} ${String(request.url).slice(0, 300)}${payload}`;
}

describe('fuzz: requests generated from the GraphQL schema and the REST route schemas', () => {
  it(`answers ${REQUEST_COUNT} generated requests without a 5xx, then stays healthy`, async () => {
    const schema = (readApp as unknown as { graphql: { schema: GraphQLSchema } }).graphql.schema;
    const document = (readApp as unknown as { swagger(): OpenApiDocument }).swagger();
    const target: fc.Arbitrary<Target> = fc.oneof(
      { weight: 5, arbitrary: graphqlRequest(schema).map((request): Target => ({ request, app: 'read' })) },
      { weight: 4, arbitrary: restRequest(document).map((request): Target => ({ request, app: request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write' })) },
      { weight: 2, arbitrary: transportRequest().map((request): Target => ({ request, app: 'read' })) },
    );

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(target, { minLength: CONCURRENCY, maxLength: CONCURRENCY }), async (batch) => {
        await Promise.all(batch.map(async ({ request, app }) => {
          const response = await (app === 'read' ? readApp : writeApp).inject(request);
          sent += 1;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode >= 500) failures.push(`${response.statusCode} ← ${describeRequest(request)} → ${response.body.slice(0, 300)}`);
          else if (/\n\s+at .+:\d+:\d+/.test(response.body)) failures.push(`stack trace ← ${describeRequest(request)}`);
        }));
      }),
      { seed: SEED, numRuns: REQUEST_COUNT / CONCURRENCY, endOnFailure: true },
    );

    expect(sent).toBe(REQUEST_COUNT);
    expect(failures, `seed ${SEED}`).toEqual([]);
    // Most requests are bad input: the app must have refused many of them, not accepted everything.
    const refused = [...statuses].filter(([status]) => status >= 400 && status < 500).reduce((sum, [, count]) => sum + count, 0);
    expect(refused).toBeGreaterThan(REQUEST_COUNT / 4);

    for (const app of [readApp, writeApp]) {
      const health = await app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(200);
    }
  }, 600_000);
});
