/**
 * Record pages and their JSON-LD read Postgres, so they count against the per-client rate limit
 * like API calls (they were exempt as web files): past the limit they answer 429 with
 * retry-after (a browser's page load, with the app's page rather than the JSON refusal), while a built file of the app, or a page that reads nothing, stays exempt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { BROWSER_NAVIGATION, buildTestApp, fakeWebBuild, removeWebBuild } from './support.ts';

const RATE_LIMIT = 3;
let webDistDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  webDistDir = fakeWebBuild({ 'assets/index-0a1b2c3d.js': 'console.log("app")' });
  app = await buildTestApp(sharedCatalogueConfig(), { webDistDir, rateLimitMax: RATE_LIMIT });
}, 120_000);

afterAll(async () => {
  await app?.close();
  removeWebBuild(webDistDir);
});

const fromClient = (remoteAddress: string, url: string, headers: Record<string, string>) => app.inject({ url, headers, remoteAddress });

describe('the rate limit', () => {
  it.each([
    ['record pages', BROWSER_NAVIGATION, '10.0.0.1'],
    ['JSON-LD of a record', { accept: 'application/ld+json' }, '10.0.0.2'],
  ])('counts %s: past the limit they answer 429 with retry-after', async (_name, headers, client) => {
    for (let request = 0; request < RATE_LIMIT; request += 1) {
      expect((await fromClient(client, '/10.25504/FAIRsharing.2mk2zb', headers)).statusCode).toBe(200);
    }
    const refused = await fromClient(client, '/10.25504/FAIRsharing.2mk2zb', headers);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    if (headers === BROWSER_NAVIGATION) {
      // A browser's page load gets the app's page, whose own calls wait out the limit, not the JSON refusal.
      expect(refused.headers['content-type']).toMatch(/^text\/html/);
      expect(refused.body).toContain('<div id="root">');
    } else {
      expect(refused.json().message).toMatch(/^Rate limit exceeded: at most 3 requests per 1 minute/);
    }
    // Another client is not affected.
    expect((await fromClient('10.0.0.9', '/10.25504/FAIRsharing.2mk2zb', headers)).statusCode).toBe(200);
  });

  it('leaves the files of the app built, and pages that read nothing, exempt', async () => {
    for (let request = 0; request < RATE_LIMIT + 2; request += 1) {
      expect((await fromClient('10.0.0.3', '/assets/index-0a1b2c3d.js', {})).statusCode).toBe(200);
      expect((await fromClient('10.0.0.3', '/some/page', BROWSER_NAVIGATION)).statusCode).not.toBe(429);
    }
  });
});
