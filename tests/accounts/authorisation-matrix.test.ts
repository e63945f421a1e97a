/**
 * The authorisation matrix, generated: every REST route that declares an action
 * (`config.access`) and every GraphQL field that needs a viewer, called by each kind of viewer,
 * must be refused (401 without a live viewer, 403 otherwise) exactly when the access module's
 * `can(viewer, action)` says no. A route or field that refuses anonymous visitors without being
 * in the matrix fails the test, as does a matrix entry for something that no longer exists.
 * Who reads and writes each field is the field-level matrix, generated from the access module's
 * field table: `tests/access/field-matrix.test.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS, can, viewerForUser, type Action, type UserRole, type Viewer } from '@registry/schemas';
import { signUserToken } from '@registry/api/http/auth.ts';
import { isApiPath } from '@registry/api/routes/api-paths.ts';
import { startAccountsHarness, type AccountsHarness } from './support.ts';

const VIEWER_KINDS = ['anonymous', 'user', 'owner', 'curator', 'super_curator', 'deactivated', 'api_key'] as const;
type ViewerKind = (typeof VIEWER_KINDS)[number];

/** GraphQL query fields that need a viewer, and the action that decides them. */
const GRAPHQL_ACCESS: Record<string, Action> = {
  allUsers: 'user.admin',
  curatorApprovalsRequired: 'curation.dashboard',
  userApprovalsRequired: 'curation.dashboard',
  pendingMaintenanceRequests: 'curation.dashboard',
  hiddenRecords: 'curation.dashboard',
  incompleteRecords: 'curation.dashboard',
  leastRecentlyUpdated: 'curation.dashboard',
  leastRecentlyUpdatedRecords: 'curation.dashboard',
  recentCuratorCreations: 'curation.dashboard',
  curatorList: 'curation.dashboard',
  curationSummary: 'curation.dashboard',
  needsReview: 'curation.dashboard',
  curatorSummaryStatistics: 'curation.dashboard',
};

type TypeRef = { kind: string; ofType?: TypeRef | null };
interface QueryField {
  name: string;
  args: { type: TypeRef }[];
  type: TypeRef;
}

const isLeaf = (type: TypeRef): boolean => (type.ofType ? isLeaf(type.ofType) : type.kind === 'SCALAR' || type.kind === 'ENUM');
const probeQuery = (field: QueryField) => `{ ${field.name}${isLeaf(field.type) ? '' : ' { __typename }'} }`;

async function queryFields(): Promise<QueryField[]> {
  const introspection = await harness.app.inject({
    method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' },
    payload: { query: '{ __schema { queryType { fields { name args { type { kind } } type { kind ofType { kind ofType { kind ofType { kind } } } } } } } }' },
  });
  return introspection.json().data.__schema.queryType.fields;
}

let harness: AccountsHarness;
let counter = 0;

beforeAll(async () => {
  harness = await startAccountsHarness('accounts_matrix');
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

interface Caller {
  headers: Record<string, string>;
  /** What the access module sees; null when the credential stands for nobody (anonymous, deactivated). */
  viewer: Viewer | null;
}

/** A fresh account per call, so a call that deletes or ends something never affects the next one. */
async function callerOf(kind: ViewerKind): Promise<Caller> {
  if (kind === 'anonymous') return { headers: {}, viewer: null };
  counter += 1;
  const role: UserRole = kind === 'curator' ? 'curator' : kind === 'super_curator' || kind === 'api_key' ? 'super_curator' : 'user';
  const username = `matrix-${kind}-${counter}`;
  const [row] = await harness.env.db('users')
    .insert({ username, email: `${username}@example.org`, role, confirmed_at: new Date(), deactivated: kind === 'deactivated' })
    .returning('id');
  const session = viewerForUser({ id: row.id, username, role }, 'session');
  if (kind === 'owner') {
    // A maintainer of a record: what "owner" means for record actions; account actions see a user.
    const [registry] = await harness.env.db('registries').insert({ name: `Registry ${counter}` }).returning('id');
    const [record] = await harness.env.db('records').insert({ registry_id: registry.id, name: `Owned ${counter}`, created_by_id: row.id }).returning('id');
    await harness.env.db('record_maintainers').insert({ record_id: record.id, user_id: row.id });
  }
  if (kind === 'api_key') {
    const created = await harness.app.accounts.createApiKey(session, 'matrix');
    return { headers: { 'x-graphql-key': created.key }, viewer: viewerForUser({ id: row.id, username, role }, 'api_key') };
  }
  const token = await signUserToken(harness.app, row.id);
  return { headers: { authorization: `Bearer ${token}` }, viewer: kind === 'deactivated' ? null : session };
}

function expectedStatus(caller: Caller, action: Action): 'allowed' | 401 | 403 {
  if (caller.viewer === null) return 401;
  return can(caller.viewer, action, { userId: caller.viewer.userId ?? undefined }) ? 'allowed' : 403;
}

/** A path with sample parameters: a fresh victim account for user administration, 1 elsewhere. */
async function samplePath(url: string): Promise<string> {
  if (url.startsWith('/user_admin/:id')) {
    counter += 1;
    const [victim] = await harness.env.db('users').insert({ username: `victim-${counter}`, email: `victim-${counter}@example.org` }).returning('id');
    return url.replace(':id', String(victim.id));
  }
  return url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');
}

function apiRoutes() {
  return harness.app.registeredRoutes.filter((route) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && isApiPath(route.url));
}

describe('authorisation matrix', () => {
  it('covers every REST route that needs a viewer: each viewer kind is refused exactly when the access module says no', async () => {
    const declared = apiRoutes().filter((route) => route.access !== null && route.access !== 'anyone');
    expect(declared.length).toBeGreaterThan(10);
    const mismatches: string[] = [];
    for (const route of declared) {
      const action = route.access as Action;
      expect(ACTIONS[action], `${route.method} ${route.url} names an unknown action`).toBeDefined();
      for (const kind of VIEWER_KINDS) {
        const caller = await callerOf(kind);
        const response = await harness.app.inject({
          method: route.method as 'GET',
          url: await samplePath(route.url),
          remoteAddress: `10.3.${counter % 250}.${(counter * 7) % 250}`,
          headers: { accept: 'application/json', ...caller.headers, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
        });
        const expected = expectedStatus(caller, action);
        const actual = response.statusCode === 401 || response.statusCode === 403 ? response.statusCode : 'allowed';
        if (actual !== expected) mismatches.push(`${route.method} ${route.url} as ${kind}: expected ${expected}, got ${response.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('finds no route outside the matrix that refuses anonymous visitors', async () => {
    const missing: string[] = [];
    for (const route of apiRoutes().filter((candidate) => candidate.access === null)) {
      const response = await harness.app.inject({
        method: route.method as 'GET',
        url: await samplePath(route.url),
        headers: { accept: 'application/json', ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
      });
      if (response.statusCode === 401 || response.statusCode === 403) missing.push(`${route.method} ${route.url} (${response.statusCode})`);
    }
    expect(missing, 'routes that need a viewer must declare config.access').toEqual([]);
  });

  it('covers every GraphQL query field that needs a viewer', async () => {
    const fields = await queryFields();
    const missing: string[] = [];
    for (const field of fields) {
      // Fields with required arguments cannot be probed without knowing their inputs.
      if (field.args.some((arg) => arg.type.kind === 'NON_NULL')) continue;
      const answer = await harness.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: { query: probeQuery(field) } });
      const errors = (answer.json().errors ?? []) as { message: string; extensions?: { code?: string } }[];
      const refused = errors.some((error) => error.extensions?.code === 'UNAUTHORISED' || /unauthorised/i.test(error.message));
      if (refused && !GRAPHQL_ACCESS[field.name]) missing.push(field.name);
    }
    for (const name of Object.keys(GRAPHQL_ACCESS)) expect(fields.map((field) => field.name), `${name} is no longer in the schema`).toContain(name);
    expect(missing, 'GraphQL fields that need a viewer must be in the matrix').toEqual([]);
  });

  it('answers each GraphQL field of the matrix to each viewer kind exactly as the access module decides', async () => {
    const fields = new Map((await queryFields()).map((field) => [field.name, field]));
    const mismatches: string[] = [];
    for (const [name, action] of Object.entries(GRAPHQL_ACCESS)) {
      const field = fields.get(name);
      if (!field) continue;
      for (const kind of VIEWER_KINDS) {
        const caller = await callerOf(kind);
        const answer = await harness.app.inject({
          method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', ...caller.headers }, payload: { query: probeQuery(field) },
        });
        const refused = ((answer.json().errors ?? []) as { message: string }[]).some((error) => /unauthorised/i.test(error.message));
        const expected = expectedStatus(caller, action) !== 'allowed';
        if (refused !== expected) mismatches.push(`${name} as ${kind}: expected ${expected ? 'refused' : 'allowed'}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
