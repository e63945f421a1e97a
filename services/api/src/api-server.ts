/**
 * The `api` process role: checks that Postgres, OpenSearch and Redis answer, builds the app and
 * listens. Stopping is graceful: /readyz answers 503 first, for `drainMs` (the load balancer's
 * health checks take the process out of rotation meanwhile, and requests are still served),
 * then the server stops accepting connections, finishes the requests in flight and closes its
 * pools and queues. With METRICS_PORT set, /metrics (with /healthz and /readyz) is served on a
 * port of its own, for the monitoring's private network (metrics/metrics-plugin.ts says why).
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { RegistryConfig } from '@registry/platform';
import type { RunningRole } from '@registry/platform/process-roles.ts';
import { buildApp, type BuildAppOptions } from './app.ts';
import { checkServices } from './infrastructure/startup-checks.ts';
import { checkReadiness } from './operations/health-routes.ts';
import { startHealthServer } from './metrics/operations-server.ts';

/** How long /readyz says "not ready" before a stopping server closes; SHUTDOWN_DRAIN_MS overrides. */
export const DEFAULT_DRAIN_MS = 2_000;

export interface RunningApiServer extends RunningRole {
  app: FastifyInstance;
  /** Where /metrics is served when METRICS_PORT is set. */
  metricsPort?: number;
}

export function drainMsFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.SHUTDOWN_DRAIN_MS;
  return raw && /^\d+$/.test(raw) ? Number(raw) : DEFAULT_DRAIN_MS;
}

export async function startApiServer(config: RegistryConfig, options: Omit<BuildAppOptions, 'config'> & { drainMs?: number } = {}): Promise<RunningApiServer> {
  await checkServices(config);
  const { drainMs = DEFAULT_DRAIN_MS, ...appOptions } = options;
  const app = await buildApp({ config, ...appOptions });
  await app.listen({ port: config.port, host: config.host });
  const operations = config.metrics.port === null ? undefined : await startHealthServer({
    port: config.metrics.port,
    host: config.host,
    role: 'api',
    metrics: app.metricsRegistry,
    readiness: () => checkReadiness({ pingDatabase: app.operations.pingDatabase, searchClient: app.searchClient, indexPrefix: config.indexPrefix, draining: app.readiness.draining }),
  });
  if (operations) app.log.info({ port: operations.port }, 'api: health, readiness and metrics');
  return {
    name: 'api',
    app,
    metricsPort: operations?.port,
    async stop() {
      app.readiness.draining = true;
      app.log.info({ drainMs }, 'api: not ready any more; closing after the drain period');
      await delay(drainMs);
      await app.close();
      await operations?.close();
    },
  };
}
