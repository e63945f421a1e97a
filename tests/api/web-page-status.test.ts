/**
 * HTTP semantics of the web app's pages: the status a path deserves (404 for unknown paths and
 * for records an anonymous visitor may not see), content negotiation on record and DOI URLs
 * (the page for `*\/*` and `text/html`, JSON-LD for `application/ld+json`), and a record page's
 * own head for link previews.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { BROWSER_NAVIGATION, JSON_CLIENT, buildTestApp, fakeWebBuild, removeWebBuild } from './support.ts';
import { pageDataBlock, withoutStartupData } from './page-data-blocks.ts';
import { EARLY_ANSWERS_ELEMENT_ID } from '@registry/schemas/search/client/search-page-route.ts';
import { recordPageQuery } from '@registry/schemas/web/record-page-query.ts';

const INDEX_HTML = [
  '<!doctype html><html><head>',
  '<meta name="description" content="A curated registry." />',
  '<title>FAIRsharing</title>',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
const ANY = { accept: '*/*' };
const JSON_LD = { accept: 'application/ld+json' };
const HOSTILE_NAME = 'Tags </title><script>alert(1)</script> & "quotes" $& \'apostrophes\'';

let env: IsolatedEnvironment;
let webDistDir: string;
let app: FastifyInstance;
let loinc: { id: number; doi: string; name: string };
let legacy: { id: number; legacyId: string };
let hidden: { id: number; doi: string };
let unapprovedId: number;
let hostileId: number;

beforeAll(async () => {
  env = await createIsolatedEnvironment('web_page_status');
  await seedDemoCatalogue(env.db);
  loinc = await env.db('records').where({ id: 2 }).first('id', 'doi', 'name');
  const withLegacyId = await env.db('records').whereRaw("legacy_ids <> '{}'").whereNot({ id: 2 }).orderBy('id').first('id', 'legacy_ids');
  legacy = { id: withLegacyId.id, legacyId: withLegacyId.legacy_ids[0] };
  const [first, second, third] = await env.db('records')
    .whereNotNull('doi')
    .whereNotIn('id', [2, legacy.id])
    .orderBy('id')
    .limit(3)
    .select('id', 'doi');
  hidden = first;
  unapprovedId = second.id;
  hostileId = third.id;
  await env.db('records').where({ id: hidden.id }).update({ is_hidden: true });
  await env.db('records').where({ id: unapprovedId }).update({ is_approved: false });
  await env.db('records').where({ id: hostileId }).update({ name: HOSTILE_NAME, description: `${HOSTILE_NAME}\n\n${'word '.repeat(200)}` });
  webDistDir = fakeWebBuild({ 'index.html': INDEX_HTML });
  app = await buildTestApp(env.config, { db: env.db, webDistDir });
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
  removeWebBuild(webDistDir);
});

const titleOf = (html: string) => html.match(/<title>(.*?)<\/title>/s)?.[1];
const metaOf = (html: string, key: string) => html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1];

describe('status of a page', () => {
  it.each(['/', '/licence', '/license', '/graph/2', '/2/edit', '/accounts/login'])(
    '%s is a page of the app: 200',
    async (url) => {
      for (const headers of [BROWSER_NAVIGATION, ANY, {}]) {
        const response = await app.inject({ url, headers });
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
      }
    },
  );

  it.each(['/organisations/12', '/search?q=gene', '/standards', '/databases/repositories', '/users/5'])(
    '%s, a page under an API root, is a page for a browser: 200',
    async (url) => {
      const response = await app.inject({ url, headers: BROWSER_NAVIGATION });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
    },
  );

  it.each(['/no/such/page', '/nosuchpage', '/999999999', '/FAIRsharing.zzzzzz', '/10.25504/FAIRsharing.zzzzzz', '/bsg-s999999', '/a%20b', '/2/edit/more'])(
    '%s names nothing: the app\'s page with 404',
    async (url) => {
      for (const headers of [BROWSER_NAVIGATION, ANY, {}]) {
        const response = await app.inject({ url, headers });
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(404);
        expect(response.headers['content-type']).toContain('text/html');
        expect(withoutStartupData(response.body)).toBe(INDEX_HTML);
      }
    },
  );

  it.each(['/%00', '/10.25504/%00', '/%E0%A4%A', '/10.25504/a%00b'])('%s is refused as bad input, never a 5xx', async (url) => {
    for (const headers of [BROWSER_NAVIGATION, ANY, JSON_LD]) {
      const response = await app.inject({ url, headers });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('sends a browser asking for /favicon.ico to the site’s icon', async () => {
    const response = await app.inject({ url: '/favicon.ico', headers: ANY });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/favicon.svg');
  });

  it('still answers API clients with the JSON 404', async () => {
    const response = await app.inject({ url: '/no/such/page', headers: JSON_CLIENT });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Not Found', statusCode: 404 });
    const post = await app.inject({ method: 'POST', url: '/2', headers: ANY });
    expect(post.statusCode).toBe(404);
    expect(post.headers['content-type']).toContain('application/json');
  });
});

describe('record and DOI URLs', () => {
  const recordUrls = () => [`/${loinc.id}`, `/${loinc.doi}`, `/${loinc.doi.replace(/^10\.25504\//, '')}`, `/${loinc.doi.toUpperCase()}`];

  it('answer the record page for */*, text/html and no Accept header, with the record\'s own head', async () => {
    for (const url of recordUrls()) {
      for (const headers of [ANY, BROWSER_NAVIGATION, {}, { accept: 'text/*' }]) {
        const response = await app.inject({ url, headers });
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.headers.vary).toContain('Accept');
        expect(titleOf(response.body)).toBe(`FAIRsharing | ${loinc.name}`);
        expect(metaOf(response.body, 'og:title')).toBe(loinc.name);
        expect(metaOf(response.body, 'og:url')).toBe(`${env.config.publicUrl}/${loinc.id}`);
        expect(metaOf(response.body, 'og:description')).toBe(metaOf(response.body, 'description'));
        expect(metaOf(response.body, 'description')).not.toBe('A curated registry.');
        expect(response.body.match(/<meta name="description"/g)).toHaveLength(1);
      }
    }
  });

  it('answer a legacy id with the record page', async () => {
    const response = await app.inject({ url: `/${legacy.legacyId}`, headers: ANY });
    expect(response.statusCode).toBe(200);
    expect(metaOf(response.body, 'og:url')).toBe(`${env.config.publicUrl}/${legacy.id}`);
  });

  it('answer the record\'s JSON-LD for application/ld+json, the same as GraphQL\'s schemaOrg', async () => {
    const graphql = await app.inject({ method: 'POST', url: '/graphql', headers: JSON_CLIENT, payload: { query: `{fairsharingRecord(id:${loinc.id}){schemaOrg}}` } });
    const expected = graphql.json().data.fairsharingRecord.schemaOrg;
    expect(expected).toMatchObject({ '@context': 'https://schema.org', name: loinc.name });
    for (const url of recordUrls()) {
      for (const headers of [JSON_LD, { accept: 'application/ld+json;profile="http://schema.org", text/html;q=0.5' }]) {
        const response = await app.inject({ url, headers });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toBe('application/ld+json; charset=utf-8');
        expect(response.headers.vary).toContain('Accept');
        expect(response.json()).toEqual(expected);
      }
    }
  });

  it('prefer the page when the client ranks it higher', async () => {
    const response = await app.inject({ url: `/${loinc.id}`, headers: { accept: 'application/ld+json;q=0.5, text/html' } });
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('records an anonymous visitor may not see', () => {
  it.each([
    ['hidden, by id', () => `/${hidden.id}`],
    ['hidden, by DOI', () => `/${hidden.doi}`],
    ['unapproved', () => `/${unapprovedId}`],
  ])('%s: the page with 404, and no JSON-LD', async (_label, url) => {
    for (const headers of [ANY, BROWSER_NAVIGATION]) {
      const page = await app.inject({ url: url(), headers });
      expect(page.statusCode).toBe(404);
      expect(withoutStartupData(page.body)).toBe(INDEX_HTML);
    }
    const jsonLd = await app.inject({ url: url(), headers: JSON_LD });
    expect(jsonLd.statusCode).toBe(404);
    expect(jsonLd.json()).toMatchObject({ error: 'Not Found', statusCode: 404 });
  });
});

describe('a record page head', () => {
  it('escapes the record\'s text', async () => {
    const response = await app.inject({ url: `/${hostileId}`, headers: BROWSER_NAVIGATION });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body.match(/<\/title>/g)).toHaveLength(1);
    const decode = (text: string | undefined) =>
      text?.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
    expect(decode(titleOf(response.body))).toBe(`FAIRsharing | ${HOSTILE_NAME}`);
    expect(decode(metaOf(response.body, 'og:title'))).toBe(HOSTILE_NAME);
  });

  it('shortens a long description at a word, on one line', async () => {
    const description = metaOf((await app.inject({ url: `/${hostileId}`, headers: BROWSER_NAVIGATION })).body, 'description') ?? '';
    expect(description.length).toBeLessThanOrEqual(400);
    expect(description).toMatch(/ word…$/);
    expect(description).not.toContain('\n');
  });
});

describe('the answer to a record page\'s query, inside the page', () => {
  const pageAnswer = (html: string) => pageDataBlock(html, EARLY_ANSWERS_ELEMENT_ID) as { query: string; data: unknown } | null;

  it.each([
    ['by id', () => ({ url: `/${loinc.id}`, identifier: String(loinc.id) })],
    ['by DOI', () => ({ url: `/${loinc.doi}`, identifier: loinc.doi })],
  ])('%s: the query the page sends, answered as the API answers an anonymous visitor', async (_label, target) => {
    const { url, identifier } = target();
    const answer = pageAnswer((await app.inject({ url, headers: BROWSER_NAVIGATION })).body);
    expect(answer?.query).toBe(recordPageQuery(identifier));
    const api = await app.inject({ method: 'POST', url: '/graphql', headers: JSON_CLIENT, payload: { query: recordPageQuery(identifier) } });
    expect(answer?.data).toEqual(api.json().data);
    expect((answer?.data as { fairsharingRecord: { name: string } }).fairsharingRecord.name).toBe(loinc.name);
  });

  it('keeps the record\'s text inside the data block', async () => {
    const response = await app.inject({ url: `/${hostileId}`, headers: BROWSER_NAVIGATION });
    expect(response.body).not.toContain('<script>alert(1)');
    expect((pageAnswer(response.body)?.data as { fairsharingRecord: { name: string } }).fairsharingRecord.name).toBe(HOSTILE_NAME);
  });

  it('is left out of pages of records an anonymous visitor may not see', async () => {
    for (const url of [`/${hidden.id}`, `/${unapprovedId}`, '/999999999']) {
      expect(pageAnswer((await app.inject({ url, headers: BROWSER_NAVIGATION })).body), url).toBeNull();
    }
  });
});

describe('when the record cannot be read', () => {
  it('answers 503 without the database\'s own words', async () => {
    const offline = await buildTestApp({ ...env.config, databaseUrl: 'postgres://postgres@127.0.0.1:1/registry' }, { webDistDir });
    try {
      const page = await offline.inject({ url: '/2', headers: BROWSER_NAVIGATION });
      expect(page.statusCode).toBe(503);
      // Nor can the messages be: the page goes without its start-up data (the app asks itself).
      expect(page.body).toBe(INDEX_HTML);
      const jsonLd = await offline.inject({ url: '/2', headers: JSON_LD });
      expect(jsonLd.statusCode).toBe(503);
      expect(jsonLd.json().message).toBe('The record cannot be read right now. Please try again later.');
      const unknown = await offline.inject({ url: '/no/such/page', headers: BROWSER_NAVIGATION });
      expect(unknown.statusCode).toBe(404);
    } finally {
      await offline.close();
    }
  });

  it('sends the page without asking the database in maintenance mode', async () => {
    const maintenance = await buildTestApp({ ...env.config, maintenanceMode: true, databaseUrl: 'postgres://postgres@127.0.0.1:1/registry' }, { webDistDir });
    try {
      const page = await maintenance.inject({ url: '/2', headers: BROWSER_NAVIGATION });
      expect(page.statusCode).toBe(200);
      expect(withoutStartupData(page.body)).toBe(INDEX_HTML);
      expect((await maintenance.inject({ url: '/2', headers: JSON_LD })).statusCode).toBe(503);
    } finally {
      await maintenance.close();
    }
  });
});
