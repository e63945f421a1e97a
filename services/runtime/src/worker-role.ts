/**
 * The `worker` role: consumes the index queue (any number of workers share it), delivers
 * webhooks (dispatching from the change feed, one dispatcher at a time, and sending through the
 * egress module), runs the link checks the scheduler queued and answers the API's publication
 * look-ups (through the egress module too).
 * The outbox sweeper is the scheduler's. Stopping finishes the running job, then closes.
 */
import type { Logger } from 'pino';
import { startIndexer } from '@registry/indexer';
import { createDatabase, type RegistryConfig } from '@registry/platform';
import { startWebhookDelivery } from '@registry/api/webhooks/webhook-jobs.ts';
import { startPublicationLookups } from '@registry/api/references/publication-lookup-jobs.ts';
import { startLinkCheckWorker } from '@registry/api/link-health/link-check-jobs.ts';
import type { RunningRole } from '@registry/platform/process-roles.ts';
import { indexerLog } from './role-logger.ts';
import { startRoleHealth } from './role-health.ts';

export interface WorkerRoleOptions {
  logger: Logger;
  /** Port of /healthz, /readyz and /metrics; none when undefined. */
  healthPort?: number;
}

export async function startWorkerRole(config: RegistryConfig, options: WorkerRoleOptions): Promise<RunningRole> {
  const indexer = await startIndexer(config, { sweeper: false, log: indexerLog(options.logger) });
  // The dispatcher's transaction and up to 32 deliveries at once, each two short statements.
  const webhookDb = createDatabase(config.databaseUrl, { min: 0, max: 8 });
  const webhooks = startWebhookDelivery(config, webhookDb, { log: options.logger });
  const publicationLookups = startPublicationLookups(config, { log: options.logger });
  const linkCheckDb = createDatabase(config.databaseUrl, { min: 0, max: 2 });
  const linkChecks = startLinkCheckWorker(config, linkCheckDb);
  let stopping = false;
  const health = options.healthPort === undefined ? undefined : await startRoleHealth(config, { role: 'worker', port: options.healthPort, draining: () => stopping });
  if (health) options.logger.info({ port: health.port }, 'worker: health, readiness and metrics');
  return {
    name: 'worker',
    async stop() {
      stopping = true;
      await indexer.stop();
      await webhooks.stop();
      await publicationLookups.stop();
      await linkChecks.stop();
      await linkCheckDb.destroy();
      await webhookDb.destroy();
      await health?.close();
      options.logger.info('worker: stopped');
    },
  };
}
