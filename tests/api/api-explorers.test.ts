/**
 * The API's own explorers, as the server sends them: the OpenAPI page (no redirect loop, laid out
 * for phones, a CSP that works over plain http) and the GraphiQL page with the schema inside.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildSchema } from 'graphql';
import { graphqlSchemaSdl } from '@registry/api/graphql/schema-sdl.ts';
import { GRAPHQL_SDL_ELEMENT_ID } from '@registry/schemas/web/graphiql-page.ts';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { BROWSER_NAVIGATION, buildTestApp, fakeWebBuild, removeWebBuild } from './support.ts';

const GRAPHIQL_HTML = '<!doctype html><html><head><title>GraphiQL</title></head><body><div id="graphiql"></div></body></html>';
let webDistDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  webDistDir = fakeWebBuild({ 'graphiql.html': GRAPHIQL_HTML });
  app = await buildTestApp(sharedCatalogueConfig(), { webDistDir });
});

afterAll(async () => {
  await app?.close();
  removeWebBuild(webDistDir);
});

/** Follows redirects as a browser would, at most `limit` of them. */
async function follow(url: string, limit = 5): Promise<{ statusCode: number; url: string; hops: number }> {
  let current = url;
  for (let hops = 0; hops <= limit; hops += 1) {
    const response = await app.inject({ url: current, headers: BROWSER_NAVIGATION });
    const location = response.headers.location;
    if (response.statusCode < 300 || response.statusCode >= 400 || typeof location !== 'string') return { statusCode: response.statusCode, url: current, hops };
    current = new URL(location, `http://localhost${current}`).pathname + new URL(location, `http://localhost${current}`).search;
  }
  throw new Error(`${url}: more than ${limit} redirects`);
}

describe('OpenAPI page', () => {
  it.each(['/api/docs', '/api/docs/', '/api/docs/static/index.html', '/api/docs/static/index.html?url=x', '/api/docs/static/index.html?url=https://example.org/evil.json&x=1'])(
    '%s lands on the docs in at most one redirect',
    async (url) => {
      const landed = await follow(url);
      expect(landed.statusCode).toBe(200);
      expect(landed.hops).toBeLessThanOrEqual(1);
      expect(landed.url).toMatch(/^\/api\/docs\/?$/);
    },
  );

  it('is laid out for the device\'s width, titled with the site name, with a narrow-screen style', async () => {
    const page = await app.inject({ url: '/api/docs/', headers: BROWSER_NAVIGATION });
    expect(page.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page.body).toContain(`<title>${app.config.siteName} REST API</title>`);
    const css = await app.inject({ url: '/api/docs/static/theme/narrow-screens.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toContain('@media (max-width: 600px)');
  });

  it("loads Swagger UI's bundle without the standalone preset the base layout does not use", async () => {
    const page = await app.inject({ url: '/api/docs/', headers: BROWSER_NAVIGATION });
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.body).not.toContain('swagger-ui-standalone-preset.js');
    const stand = await app.inject({ url: '/api/docs/static/theme/no-standalone-preset.js' });
    expect(stand.statusCode).toBe(200);
    expect(stand.body).toContain('window.SwaggerUIStandalonePreset = function');
  });

  it('has a CSP that works over plain http and loads nothing from elsewhere', async () => {
    const csp = String((await app.inject({ url: '/api/docs/', headers: BROWSER_NAVIGATION })).headers['content-security-policy']);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).toMatch(/(^|; )style-src 'self' 'unsafe-inline'(;|$)/);
    expect(csp).toMatch(/(^|; )script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*https:/);
  });
});

describe('GraphiQL page', () => {
  it('carries the schema the endpoint serves, as a JSON data block', async () => {
    const response = await app.inject({ url: '/graphiql', headers: BROWSER_NAVIGATION });
    expect(response.statusCode).toBe(200);
    const block = response.body.match(new RegExp(`<script type="application/json" id="${GRAPHQL_SDL_ELEMENT_ID}">(.*?)</script>`, 's'));
    const sdl: unknown = JSON.parse(block?.[1] ?? 'null');
    expect(sdl).toBe(graphqlSchemaSdl());
    const schema = buildSchema(sdl as string);
    expect(schema.getQueryType()?.getFields()).toHaveProperty('searchFairsharingRecords');
    expect(response.headers['content-security-policy']).not.toContain('unpkg');
  });
});
