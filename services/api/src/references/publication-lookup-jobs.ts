/**
 * The worker role's part in publication look-ups: takes the jobs the API queues
 * (`publication-lookup-queue.ts`) and asks Crossref, NCBI or Zenodo at the configured URLs through
 * the egress module. Every answer is the job's result, failures included (the API shows their
 * message); a refused address or a service that did not answer is logged for the operators.
 *
 * Each service is a lane of its own: its queue, one job at a time, and an egress client of its
 * own, so its pace (one call at a time, LOOKUP_EGRESS_SETTINGS' pause between calls) holds up
 * only its own look-ups, even where two services share a host. One lane taking one job at a time
 * takes them in the queue's order of priority, which keeps clients in turn.
 */
import { Worker } from 'bullmq';
import { createQueueConnection, throttledWarning, type RegistryConfig } from '@registry/platform';
import { configuredEgress, type Egress, type EgressSettings } from '@registry/platform/egress/index.ts';
import { reasonOf, type TaskLogger } from '@registry/platform/repeating-task.ts';
import { lookUpPublication, lookUpZenodoRecord, PublicationLookupError, type PublicationResolverConfig } from './publication-resolver.ts';
import { PUBLICATION_SOURCES, publicationLookupQueueName, type PublicationLookupOutcome, type PublicationLookupRequest } from './publication-lookup-queue.ts';

/**
 * Someone waits for the answer (at most PUBLICATION_LOOKUP_WAIT_MS, 10 s by default): two tries
 * of 4 s. NCBI asks for at most three calls a second without an API key, hence the pause per host.
 */
export const LOOKUP_EGRESS_SETTINGS: Partial<EgressSettings> = { totalTimeoutMs: 4_000, retries: 1, retryBaseDelayMs: 300, hostDelayMs: 340 };

export interface PublicationLookupOptions {
  log: TaskLogger;
  /** Settings of the egress module beyond the allow-list and User-Agent. */
  egress?: Partial<EgressSettings>;
}

export interface RunningPublicationLookups {
  stop(): Promise<void>;
}

export function startPublicationLookups(config: RegistryConfig, options: PublicationLookupOptions): RunningPublicationLookups {
  const lanes = PUBLICATION_SOURCES.map((source) => {
    const egress = configuredEgress(config, 'publication look-ups', { ...LOOKUP_EGRESS_SETTINGS, ...options.egress });
    // A worker blocks on its connection while it waits for a job, hence one per lane.
    const connection = createQueueConnection(config);
    const worker = new Worker<PublicationLookupRequest, PublicationLookupOutcome>(
      publicationLookupQueueName(source),
      async (job) => runPublicationLookup(egress, config.publicationResolvers, job.data, options.log),
      { connection, prefix: config.queuePrefix, concurrency: 1 },
    );
    worker.on('error', throttledWarning('publication look-up worker'));
    return { worker, connection };
  });
  return {
    async stop() {
      await Promise.all(lanes.map(({ worker }) => worker.close()));
      await Promise.all(lanes.map(({ connection }) => connection.quit().catch(() => undefined)));
    },
  };
}

export async function runPublicationLookup(
  egress: Egress,
  resolvers: PublicationResolverConfig,
  request: PublicationLookupRequest,
  log: TaskLogger,
): Promise<PublicationLookupOutcome> {
  try {
    if (request.source === 'zenodo') return { found: await lookUpZenodoRecord(egress, resolvers, request.identifier) };
    const identifier = request.source === 'crossref' ? { doi: request.identifier } : { pubmedId: request.identifier };
    return { found: await lookUpPublication(egress, resolvers, identifier) };
  } catch (error) {
    if (!(error instanceof PublicationLookupError)) throw error;
    if (error.notFound) return { notFound: error.message };
    log.warn({ source: request.source, reason: reasonOf(error.cause ?? error) }, 'publication look-up failed');
    return { failed: error.message };
  }
}
