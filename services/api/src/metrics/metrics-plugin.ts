/**
 * GET /metrics: Prometheus metrics of this API process (prom-client's text format): request
 * latency by route, method and status, failed OpenSearch calls, and the indexing pipeline's
 * gauges (pipeline-gauges.ts). Each app has its own registry, so several apps in one process
 * (the test suites) do not collide.
 */
import fp from 'fastify-plugin';
import { Counter, Histogram, Registry } from 'prom-client';
import { registerPipelineGauges } from './pipeline-gauges.ts';

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

    app.get('/metrics', { schema: { summary: 'Prometheus metrics of this process', tags: ['operations'] }, logLevel: 'warn' }, async (_request, reply) => {
      const text = await registry.metrics();
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
    });
  },
  { name: 'registry-metrics', dependencies: ['registry-index-queue', 'registry-search-client', 'registry-domains'] },
);
