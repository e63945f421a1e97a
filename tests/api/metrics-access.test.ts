/**
 * /metrics is not for the public: anonymous clients asking for its few hundred kilobytes many
 * times a second slowed everyone's search. By default it is not on the public port (404); with
 * METRICS_TOKEN it answers the bearer of that token there (401 otherwise); with METRICS_PORT an
 * api process serves it on a listener of its own, as workers do on HEALTH_PORT.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startApiServer, type RunningApiServer } from '@registry/api/api-server.ts';
import { loadConfig } from '@registry/platform';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { buildTestApp } from './support.ts';

const TOKEN = 'metrics-token-for-the-scraper-0123';
const opened: FastifyInstance[] = [];
let server: RunningApiServer | undefined;

afterAll(async () => {
  await Promise.all(opened.map((app) => app.close()));
  await server?.stop();
});

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildTestApp(loadConfig({ ...process.env, ...env }));
  opened.push(app);
  return app;
}

describe('/metrics', () => {
  it('is not served on the public port by default', async () => {
    const app = await appWith({});
    const answer = await app.inject({ url: '/metrics' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('registry_http_request_duration_seconds');
  });

  it('answers only the bearer of METRICS_TOKEN on the public port', async () => {
    const app = await appWith({ METRICS_TOKEN: TOKEN });
    const anonymous = await app.inject({ url: '/metrics' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(anonymous.json().message).toMatch(/METRICS_TOKEN/);
    expect((await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(401);
    const scraper = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraper.statusCode).toBe(200);
    expect(scraper.body).toContain('registry_http_request_duration_seconds');
  });

  it('refuses a token short enough to guess', () => {
    expect(() => loadConfig({ ...process.env, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => loadConfig({ ...process.env, METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT must be a whole number/);
  });

  it('is served on METRICS_PORT by an api process, and not on its public port', async () => {
    server = await startApiServer({ ...sharedCatalogueConfig(), host: '127.0.0.1', port: 0, metrics: { port: 0, token: null } }, { logger: false, drainMs: 0 });
    const address = server.app.server.address();
    const publicPort = typeof address === 'object' && address ? address.port : 0;
    expect((await fetch(`http://127.0.0.1:${publicPort}/metrics`)).status).toBe(404);
    expect(server.metricsPort).toBeGreaterThan(0);
    await fetch(`http://127.0.0.1:${publicPort}/readyz`);
    const metrics = await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('registry_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/readyz"');
    expect((await fetch(`http://127.0.0.1:${server.metricsPort}/readyz`)).status).toBe(200);
  });
});
