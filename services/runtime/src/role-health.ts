/**
 * Readiness and metrics of a worker or scheduler process on its HEALTH_PORT: the same readiness
 * probes as the API's /readyz (Postgres, OpenSearch not red, the alias) plus the role's own state,
 * and the indexing pipeline's gauges. Its own small connections, closed with it.
 */
import { Registry } from 'prom-client';
import { createDatabase, createIndexQueue, createQueueConnection, createSearchClient, type RegistryConfig } from '@registry/platform';
import { bindDependencies } from '@registry/api/kernel/bind-dependencies.ts';
import { oldestPendingOutboxAt, pingDatabase, recentRecordRevisions } from '@registry/api/operations/operations-repository.ts';
import { checkReadiness } from '@registry/api/operations/health-routes.ts';
import { countSearchErrors } from '@registry/api/metrics/metrics-plugin.ts';
import { registerPipelineGauges } from '@registry/api/metrics/pipeline-gauges.ts';
import { startHealthServer } from '@registry/api/metrics/operations-server.ts';

export interface RoleHealthOptions {
  role: string;
  port: number;
  /** True once the role is stopping: it is then not ready. */
  draining(): boolean;
  /** The role's own state, shown in /readyz (e.g. whether this scheduler leads). */
  state?(): Record<string, unknown>;
}

export interface RunningRoleHealth {
  port: number;
  close(): Promise<void>;
}

export async function startRoleHealth(config: RegistryConfig, options: RoleHealthOptions): Promise<RunningRoleHealth> {
  const db = createDatabase(config.databaseUrl, { min: 0, max: 2 });
  const searchClient = createSearchClient(config, { requestTimeoutMs: 5_000 });
  const connection = createQueueConnection(config);
  const queue = createIndexQueue(config, connection);
  const operations = bindDependencies(db, { pingDatabase, oldestPendingOutboxAt, recentRecordRevisions });
  const metrics = new Registry();
  metrics.setDefaultLabels({ role: options.role });
  countSearchErrors(metrics, searchClient);
  registerPipelineGauges(metrics, { ...operations, queue, searchClient, indexPrefix: config.indexPrefix });
  const server = await startHealthServer({
    port: options.port,
    host: config.host,
    role: options.role,
    metrics,
    readiness: async () => ({
      ...(await checkReadiness({ pingDatabase: operations.pingDatabase, searchClient, indexPrefix: config.indexPrefix, draining: options.draining() })),
      ...options.state?.(),
    }),
  });
  return {
    port: server.port,
    async close() {
      await server.close();
      await queue.close().catch(() => undefined);
      connection.disconnect();
      await db.destroy();
      await searchClient.close();
    },
  };
}
