/**
 * Prometheus metrics of this API process (prom-client's text format): request latency by route,
 * method and status, failed OpenSearch calls, and the indexing pipeline's gauges
 * (pipeline-gauges.ts). Each app has its own registry, so several apps in one process (the test
 * suites) do not collide.
 *
 * Not on the public port by default: the text names every route and costs a few hundred
 * kilobytes to build, and anonymous clients asking for it 200 times a second slowed everyone's
 * search. The api serves it on METRICS_PORT (operations-server.ts, as workers do on HEALTH_PORT,
 * started by api-server.ts); with METRICS_TOKEN set, GET /metrics on the public port answers
 * the bearer of that token (401 otherwise). With neither, /metrics is not a route (404).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { Counter, Histogram, Registry } from 'prom-client';
import { registerPipelineGauges } from './pipeline-gauges.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's metrics, for the METRICS_PORT listener. */
    metricsRegistry: Registry;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries exactly this bearer token (compared in constant time). */
export function carriesBearerToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/** Seconds: from a cached answer (a few ms) to the request time-out (30 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Counts the failed calls of an OpenSearch client (a node down, a time-out, a refused query). */
export function countSearchErrors(registry: Registry, client: { on(event: 'response', listener: (error: unknown) => void): unknown }): void {
  const errors = new Counter({ name: 'registry_search_errors_total', help: 'OpenSearch calls that failed (connection, time-out or an error answer)', registers: [registry] });
  client.on('response', (error) => {
    if (error) errors.inc();
  });
}

export const metricsPlugin = fp(
  async (app) => {
    const registry = new Registry();
    const latency = new Histogram({
      name: 'registry_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer sent, by matched route',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    countSearchErrors(registry, app.searchClient);
    registerPipelineGauges(registry, { ...app.operations, queue: app.indexQueue, searchClient: app.searchClient, indexPrefix: app.config.indexPrefix });

    app.addHook('onResponse', async (request, reply) => {
      latency.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });

    app.decorate('metricsRegistry', registry);

    const token = app.config.metrics.token;
    if (token === null) return;
    app.get('/metrics', {
      schema: { summary: 'Prometheus metrics of this process (with the bearer token of METRICS_TOKEN)', tags: ['operations'], security: [{ bearerAuth: [] }] },
      logLevel: 'warn',
    }, async (request, reply) => {
      if (!carriesBearerToken(request.headers.authorization, token)) {
        return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ statusCode: 401, error: 'Unauthorized', message: 'The metrics need the bearer token configured as METRICS_TOKEN.' });
      }
      const text = await registry.metrics();
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
    });
  },
  { name: 'registry-metrics', dependencies: ['registry-config', 'registry-index-queue', 'registry-search-client', 'registry-domains'] },
);
