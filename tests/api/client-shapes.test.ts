/**
 * What API clients send and read, as FAIRsharing's public web client and SPEC §7's examples do:
 * an empty body with the JSON content type on every POST route (posting to a search's
 * `links.next`), and the sign-in shapes that client reads — the own account's fields at the top
 * level of `GET /users/edit`, `expiry` as an instant in seconds since 1970, and a refused sign-in's
 * text in `error`; names in snake_case or camelCase alike on the REST search and
 * `/statistics/records`; and the guide for scripts that the /API_doc page links.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { signUserToken } from '@registry/api/http/auth.ts';
import { reindexEnvironment, sharedCatalogueConfig } from '../support/environment.ts';
import { call, signedUpUser, startAccountsHarness, type AccountsHarness } from '../accounts/support.ts';
import { buildTestApp } from './support.ts';
import { API_GUIDE_PATH, API_GUIDE_SECTIONS, apiGuideSectionHref } from '../../web/src/static/apiDocExamples.ts';

const EMPTY_JSON_BODY_REFUSAL = /Body cannot be empty/i;
const JSON_CLIENT_HEADERS = { accept: 'application/json' };
const JSON_HEADERS = { ...JSON_CLIENT_HEADERS, 'content-type': 'application/json' };

let harness: AccountsHarness;
let catalogue: FastifyInstance;

beforeAll(async () => {
  harness = await startAccountsHarness('client_shapes');
  // The private database's (empty) search indices, so search routes answer rather than 503.
  await reindexEnvironment(harness.env);
  catalogue = await buildTestApp(sharedCatalogueConfig());
}, 120_000);

afterAll(async () => {
  await catalogue?.close();
  await harness?.close();
});

/** Every POST path of the OpenAPI document, its path parameters filled with 1. */
function postPaths(app: FastifyInstance): string[] {
  const document = (app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
  return Object.entries(document.paths)
    .filter(([, operations]) => 'post' in operations)
    .map(([path]) => path.replace(/\{[^}]+\}/g, '1'));
}

describe('an empty body with the JSON content type', () => {
  it('is read as no body on every POST route, anonymous and signed in: never "Body cannot be empty", never a 5xx', async () => {
    const paths = postPaths(harness.app);
    expect(paths.length).toBeGreaterThan(20);
    const [curator] = await harness.env.db('users')
      .insert({ username: 'empty-body-curator', email: 'empty-body-curator@example.org', role: 'super_curator', confirmed_at: new Date() })
      .returning('id');
    const token = await signUserToken(harness.app, (curator as { id: number }).id);
    for (const headers of [JSON_HEADERS, { ...JSON_HEADERS, authorization: `Bearer ${token}` }]) {
      for (const url of paths) {
        const response = await harness.app.inject({ method: 'POST', url, headers, payload: '' });
        expect(response.body, url).not.toMatch(EMPTY_JSON_BODY_REFUSAL);
        expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
      }
    }
  });

  it("gives a search's next page when posted to its links.next, as docs/api.md says", async () => {
    const first = await catalogue.inject({ method: 'POST', url: '/search/fairsharing_records?page%5Bsize%5D=5', headers: JSON_HEADERS, payload: { q: 'genome' } });
    expect(first.statusCode).toBe(200);
    const next = new URL(first.json().links.next as string);
    const second = await catalogue.inject({ method: 'POST', url: `${next.pathname}${next.search}`, headers: JSON_HEADERS, payload: '' });
    expect(second.statusCode, second.body).toBe(200);
    const ids = (page: { data: { id: string }[] }) => page.data.map((record) => record.id);
    expect(ids(second.json()).length).toBeGreaterThan(0);
    expect(ids(second.json())).not.toEqual(ids(first.json()));
  });

  it('still refuses a body that is not JSON, with 400', async () => {
    const response = await catalogue.inject({ method: 'POST', url: '/search/fairsharing_records', headers: JSON_HEADERS, payload: '{"q":' });
    expect(response.statusCode).toBe(400);
  });
});

describe("the sign-in shapes FAIRsharing's client reads", () => {
  it("GET /users/edit answers the user's fields at the top level, and under user", async () => {
    const user = await signedUpUser(harness, 'toplevel');
    const edit = await call(harness.app, { url: '/users/edit', token: user.jwt });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ success: true, id: user.id, username: 'toplevel', email: user.email, user: { id: user.id, username: 'toplevel' } });
  });

  it('expiry from POST /users/sign_in and GET /users/valid is the instant the session ends, in seconds since 1970', async () => {
    const before = Math.floor(Date.now() / 1000);
    const user = await signedUpUser(harness, 'instant');
    const lifetime = harness.config.sessionLifetimeSeconds;
    expect(user.expiry).toBeGreaterThanOrEqual(before + lifetime);
    expect(user.expiry).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + lifetime);
    // The client's check: the session is live while expiry * 1000 is after now.
    expect(user.expiry * 1000).toBeGreaterThan(Date.now());

    const valid = await call(harness.app, { url: '/users/valid', token: user.jwt });
    expect(valid.status).toBe(200);
    expect(valid.body.expiry).toBe(user.expiry);
  });

  it('a refused sign-in has its text in error (and message)', async () => {
    const wrong = await call(harness.app, { method: 'POST', url: '/users/sign_in', payload: { user: { login: 'nobody-here', password: 'not the password' } } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ success: false, error: 'Invalid login or password.', message: 'Invalid login or password.' });

    const password = 'correct horse battery';
    const signUp = await call(harness.app, {
      method: 'POST',
      url: '/users',
      payload: { user: { username: 'unconfirmed', email: 'unconfirmed@example.org', password, password_confirmation: password } },
    });
    expect(signUp.status).toBe(201);
    const early = await call(harness.app, { method: 'POST', url: '/users/sign_in', payload: { user: { login: 'unconfirmed', password } } });
    expect(early.status).toBe(401);
    expect(early.body).toMatchObject({ success: false, error: 'You have to confirm your email address before continuing.' });
  });
});

describe('the guide for scripts', () => {
  it('is served at the path the /API_doc page links, with every section it links', async () => {
    const response = await catalogue.inject({ url: API_GUIDE_PATH, headers: { accept: 'text/html,*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    for (const heading of API_GUIDE_SECTIONS) {
      expect(response.body).toContain(`\n## ${heading}\n`);
      expect(decodeURIComponent(apiGuideSectionHref(heading).split('#:~:text=')[1] ?? '')).toBe(`## ${heading}`);
    }
  });
});

describe('names in either spelling', () => {
  const search = (url: string, payload: Record<string, unknown> = {}) =>
    catalogue.inject({ method: 'POST', url, headers: JSON_HEADERS, payload });

  it('the REST search takes its filters in camelCase too, in the body and in the query string', async () => {
    const all = (await search('/search/fairsharing_records?page%5Bsize%5D=1')).json();
    const snake = (await search('/search/fairsharing_records?page%5Bsize%5D=50', { fairsharing_registry: ['policy'] })).json();
    expect(snake.meta.record_count).toBeLessThan(all.meta.record_count);
    for (const response of [
      await search('/search/fairsharing_records?page%5Bsize%5D=50', { fairsharingRegistry: ['policy'] }),
      await search('/search/fairsharing_records?page%5Bsize%5D=50&fairsharingRegistry=policy'),
    ]) {
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json();
      expect(answer.meta.record_count).toBe(snake.meta.record_count);
      expect(answer.data.map((record: { id: string }) => record.id)).toEqual(snake.data.map((record: { id: string }) => record.id));
      // The links speak the documented spelling.
      expect(answer.links.self).toContain('fairsharing_registry=policy');
    }
  });

  it('/statistics/records takes snake_case filters and camelCase facet keys too', async () => {
    const documented = await catalogue.inject({ url: '/statistics/records?by=record_type&fairsharingRegistry=standard&dateHistogram=createdAt', headers: JSON_CLIENT_HEADERS });
    expect(documented.statusCode, documented.body).toBe(200);
    const other = await catalogue.inject({ url: '/statistics/records?by=recordType&fairsharing_registry=standard&date_histogram=created_at', headers: JSON_CLIENT_HEADERS });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toEqual(documented.json());
    const unfiltered = await catalogue.inject({ url: '/statistics/records?by=record_type', headers: JSON_CLIENT_HEADERS });
    expect(unfiltered.json().totalCount).toBeGreaterThan(documented.json().totalCount);
  });
});
