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
 *   headers;
 * - boundaries: every field of every write body (from the shared form schemas), set to a value
 *   at or past its bound (bounds.ts: max+1 characters, an id past int4, 65,536 ids, the same id
 *   twice), 4 KB of CJK text, a lone surrogate, a `javascript:` URL, sent signed in as a plain
 *   user, a curator or a super curator so the body's rules are reached rather than refused at
 *   401; the route-generated REST requests are sometimes signed in too.
 * No answer may be a 5xx or show a stack trace, and /healthz answers 200 afterwards. Reads run
 * against the run's shared catalogue; REST writes against a private copy of the demo catalogue
 * that reads the same index, so a generated sign-up or view count never changes what other
 * suites read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { signUserToken } from '@registry/api/http/auth.ts';
import { startPublicationLookups, type RunningPublicationLookups } from '@registry/api/references/publication-lookup-jobs.ts';
import { generalInformationSchema, SECTION_SCHEMAS } from '@registry/schemas/forms/record-sections.ts';
import { grantSchema, licenceLinkSchema, organisationLinkSchema, organisationSchema, publicationSchema, userDefinedTagSchema } from '@registry/schemas/forms/linked-entities.ts';
import { claimDecisionSchema, claimSchema, messageSchema, reviewSchema, savedSearchChangeSchema, savedSearchSchema, stopMaintainingSchema, watchSchema } from '@registry/schemas/forms/community.ts';
import { webhookChangeSchema, webhookSchema } from '@registry/schemas/forms/webhooks.ts';
import { curatorAssignmentSchema, processingNoteSchema } from '@registry/schemas/forms/curation.ts';
import { notableEventSchema } from '@registry/schemas/forms/notable-events.ts';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, sharedCatalogueConfig, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from './support.ts';
import { boundaryWriteRequest, graphqlRequest, restRequest, transportRequest, type OpenApiDocument, type WriteBody } from './fuzz-requests.ts';

const SEED = Number(process.env.FUZZ_SEED) || 20261123;
const REQUEST_COUNT = 10_000;
/** Requests in flight at once: enough to overlap Postgres and OpenSearch waits on 2 cores. */
const CONCURRENCY = 8;
/** The accounts' own bodies (`{ user: {...} }`): their rules and limits have their own suites (tests/accounts). */
const ACCOUNT_WRITES = new Set([
  'POST /users', 'PUT /users', 'POST /users/sign_in', 'POST /users/password', 'PUT /users/password', 'POST /users/confirmation', 'POST /users/api_keys',
  'POST /users/orcid/sendEmail', 'PUT /user_admin/{id}', 'POST /users/auth/identify_user',
]);

// ---------------------------------------------------------------------------------------------

interface Target {
  request: InjectOptions;
  app: 'read' | 'write';
}

/** A POST that creates at `path` and a PUT that changes at `path/{id}`, with the same body. */
function createAndChange(path: string, key: string, schema: WriteBody['schema']): WriteBody[] {
  return [{ method: 'POST', path, key, schema }, { method: 'PUT', path: `${path}/{id}`, key, schema }];
}

/** The body of each write route, by the form schema of the object it wraps; the services validate with the same schemas. */
const WRITE_BODIES: readonly WriteBody[] = [
  { method: 'POST', path: '/fairsharing_records', key: 'fairsharing_record', schema: generalInformationSchema },
  ...Object.entries(SECTION_SCHEMAS).map(([section, schema]): WriteBody => ({ method: 'PUT', path: '/fairsharing_records/{id}', key: 'fairsharing_record', schema, extra: { section } })),
  ...createAndChange('/organisations', 'organisation', organisationSchema),
  ...createAndChange('/organisation_links', 'organisation_link', organisationLinkSchema),
  ...createAndChange('/licence_links', 'licence_link', licenceLinkSchema),
  ...createAndChange('/publications', 'publication', publicationSchema),
  ...createAndChange('/messages', 'message', messageSchema),
  ...createAndChange('/notable_events', 'notable_event', notableEventSchema),
  { method: 'POST', path: '/grants', key: 'grant', schema: grantSchema },
  { method: 'POST', path: '/user_defined_tags', key: 'user_defined_tag', schema: userDefinedTagSchema },
  { method: 'POST', path: '/maintenance_requests', key: 'maintenance_request', schema: claimSchema },
  { method: 'PUT', path: '/maintenance_requests/{id}', key: 'maintenance_request', schema: claimDecisionSchema },
  { method: 'POST', path: '/maintenance_requests/remove', key: 'maintenance_request', schema: stopMaintainingSchema },
  { method: 'POST', path: '/fairsharing_records/watch', key: null, schema: watchSchema },
  { method: 'POST', path: '/record_reviews', key: 'record_review', schema: reviewSchema },
  { method: 'POST', path: '/fairsharing_records/{id}/processing_notes', key: 'processing_note', schema: processingNoteSchema },
  { method: 'PUT', path: '/fairsharing_records/{id}/curator', key: null, schema: curatorAssignmentSchema },
  { method: 'POST', path: '/saved_searches', key: 'saved_search', schema: savedSearchSchema },
  { method: 'PUT', path: '/saved_searches/{id}', key: 'saved_search', schema: savedSearchChangeSchema },
  { method: 'POST', path: '/webhooks', key: 'webhook', schema: webhookSchema },
  { method: 'PUT', path: '/webhooks/{id}', key: 'webhook', schema: webhookChangeSchema },
];

let readApp: FastifyInstance;
let writeApp: FastifyInstance;
let writeEnvironment: IsolatedEnvironment;
/** The worker's publication look-ups, as in a running registry (without one, a look-up waits and answers 503). */
let lookups: RunningPublicationLookups | undefined;
/** Bearer headers of a plain user (maintainer of a few records) and of a curator in the write database. */
const signedIn: string[] = [];
/**
 * And of a super curator, for the boundary writes only (notable events, messages): a generated
 * request could otherwise switch on maintenance mode, and every later answer would be a 503.
 */
let superCurator = '';

beforeAll(async () => {
  const shared = sharedCatalogueConfig();
  readApp = await buildTestApp(shared);
  writeEnvironment = await createIsolatedEnvironment('fuzz');
  // Writes land in a private copy of the catalogue; searches read the run's index.
  await seedDemoCatalogue(writeEnvironment.db);
  // The publication services are on loopback and not on the egress allow-list: a fuzzed look-up is refused (424) at once.
  const refusedService = 'http://127.0.0.1:9';
  const writeConfig = {
    ...writeEnvironment.config,
    indexPrefix: shared.indexPrefix,
    egressAllow: [],
    publicationResolvers: { crossrefUrl: refusedService, ncbiUrl: refusedService, zenodoUrl: refusedService },
  };
  writeApp = await buildTestApp(writeConfig);
  lookups = startPublicationLookups(writeConfig, { log: { info: () => {}, warn: () => {}, error: () => {} } });
  for (const role of ['user', 'curator', 'super_curator'] as const) {
    const [row] = await writeEnvironment.db('users').insert({ username: `fuzz-${role}`, email: `fuzz-${role}@example.org`, role, confirmed_at: new Date() }).returning('id');
    if (role === 'user') await writeEnvironment.db('record_maintainers').insert([2, 3, 4].map((recordId) => ({ record_id: recordId, user_id: row.id })));
    const authorization = `Bearer ${await signUserToken(writeApp, Number(row.id))}`;
    if (role === 'super_curator') superCurator = authorization;
    else signedIn.push(authorization);
  }
}, 180_000);

afterAll(async () => {
  await readApp?.close();
  await writeApp?.close();
  await lookups?.stop();
  await writeEnvironment?.cleanup();
});

function describeRequest(request: InjectOptions): string {
  const payload = typeof request.payload === 'string' ? ` ${request.payload.slice(0, 300)}` : '';
  return `${request.method} ${String(request.url).slice(0, 300)}${payload}`;
}

/** Write routes whose body wraps one object (`{ organisation: {...} }`): each must name its form schema above. */
function wrappedWriteRoutes(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) => {
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      const keys = Object.keys(schema?.properties ?? {});
      const wrapped = keys.length === 1 && schema?.properties?.[keys[0]!]?.type === 'object';
      return (method === 'post' || method === 'put') && wrapped ? [`${method.toUpperCase()} ${path}`] : [];
    }),
  );
}

describe('fuzz: requests generated from the GraphQL schema and the REST route schemas', () => {
  it('knows the form schema of every write body, so each of its fields gets boundary values', () => {
    const document = (readApp as unknown as { swagger(): OpenApiDocument }).swagger();
    const known = new Set(WRITE_BODIES.map((write) => `${write.method} ${write.path}`));
    const routes = new Set(Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`)));
    expect(wrappedWriteRoutes(document).filter((route) => !known.has(route) && !ACCOUNT_WRITES.has(route))).toEqual([]);
    expect([...known].filter((route) => !routes.has(route))).toEqual([]);
  });

  it(`answers ${REQUEST_COUNT} generated requests without a 5xx, then stays healthy`, async () => {
    const schema = (readApp as unknown as { graphql: { schema: GraphQLSchema } }).graphql.schema;
    const document = (readApp as unknown as { swagger(): OpenApiDocument }).swagger();
    const target: fc.Arbitrary<Target> = fc.oneof(
      { weight: 5, arbitrary: graphqlRequest(schema).map((request): Target => ({ request, app: 'read' })) },
      { weight: 4, arbitrary: restRequest(document, signedIn).map((request): Target => ({ request, app: request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write' })) },
      { weight: 2, arbitrary: transportRequest().map((request): Target => ({ request, app: 'read' })) },
      { weight: 4, arbitrary: boundaryWriteRequest(WRITE_BODIES, [...signedIn, superCurator]).map((request): Target => ({ request, app: 'write' })) },
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
