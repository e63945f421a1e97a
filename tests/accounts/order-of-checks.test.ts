/**
 * Who you are is decided before what you sent is read. Every write route of the OpenAPI
 * document (read from the document, so a new route is covered without anyone listing it) answers
 * an anonymous caller 401 and an API key 403 even when the body is malformed; only the routes
 * open to every visitor are exempt, and they are named by what they declare.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewerForUser, type Action } from '@registry/schemas';
import { signUserToken } from '@registry/api/http/auth.ts';
import { startAccountsHarness, type AccountsHarness } from './support.ts';

let harness: AccountsHarness;
let apiKey = '';
let sessionToken = '';

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;
/** Not JSON at all: a route that read it before deciding who is asking would answer 400. */
const MALFORMED_BODY = '{"fairsharing_record": {"name": ';

beforeAll(async () => {
  harness = await startAccountsHarness('accounts_order_of_checks');
  const [user] = await harness.env.db('users').insert({ username: 'order-checker', email: 'order-checker@example.org', confirmed_at: new Date() }).returning('id');
  apiKey = (await harness.app.accounts.createApiKey(viewerForUser({ id: user.id, username: 'order-checker', role: 'user' }, 'session'), 'order')).key;
  sessionToken = await signUserToken(harness.app, user.id);
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

interface WriteRoute {
  method: string;
  /** As the router declares it (`/publications/:id`). */
  url: string;
  /** With sample parameters. */
  path: string;
}

async function documentedWriteRoutes(): Promise<WriteRoute[]> {
  const document = (await harness.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    WRITE_METHODS.filter((method) => method in operations).map((method) => ({
      method: method.toUpperCase(),
      url: path.replace(/\{([^}]+)\}/g, ':$1'),
      path: path.replace(/\{[^}]+\}/g, '1'),
    })),
  );
}

function declaredAccess(route: WriteRoute): string | null {
  return harness.app.registeredRoutes.find((registered) => registered.method === route.method && registered.url === route.url)?.access ?? null;
}

async function send(route: WriteRoute, headers: Record<string, string>) {
  return harness.app.inject({
    method: route.method as 'POST',
    url: route.path,
    remoteAddress: '10.77.0.1',
    headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
    payload: MALFORMED_BODY,
  });
}

describe('order of checks', () => {
  it('answers an anonymous PUT /fairsharing_records/1 with a malformed body 401, and a signed-in one 400', async () => {
    const route = { method: 'PUT', url: '/fairsharing_records/:id', path: '/fairsharing_records/1' };
    const anonymous = await send(route, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ message: 'You need to sign in or sign up before continuing.' });
    expect((await send(route, { authorization: `Bearer ${sessionToken}` })).statusCode).toBe(400);
  });

  it('refuses anonymous callers (401) and API keys (403) on every documented write route before reading the body', async () => {
    const routes = await documentedWriteRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const open = routes.filter((route) => declaredAccess(route) === 'anyone');
    const guarded = routes.filter((route) => declaredAccess(route) !== 'anyone');
    expect(guarded.length).toBeGreaterThan(open.length);

    const wrong: string[] = [];
    for (const route of guarded) {
      expect(declaredAccess(route), `${route.method} ${route.url} needs a declared action`).not.toBeNull();
      const anonymous = await send(route, {});
      if (anonymous.statusCode !== 401) wrong.push(`${route.method} ${route.url} anonymous: ${anonymous.statusCode}`);
      const withKey = await send(route, { 'x-graphql-key': apiKey });
      if (withKey.statusCode !== 403) wrong.push(`${route.method} ${route.url} API key: ${withKey.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('leaves open only what every visitor may do: sign-in and sign-up, mailed links, and reads sent as POST (GraphQL, MCP)', async () => {
    const open = (await documentedWriteRoutes()).filter((route) => declaredAccess(route) === 'anyone');
    for (const route of open) {
      expect(route.url, `${route.method} ${route.url}`).toMatch(/^\/(users(\/sign_in|\/password|\/confirmation|\/notifications\/unsubscribe|\/auth\/identify_user)?|search\/.+|graphql|mcp|oai|record_views\/:id|fairsharing_records\/metadata_fields)$/);
    }
  });

  it('keeps the declared action of a route that names one (a signed-in user without the right gets 403, not 400)', async () => {
    const route = { method: 'DELETE', url: '/fairsharing_records/:id', path: '/fairsharing_records/1' };
    expect(declaredAccess(route) satisfies string | null).toBe('record.delete' satisfies Action);
    expect((await send(route, { authorization: `Bearer ${sessionToken}` })).statusCode).toBe(403);
  });
});
