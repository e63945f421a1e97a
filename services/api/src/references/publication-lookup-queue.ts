/**
 * Publication look-ups as jobs, the API's side: a request queues `{source, identifier}` on the
 * `publication-lookups` queue (BullMQ) and waits for the worker's answer (`publication-lookup-jobs.ts`)
 * at most `waitMs`. The job id comes from the identifier, so identical look-ups in flight share one
 * job, and a finished job is kept for `LOOKUP_CACHE_MS` to answer the same look-up again; a failure
 * is not kept. When no answer comes in time (no worker, a slow one, Redis away) the answer is
 * `unavailable` and a job still waiting is withdrawn.
 */
import { Queue, QueueEvents, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { createQueueConnection, throttledWarning, type RegistryConfig } from '@registry/platform';
import type { PublicationInput } from '@registry/schemas/forms/linked-entities.ts';
import { LOOKUP_MESSAGES } from './publication-resolver.ts';

export const PUBLICATION_LOOKUP_QUEUE_NAME = 'publication-lookups';

export interface PublicationLookupRequest {
  /** Crossref and Zenodo take a DOI, PubMed (NCBI) a PubMed id. */
  source: 'crossref' | 'pubmed' | 'zenodo';
  identifier: string;
}

/** The worker's answer: the fields, or why there are none (the message is the user's). */
export type PublicationLookupOutcome = { found: PublicationInput } | { notFound: string } | { failed: string };

/** What a request gets: the worker's answer, or none in time. */
export type PublicationLookupAnswer = PublicationLookupOutcome | { unavailable: string };

/** How long a finished look-up answers the same look-up again. */
export const LOOKUP_CACHE_MS = 5 * 60_000;

export const PUBLICATION_LOOKUP_JOB_OPTIONS = {
  // The egress module retries inside the job; after that the person may ask again.
  attempts: 1,
  removeOnComplete: { age: LOOKUP_CACHE_MS / 1_000 },
  removeOnFail: true,
} as const;

/** DOIs are case-insensitive; BullMQ ids may not hold ':', which the encoding removes. */
export function publicationLookupJobId(request: PublicationLookupRequest): string {
  return `${request.source}-${encodeURIComponent(request.identifier.toLowerCase())}`;
}

export interface PublicationLookups {
  lookUp(request: PublicationLookupRequest): Promise<PublicationLookupAnswer>;
  close(): Promise<void>;
}

type LookupJob = Job<PublicationLookupRequest, PublicationLookupOutcome>;

interface Connected {
  queue: Queue<PublicationLookupRequest, PublicationLookupOutcome>;
  events: QueueEvents;
  connections: Redis[];
}

/** Connects to Redis on the first look-up, so an API process that never looks anything up holds no connections for it. */
export function createPublicationLookups(config: Pick<RegistryConfig, 'redisUrl' | 'queuePrefix' | 'publicationLookupWaitMs'>): PublicationLookups {
  let connected: Connected | undefined;
  const connect = (): Connected => {
    if (connected) return connected;
    const connections = [createQueueConnection(config), createQueueConnection(config)];
    const queue = new Queue<PublicationLookupRequest, PublicationLookupOutcome>(PUBLICATION_LOOKUP_QUEUE_NAME, {
      connection: connections[0]!,
      prefix: config.queuePrefix,
      defaultJobOptions: PUBLICATION_LOOKUP_JOB_OPTIONS,
    });
    queue.on('error', throttledWarning('publication look-up queue'));
    // QueueEvents blocks on its connection while it reads the events stream, hence one of its own.
    const events = new QueueEvents(PUBLICATION_LOOKUP_QUEUE_NAME, { connection: connections[1]!, prefix: config.queuePrefix });
    events.on('error', throttledWarning('publication look-up events'));
    connected = { queue, events, connections };
    return connected;
  };
  const waitMs = config.publicationLookupWaitMs;

  return {
    async lookUp(request) {
      const { queue, events } = connect();
      const jobId = publicationLookupJobId(request);
      const answered = (async () => {
        const job = await currentJob(queue, request, jobId);
        const outcome = await job.waitUntilFinished(events, waitMs);
        if ('failed' in outcome) void job.remove().catch(() => undefined);
        return outcome;
      })();
      // Adding and waiting both need Redis: the deadline holds even while it does not answer.
      answered.catch(() => undefined);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), waitMs);
      });
      try {
        const outcome = await Promise.race([answered, deadline]);
        if (outcome) return outcome;
      } catch {
        // the wait ended without an answer (its own time-out, the queue closing) or the job broke
      } finally {
        clearTimeout(timer);
      }
      // Nobody took it in time: withdraw it (a job a worker holds stays and is kept for the next look-up).
      void queue.remove(jobId).catch(() => undefined);
      return { unavailable: LOOKUP_MESSAGES.noAnswer };
    },
    async close() {
      if (!connected) return;
      const { queue, events, connections } = connected;
      connected = undefined;
      // Bounded: closing waits on Redis, which may be the thing that is down.
      await Promise.race([Promise.all([queue.close(), events.close()]).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1_000))]);
      for (const connection of connections) connection.disconnect();
    },
  };
}

/** The job answering this look-up: the one in flight or finished lately, or a new one. */
async function currentJob(queue: Connected['queue'], request: PublicationLookupRequest, jobId: string): Promise<LookupJob> {
  const existing: LookupJob | undefined = await queue.getJob(jobId);
  if (existing?.finishedOn !== undefined && Date.now() - existing.finishedOn > LOOKUP_CACHE_MS) await existing.remove().catch(() => undefined);
  else if (existing) return existing;
  return queue.add('look-up', request, { jobId });
}
