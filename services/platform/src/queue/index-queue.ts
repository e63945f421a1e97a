/**
 * The BullMQ queue that wakes the indexer. Jobs are thin (`{type, id, revision}`) and carry a
 * deterministic id, so publishing the same change twice queues it once. The worker re-reads
 * Postgres; the job payload is only a hint of what to look at.
 */
import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { RegistryConfig } from '../config.ts';

export const INDEX_QUEUE_NAME = 'index';

/** Entities whose change can alter search documents (a record, or something records embed). */
export const INDEX_ENTITY_TYPES = [
  'record',
  'organisation',
  'subject',
  'domain',
  'taxonomy',
  'licence',
  'user_defined_tag',
  'object_type',
  'grant',
  'country',
  'publication',
] as const;
export type IndexEntityType = (typeof INDEX_ENTITY_TYPES)[number];

export function isIndexEntityType(value: string): value is IndexEntityType {
  return (INDEX_ENTITY_TYPES as readonly string[]).includes(value);
}

export interface IndexJobData {
  type: IndexEntityType;
  id: number;
  /** Revision of the entity when the change committed (0 when it was deleted). */
  revision: number;
  /** The API request that made the change, for the worker's log (absent outside a request). */
  requestId?: string;
}

export function indexJobId(job: IndexJobData): string {
  return `${job.type}-${job.id}-${job.revision}`;
}

/**
 * Failed jobs are kept (removeOnFail: false): they are the dead-letter list people read.
 * Completed jobs are removed at once: BullMQ ignores a job whose id it still holds, and a job id
 * (type, id, revision) comes round again once the database restarts its revisions (a restore
 * from a backup, a database dropped and seeded again), so a kept completed job would silently
 * swallow the new change's job and leave it to the outbox sweeper, seconds later.
 */
export const INDEX_JOB_OPTIONS = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: true,
  removeOnFail: false,
} as const;

export type QueueConfig = Pick<RegistryConfig, 'redisUrl' | 'queuePrefix'>;

/**
 * An ioredis connection for BullMQ. Errors are reported through `onError` (default: a
 * one-line warning at most every 10 s) instead of crashing the process while Redis is down.
 */
export function createQueueConnection(
  config: QueueConfig,
  onError: (error: Error) => void = throttledWarning('redis'),
): Redis {
  const connection = new Redis(config.redisUrl, {
    maxRetriesPerRequest: null,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  connection.on('error', onError);
  return connection;
}

export function createIndexQueue(config: QueueConfig, connection: Redis = createQueueConnection(config)): Queue<IndexJobData> {
  const queue = new Queue<IndexJobData>(INDEX_QUEUE_NAME, {
    connection,
    prefix: config.queuePrefix,
    defaultJobOptions: INDEX_JOB_OPTIONS,
  });
  queue.on('error', throttledWarning('index queue'));
  return queue;
}

export interface FailedIndexJob {
  jobId: string;
  data: IndexJobData;
  attemptsMade: number;
  failedReason: string;
  finishedAt: string | null;
}

/** The dead-letter list: jobs that used up every retry, newest first. */
export async function listFailedIndexJobs(queue: Queue<IndexJobData>, limit = 100): Promise<FailedIndexJob[]> {
  const jobs: Job<IndexJobData>[] = await queue.getFailed(0, limit - 1);
  return jobs.map((job) => ({
    jobId: job.id ?? '',
    data: job.data,
    attemptsMade: job.attemptsMade,
    failedReason: job.failedReason,
    finishedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
  }));
}

export function throttledWarning(what: string, intervalMs = 10_000): (error: Error) => void {
  let lastAt = 0;
  return (error) => {
    const now = Date.now();
    if (now - lastAt < intervalMs) return;
    lastAt = now;
    console.warn(`warning: ${what}: ${error.message}`);
  };
}
