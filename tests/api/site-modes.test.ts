/** Maintenance and read-only modes, health with a service down, and the rate limit. */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { buildTestApp, BROWSER_NAVIGATION } from './support.ts';
import { MAINTENANCE_MESSAGE, READ_ONLY_MESSAGE } from '@registry/api/http/site-mode.ts';

const opened: FastifyInstance[] = [];

async function appWith(overrides: Partial<ReturnType<typeof sharedCatalogueConfig>>, rateLimitMax?: number) {
  const app = await buildTestApp({ ...sharedCatalogueConfig(), ...overrides }, rateLimitMax ? { rateLimitMax } : {});
  opened.push(app);
  return app;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

describe('maintenance mode', () => {
  it('answers API calls with 503 and the maintenance header', async () => {
    const app = await appWith({ maintenanceMode: true });
    const response = await app.inject({ url: '/homepage_stats' });
    expect(response.statusCode).toBe(503);
    expect(response.headers.maintenance).toBe('true');
    expect(response.json()).toEqual({ error: 'Service Unavailable', statusCode: 503, message: MAINTENANCE_MESSAGE });

    const graphql = await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ messages { id } }' } });
    expect(graphql.statusCode).toBe(503);
    expect(graphql.headers.maintenance).toBe('true');
  });

  it('keeps /healthz answering', async () => {
    const app = await appWith({ maintenanceMode: true });
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('ok');
  });

  it('keeps CORS headers on the 503 so a cross-origin client can read it', async () => {
    const app = await appWith({ maintenanceMode: true });
    const response = await app.inject({ url: '/homepage_stats', headers: { origin: 'https://elsewhere.example' } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('read-only mode', () => {
  it('marks every response with read-only: true and still answers reads', async () => {
    const app = await appWith({ readOnlyMode: true });
    const response = await app.inject({ url: '/homepage_stats' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['read-only']).toBe('true');
    const graphql = await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ messages { id } }' } });
    expect(graphql.statusCode).toBe(200);
    expect(graphql.headers['read-only']).toBe('true');
  });

  it('refuses REST writes with 423 and the read-only text', async () => {
    const app = await appWith({ readOnlyMode: true });
    for (const [method, url] of [['POST', '/fairsharing_records'], ['PUT', '/organisations/1'], ['DELETE', '/saved_searches/3']] as const) {
      const response = await app.inject({ method, url, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(423);
      expect(response.json()).toEqual({ error: 'Locked', statusCode: 423, message: READ_ONLY_MESSAGE });
    }
  });

  it('has no read-only header when the mode is off', async () => {
    const app = await appWith({});
    const response = await app.inject({ url: '/homepage_stats' });
    expect(response.headers['read-only']).toBeUndefined();
    expect(response.headers.maintenance).toBeUndefined();
  });
});

describe('health with a service down', () => {
  it('answers 503 naming OpenSearch when it cannot be reached', async () => {
    const app = await appWith({ opensearchUrl: 'http://127.0.0.1:1' });
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body).toMatchObject({ status: 'degraded', postgres: 'up', redis: 'up', opensearch: 'down' });
    expect(Object.keys(body.errors)).toEqual(['opensearch']);
    expect(typeof body.errors.opensearch).toBe('string');
  });

  it('answers 503 naming Redis, with unknown queue figures, when Redis cannot be reached', async () => {
    const app = await appWith({ redisUrl: 'redis://127.0.0.1:1' });
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body).toMatchObject({ redis: 'down', postgres: 'up', opensearch: 'up' });
    expect(body.queue.waiting).toBeNull();
    expect(Number.isInteger(body.queue.outboxPending)).toBe(true);
  });
});

describe('Postgres unavailable', () => {
  it('answers 503 saying so, not a server fault, when the database is missing or refuses connections', async () => {
    const base = sharedCatalogueConfig().databaseUrl;
    const missing = Object.assign(new URL(base), { pathname: '/registry_no_such_database' }).toString();
    const refusing = Object.assign(new URL(base), { port: '1' }).toString();
    for (const databaseUrl of [missing, refusing]) {
      const app = await appWith({ databaseUrl });
      const response = await app.inject({ url: '/fairsharing_records/1', headers: { accept: 'application/json' } });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toMatch(/is not available at the moment\. Try again shortly\.$/);
    }
  });
});

describe('rate limit', () => {
  it('answers 429 with retry-after past the limit, in the error shape', async () => {
    const app = await appWith({}, 3);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i += 1) {
      last = await app.inject({ url: '/record_associations/allowed' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last!.headers['retry-after']).toBeDefined();
    expect(last!.headers['x-ratelimit-limit']).toBe('3');
    expect(last!.headers['x-ratelimit-remaining']).toBe('0');
    expect(last!.json()).toMatchObject({ error: 'Too Many Requests', statusCode: 429 });
  });

  it('does not count the health check or web pages', async () => {
    const app = await appWith({}, 1);
    for (let i = 0; i < 3; i += 1) {
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/some/page', headers: BROWSER_NAVIGATION })).statusCode).not.toBe(429);
    }
  });
});
