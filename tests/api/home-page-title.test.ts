/** SPEC §2: every page is titled "<name> | <route name>"; the home page's served HTML too, not the bare site name. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { BROWSER_NAVIGATION, buildTestApp, fakeWebBuild, removeWebBuild } from './support.ts';

let webDistDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  webDistDir = fakeWebBuild();
  app = await buildTestApp({ ...sharedCatalogueConfig(), siteName: 'Our Registry' }, { webDistDir });
}, 120_000);

afterAll(async () => {
  await app?.close();
  removeWebBuild(webDistDir);
});

describe('the home page', () => {
  it('is served titled "<name> | Home"', async () => {
    const page = await app.inject({ url: '/', headers: BROWSER_NAVIGATION });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Our Registry | Home</title>');
  });
});
