/** The REST routes against the run's shared, seeded and indexed catalogue (read-only). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { buildTestApp, JSON_CLIENT } from './support.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp(sharedCatalogueConfig());
});

afterAll(async () => {
  await app?.close();
});

describe('GET /healthz', () => {
  it('answers 200 with every service up and the queue figures', async () => {
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'ok', postgres: 'up', redis: 'up', opensearch: 'up' });
    for (const key of ['waiting', 'delayed', 'failed', 'outboxPending']) {
      expect(Number.isInteger(body.queue[key])).toBe(true);
    }
    expect(body).not.toHaveProperty('errors');
  });
});

describe('GET /homepage_stats', () => {
  it('counts public records per registry, contributors and views', async () => {
    const response = await app.inject({ url: '/homepage_stats', headers: JSON_CLIENT });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body.records).sort()).toEqual(['collection', 'database', 'policy', 'standard']);
    expect(body.records.standard).toBeGreaterThan(1_000);
    expect(body.records.database).toBeGreaterThan(1_000);
    expect(body.totalRecords).toBe(Object.values<number>(body.records).reduce((sum, count) => sum + count, 0));
    expect(body.contributors).toBeGreaterThanOrEqual(0);
    expect(body.views).toBeGreaterThanOrEqual(0);
  });
});

describe('GET /homepage_jsonld', () => {
  it('describes the site as a schema.org DataCatalog', async () => {
    const response = await app.inject({ url: '/homepage_jsonld' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/ld+json');
    const body = response.json();
    expect(body['@context']).toBe('https://schema.org');
    expect(body['@type']).toBe('DataCatalog');
    expect(body.name).toBe(app.config.siteName);
    expect(body.url).toBe(app.config.publicUrl);
  });
});

describe('GET /record_associations/allowed', () => {
  it('lists relation types with their allowed registry pairs', async () => {
    const response = await app.inject({ url: '/record_associations/allowed' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Array.isArray(body)).toBe(true);
    const rows = await app.db('relation_types').count<{ count: string }[]>({ count: '*' });
    expect(body).toHaveLength(Number(rows[0].count));
    for (const item of body) {
      expect(item).toEqual({ name: expect.any(String), id: expect.any(Number), allowed_associations: expect.any(Array) });
      for (const pair of item.allowed_associations) expect(pair).toEqual({ from: expect.any(String), to: expect.any(String) });
    }
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the static pages and public record pages, LOINC (/2) among them', async () => {
    const response = await app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const publicUrl = app.config.publicUrl;
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(response.body).toContain(`<loc>${publicUrl}/standards</loc>`);
    expect(response.body).toContain(`<loc>${publicUrl}/2</loc>`);
    const publicCount = await app.db('records').where({ is_hidden: false, is_approved: true }).count<{ count: string }[]>({ count: '*' });
    const recordEntries = response.body.match(new RegExp(`<loc>${publicUrl}/\\d+</loc>`, 'g')) ?? [];
    expect(recordEntries).toHaveLength(Number(publicCount[0].count));
    // A last change the sources date is given; an unknown one is left out, not made the seed's day.
    expect(response.body).toContain(`<url><loc>${publicUrl}/2183</loc><lastmod>2017-05-09</lastmod></url>`);
    expect(response.body).toContain(`<url><loc>${publicUrl}/2</loc></url>`);
  });
});

describe('open dumps', () => {
  it('GET /export/records.json streams every public record as a JSON array', async () => {
    const response = await app.inject({ url: '/export/records.json' });
    expect(response.statusCode).toBe(200);
    const records = response.json();
    const publicCount = await app.db('records').where({ is_hidden: false, is_approved: true }).count<{ count: string }[]>({ count: '*' });
    expect(records).toHaveLength(Number(publicCount[0].count));
    const loinc = records.find((record: { id: number }) => record.id === 2);
    expect(loinc).toMatchObject({ id: 2, doi: '10.25504/FAIRsharing.2mk2zb', abbreviation: 'LOINC', registry: 'standard' });
    expect(Array.isArray(loinc.subjects)).toBe(true);
    // Dates as the sources give them (the 2018 export dates Open Connectome), else null.
    expect(loinc).toMatchObject({ createdAt: null, updatedAt: null });
    expect(records.find((record: { id: number }) => record.id === 2183)).toMatchObject({ createdAt: '2014-12-18T22:53:50.720Z', updatedAt: '2017-05-09T11:38:04.085Z' });
    const ids = records.map((record: { id: number }) => record.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('GET /export/records.csv streams a header and one row per public record', async () => {
    const response = await app.inject({ url: '/export/records.csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('records.csv');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('id,name,abbreviation,registry,type,status,doi,homepage,subjects,domains,taxonomies,countries,licences,url');
    const loincLine = lines.find((line) => line.startsWith('2,'));
    expect(loincLine).toContain('LOINC');
    expect(loincLine).toContain('https://doi.org/10.25504/FAIRsharing.2mk2zb');
  });
});

describe('GET /advanced_search', () => {
  it('answers the records matching the groups, in the GraphQL advancedSearch shape', async () => {
    const response = await app.inject({
      url: '/advanced_search',
      query: { q: 'LOINC', operator: '_and', fields: '(operator=_and&registry=standard)' },
    });
    expect(response.statusCode).toBe(200);
    const records = response.json();
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((record: { registry: string }) => record.registry === 'standard')).toBe(true);
    expect(records.map((record: { id: number }) => record.id)).toContain(2);
    expect(Object.keys(records[0]).sort()).toEqual(
      ['abbreviation', 'description', 'doi', 'domains', 'homepage', 'id', 'name', 'publications', 'registry', 'status', 'subjects', 'taxonomies', 'type'].sort(),
    );
  });

  it('answers 400 "invalid query" for an unknown filter', async () => {
    const response = await app.inject({ url: '/advanced_search', query: { fields: '(operator=_and&noSuchFilter=x)' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid query');
  });
});

describe('validation and errors', () => {
  it('rejects a query string that breaks the schema with 400 and a clear message', async () => {
    const response = await app.inject({ url: '/advanced_search', query: { operator: 'xor' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Bad Request',
      statusCode: 400,
      message: expect.stringContaining('querystring/operator must match pattern'),
    });
  });

  it('says once which values a refused choice allows', async () => {
    const response = await app.inject({ url: '/feeds/records.atom', query: { registry: 'nope' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('querystring/registry must be one of: standard, database, policy, collection');
  });

  it('rejects a too long text with 400', async () => {
    const response = await app.inject({ url: '/advanced_search', query: { q: 'x'.repeat(2_000) } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('querystring/q');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await app.inject({ url: '/export/nothing-here', headers: JSON_CLIENT });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not Found', statusCode: 404, message: 'No route for GET /export/nothing-here' });
  });

  it('answers bad JSON with 400 and an unsupported content type with 415, never a stack trace', async () => {
    const badJson = await app.inject({ method: 'POST', url: '/record_associations/allowed', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect([400, 404]).toContain(badJson.statusCode);
    expect(badJson.json()).toHaveProperty('error');
    expect(badJson.body).not.toContain('    at ');
  });
});

describe('CORS and security headers', () => {
  it('lets any origin call the API without credentials', async () => {
    const response = await app.inject({ url: '/homepage_stats', headers: { origin: 'https://elsewhere.example' } });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(response.headers['access-control-expose-headers'])).toContain('read-only');
  });

  it('answers a preflight for POST with Authorization', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/graphql',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('sends a CSP and the usual helmet headers', async () => {
    const response = await app.inject({ url: '/homepage_stats' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('carries rate-limit headers on API calls', async () => {
    const response = await app.inject({ url: '/homepage_stats' });
    expect(response.headers['x-ratelimit-limit']).toBeDefined();
    expect(response.headers['x-ratelimit-remaining']).toBeDefined();
    expect(response.headers['x-ratelimit-reset']).toBeDefined();
  });
});

describe('API documentation', () => {
  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    for (const path of ['/healthz', '/homepage_stats', '/sitemap.xml', '/export/records.csv', '/advanced_search', '/record_associations/allowed']) {
      expect(document.paths).toHaveProperty(path);
    }
  });

  it('serves Swagger UI at /api/docs', async () => {
    const response = await app.inject({ url: '/api/docs/', headers: { accept: 'text/html' } });
    expect([200, 302]).toContain(response.statusCode);
  });
});
