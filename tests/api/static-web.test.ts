/** Serving the built web app: files, cache headers, and the SPA fallback that leaves the API alone. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { buildTestApp, BROWSER_NAVIGATION, fakeWebBuild, JSON_CLIENT, removeWebBuild } from './support.ts';
import { pageDataBlock, withoutStartupData } from './page-data-blocks.ts';
import type { GraphqlRequest } from '@registry/schemas/search/client/graphql-request.ts';
import { EARLY_ANSWERS_ELEMENT_ID, searchQueryForUrl } from '@registry/schemas/search/client/search-page-route.ts';

const INDEX_HTML = '<!doctype html><html><head><title>registry test build</title></head><body><div id="root"></div></body></html>';
const GRAPHIQL_HTML = '<!doctype html><html><head><title>GraphiQL</title></head><body><div id="graphiql"></div></body></html>';
let webDistDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  webDistDir = fakeWebBuild({
    'index.html': INDEX_HTML,
    'graphiql.html': GRAPHIQL_HTML,
    'assets/index-3f2a91bc.js': 'console.log("app")',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  });
  app = await buildTestApp(sharedCatalogueConfig(), { webDistDir });
});

afterAll(async () => {
  await app?.close();
  removeWebBuild(webDistDir);
});

describe('static files', () => {
  it('serves / as the app titled "<name> | Home" (SPEC §2), never cached', async () => {
    const response = await app.inject({ url: '/', headers: BROWSER_NAVIGATION });
    expect(response.statusCode).toBe(200);
    expect(withoutStartupData(response.body)).toBe(INDEX_HTML.replace('registry test build', `${app.config.siteName} | Home`));
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ url: '/assets/index-3f2a91bc.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates unhashed files', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('SPA fallback', () => {
  it.each([
    ['/organisations', 200],
    ['/organisations/12', 200],
    ['/users/5', 200],
    ['/no/such/page', 404],
  ])('a browser navigating to %s gets the app (status %i)', async (url, statusCode) => {
    const response = await app.inject({ url, headers: BROWSER_NAVIGATION });
    expect(response.statusCode).toBe(statusCode);
    expect(response.headers['content-type']).toContain('text/html');
    expect(withoutStartupData(response.body)).toBe(INDEX_HTML);
  });

  it.each(['/search?q=genomics', '/standards'])('a browser navigating to %s gets the app with the answer to its search', async (url) => {
    const response = await app.inject({ url, headers: BROWSER_NAVIGATION });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toMatch(/<script type="application\/json" id="early-answers">.*<\/script>\s*<\/head>/s);
    expect(withoutStartupData(response.body).replace(/\s*<script type="application\/json" id="early-answers">.*?<\/script>\s*/s, '')).toBe(INDEX_HTML);
  });

  it('answers API clients on unknown paths with the JSON 404', async () => {
    const response = await app.inject({ url: '/no/such/page', headers: JSON_CLIENT });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Not Found', statusCode: 404 });
  });

  it('never shadows API paths, even for a browser', async () => {
    const unknownApi = await app.inject({ url: '/export/nothing', headers: BROWSER_NAVIGATION });
    expect(unknownApi.statusCode).toBe(404);
    expect(unknownApi.headers['content-type']).toContain('application/json');
    const sitemap = await app.inject({ url: '/sitemap.xml', headers: BROWSER_NAVIGATION });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    const missingAsset = await app.inject({ url: '/assets/missing-123.js' });
    expect(missingAsset.statusCode).toBe(404);
  });

  it('serves GraphiQL from the build, under the site\'s CSP, and leaves the API docs to their own routes', async () => {
    const graphiql = await app.inject({ url: '/graphiql', headers: BROWSER_NAVIGATION });
    expect(graphiql.statusCode).toBe(200);
    expect(graphiql.body).toContain('<div id="graphiql"></div>');
    expect(graphiql.body).toMatch(/<script type="application\/json" id="graphql-sdl">.+<\/script>\s*<\/head>/s);
    expect(graphiql.headers['content-security-policy']).toContain("script-src 'self';");
    expect(graphiql.headers['content-security-policy']).not.toContain('unpkg');
    const docs = await app.inject({ url: '/api/docs/json', headers: BROWSER_NAVIGATION });
    expect(docs.json()).toHaveProperty('openapi');
  });

  it('still loads the app in maintenance mode so it can show its maintenance page', async () => {
    const maintenance = await buildTestApp({ ...sharedCatalogueConfig(), maintenanceMode: true }, { webDistDir });
    try {
      const page = await maintenance.inject({ url: '/maintenance', headers: BROWSER_NAVIGATION });
      expect(page.statusCode).toBe(200);
      expect(page.headers.maintenance).toBe('true');
      expect(withoutStartupData(page.body)).toBe(INDEX_HTML);
      // No search answer in the page either: the app shows the maintenance page.
      const search = await maintenance.inject({ url: '/search?q=gene', headers: BROWSER_NAVIGATION });
      expect(withoutStartupData(search.body)).toBe(INDEX_HTML);
    } finally {
      await maintenance.close();
    }
  });
});

describe('screen code preloads', () => {
  const ROUTE_PRELOADS = [
    { pattern: '^/(search|standards)/?$', files: ['/assets/SearchPage-1a2b.js', '/assets/badge-3c4d.js'] },
    { pattern: '^/(\\d+|10\\.25504/[^/]+)/?$', files: ['/assets/RecordPage-5e6f.js'] },
  ];
  let preloadDist: string;
  let preloadApp: FastifyInstance;

  beforeAll(async () => {
    preloadDist = fakeWebBuild({ 'index.html': INDEX_HTML, 'route-preloads.json': JSON.stringify(ROUTE_PRELOADS) });
    preloadApp = await buildTestApp(sharedCatalogueConfig(), { webDistDir: preloadDist });
  });

  afterAll(async () => {
    await preloadApp?.close();
    removeWebBuild(preloadDist);
  });

  const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

  it('names the code of the screen a path lands on, in the head', async () => {
    const search = await preloadApp.inject({ url: '/Standards/?q=gene', headers: BROWSER_NAVIGATION });
    expect(preloadsOf(search.body)).toEqual(ROUTE_PRELOADS[0].files);
    expect(search.body.indexOf('modulepreload')).toBeLessThan(search.body.indexOf('</head>'));
    const record = await preloadApp.inject({ url: '/10.25504/FAIRsharing.2mk2zb', headers: BROWSER_NAVIGATION });
    expect(preloadsOf(record.body)).toEqual(ROUTE_PRELOADS[1].files);
  });

  it('sends the plain page where no screen is listed', async () => {
    for (const url of ['/organisations', '/searches', '/no/such/page']) {
      const response = await preloadApp.inject({ url, headers: BROWSER_NAVIGATION });
      expect(withoutStartupData(response.body)).toBe(INDEX_HTML);
    }
  });

  it('refuses a list that is not {pattern, files}', async () => {
    const broken = fakeWebBuild({ 'index.html': INDEX_HTML, 'route-preloads.json': JSON.stringify([{ pattern: '^/$', files: ['"><script>alert(1)</script>'] }]) });
    try {
      await expect(buildTestApp(sharedCatalogueConfig(), { webDistDir: broken })).rejects.toThrow(/route-preloads\.json is not a list/);
    } finally {
      removeWebBuild(broken);
    }
  });
});

describe('the answer to a search page\'s search, inside the page', () => {
  type PageAnswer = GraphqlRequest & { data: unknown };
  const pageAnswer = (html: string) => pageDataBlock(html, EARLY_ANSWERS_ELEMENT_ID) as PageAnswer | null;

  it('is the answer the API gives to the request the page sends, for an anonymous visitor', async () => {
    const url = '/databases?q=gene%20expression&subjects=Life%20Science&page=2&perPage=10';
    const answer = pageAnswer((await app.inject({ url, headers: BROWSER_NAVIGATION })).body);
    const sent = searchQueryForUrl('/databases', new URLSearchParams(url.split('?')[1]));
    expect(answer && { query: answer.query, variables: answer.variables }).toEqual(sent);
    const api = await app.inject({ method: 'POST', url: '/graphql', headers: JSON_CLIENT, payload: sent! });
    expect(answer?.data).toEqual(api.json().data);
    expect((answer?.data as { searchFairsharingRecords: { currentPage: number } }).searchFairsharingRecords.currentPage).toBe(2);
  });

  it('keeps its text inside the data block, whatever the search says', async () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const response = await app.inject({ url: `/search?q=${encodeURIComponent(hostile)}`, headers: BROWSER_NAVIGATION });
    expect(response.body).not.toContain('<script>alert(1)');
    expect(pageAnswer(response.body)?.variables?.q).toBe(hostile);
  });

  it('is left out where the page would not search: other pages, URLs the route guard cleans first, HEAD requests', async () => {
    // (A record page carries its record's answer instead: tests/api/web-page-status.test.ts.)
    for (const url of ['/organisations', '/search?content=biodbcore', '/search?q=gene&subjects=']) {
      expect(pageAnswer((await app.inject({ url, headers: BROWSER_NAVIGATION })).body), url).toBeNull();
    }
    const head = await app.inject({ method: 'HEAD', url: '/search?q=gene', headers: BROWSER_NAVIGATION });
    expect(head.statusCode).toBe(200);
  });

  it('is left out when search is down, and the page is still sent', async () => {
    const offline = await buildTestApp({ ...sharedCatalogueConfig(), opensearchUrl: 'http://127.0.0.1:1' }, { webDistDir });
    try {
      const response = await offline.inject({ url: '/search?q=gene', headers: BROWSER_NAVIGATION });
      expect(response.statusCode).toBe(200);
      expect(withoutStartupData(response.body)).toBe(INDEX_HTML);
    } finally {
      await offline.close();
    }
  });
});
