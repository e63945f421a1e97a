/**
 * What reaches the wire: the web build's files as the brotli or gzip copies written at build time
 * (chosen by Accept-Encoding, with Content-Encoding and Vary), and answers built per request
 * (JSON, the app's pages) compressed above 1 KB, Swagger UI's files compressed once per process;
 * small answers, /healthz and the streamed exports go as they are. Serves a copy of web/dist, so a rebuild meanwhile does not disturb it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { buildTestApp, BROWSER_NAVIGATION, JSON_CLIENT } from './support.ts';

const WEB_DIST = join(import.meta.dirname, '../../web/dist');
let webDistDir: string;
let app: FastifyInstance;
/** The entry script of the build, as index.html names it. */
let entryScript: string;

beforeAll(async () => {
  if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error('web/dist is missing: run `bash scripts/build-web.sh` first');
  webDistDir = mkdtempSync(join(tmpdir(), 'registry-web-compression-'));
  cpSync(WEB_DIST, webDistDir, { recursive: true });
  entryScript = /<script type="module"[^>]* src="([^"]+)"/.exec(readFileSync(join(webDistDir, 'index.html'), 'utf8'))?.[1] ?? '';
  app = await buildTestApp(sharedCatalogueConfig(), { webDistDir });
}, 60_000);

afterAll(async () => {
  await app?.close();
  if (webDistDir) rmSync(webDistDir, { recursive: true, force: true });
});

/** The body as sent before encoding. Bodies are compared with Buffer#equals: toEqual walks them byte by byte. */
function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  return response.rawPayload;
}

describe("the web build's files", () => {
  it('has brotli and gzip copies of the entry script, built with the app', () => {
    const original = readFileSync(join(webDistDir, entryScript));
    expect(original.length).toBeGreaterThan(100_000);
    expect(brotliDecompressSync(readFileSync(join(webDistDir, `${entryScript}.br`))).equals(original)).toBe(true);
    expect(gunzipSync(readFileSync(join(webDistDir, `${entryScript}.gz`))).equals(original)).toBe(true);
  });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
  ])('sends the copy Accept-Encoding "%s" asks for (%s), as JavaScript, cached for a year', async (acceptEncoding, encoding) => {
    const response = await app.inject({ url: entryScript, headers: { 'accept-encoding': acceptEncoding } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const original = readFileSync(join(webDistDir, entryScript));
    expect(response.rawPayload.length).toBeLessThan(original.length / 2);
    expect(decoded(response).equals(original)).toBe(true);
  });

  it('sends the file itself to a client that takes no encoding, still saying it varies', async () => {
    const response = await app.inject({ url: entryScript, headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.equals(readFileSync(join(webDistDir, entryScript)))).toBe(true);
  });
});

describe('answers built per request', () => {
  it('compresses a JSON answer over 1 KB with the encoding asked for', async () => {
    for (const encoding of ['br', 'gzip']) {
      const response = await app.inject({ url: '/fairsharing_records?page%5Bsize%5D=20', headers: { ...JSON_CLIENT, 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-length']).not.toBe(String(decoded(response).length));
      expect(JSON.parse(decoded(response).toString('utf8')).data).toHaveLength(20);
    }
    const plain = await app.inject({ url: '/fairsharing_records?page%5Bsize%5D=20', headers: JSON_CLIENT });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data).toHaveLength(20);
  });

  it("compresses the app's page served for a search path (the not-found handler's answer)", async () => {
    const response = await app.inject({ url: '/standards', headers: { ...BROWSER_NAVIGATION, 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/Accept, Accept-Encoding/);
    expect(decoded(response).toString('utf8')).toContain('<div id="root">');
  });

  it('compresses GraphQL answers', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      payload: { query: '{ searchFairsharingRecords(perPage: 20) { records { id name description } } }' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(response).toString('utf8')).data.searchFairsharingRecords.records).toHaveLength(20);
  });

  it('leaves a small answer and /healthz as they are', async () => {
    const health = await app.inject({ url: '/healthz', headers: { ...JSON_CLIENT, 'accept-encoding': 'br, gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toHaveProperty('status');
    const missing = await app.inject({ url: '/no/such/api/thing', headers: { ...JSON_CLIENT, 'accept-encoding': 'br, gzip' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
  });

  it('streams the exports as they are', async () => {
    const response = await app.inject({ url: '/export/records.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(response.body) as unknown[]).length).toBeGreaterThan(100);
  });
});

describe("Swagger UI's files (/api/docs)", () => {
  const bundle = readFileSync(join(import.meta.dirname, '../../node_modules/@fastify/swagger-ui/static/swagger-ui-bundle.js'));

  it('sends its script compressed with the encoding asked for, the same bytes again on the next request', async () => {
    for (const encoding of ['br', 'gzip']) {
      const first = await app.inject({ url: '/api/docs/static/swagger-ui-bundle.js', headers: { 'accept-encoding': encoding } });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers.vary).toMatch(/accept-encoding/i);
      expect(first.rawPayload.length).toBeLessThan(bundle.length / 2);
      expect(decoded(first).equals(bundle)).toBe(true);
      const again = await app.inject({ url: '/api/docs/static/swagger-ui-bundle.js', headers: { 'accept-encoding': encoding } });
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
  });

  it('sends the file itself to a client that takes no encoding', async () => {
    const response = await app.inject({ url: '/api/docs/static/swagger-ui-bundle.js', headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(bundle)).toBe(true);
  });
});
