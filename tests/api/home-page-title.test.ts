/** SPEC §2: every page is titled "<name> | <route name>"; the home page's served HTML too, not the bare site name. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { BROWSER_NAVIGATION, buildTestApp } from './support.ts';

let webDistDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  webDistDir = mkdtempSync(join(tmpdir(), 'registry-home-title-'));
  writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><html><head><title>Registry</title></head><body><div id="root"></div></body></html>');
  app = await buildTestApp({ ...sharedCatalogueConfig(), siteName: 'Our Registry' }, { webDistDir });
}, 120_000);

afterAll(async () => {
  await app?.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

describe('the home page', () => {
  it('is served titled "<name> | Home"', async () => {
    const page = await app.inject({ url: '/', headers: BROWSER_NAVIGATION });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Our Registry | Home</title>');
  });
});
