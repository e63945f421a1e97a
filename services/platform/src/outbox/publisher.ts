/**
 * Publishes index jobs to BullMQ after a commit. Bounded by a timeout: when Redis is down a
 * save waits at most `timeoutMs` for the queue, then returns; the outbox keeps the change.
 */
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  createIndexQueue,
  createQueueConnection,
  indexJobId,
  throttledWarning,
  type IndexJobData,
  type QueueConfig,
} from '../queue/index-queue.ts';
import { currentRequestId } from '../request-context.ts';

export interface IndexPublisher {
  publish(jobs: readonly IndexJobData[]): Promise<void>;
  /** Called when publishing failed; the change stays in the outbox. */
  reportFailure(error: unknown): void;
  close(): Promise<void>;
}

export class PublishTimeoutError extends Error {
  override name = 'PublishTimeoutError';
}

export function createIndexPublisher(config: QueueConfig, options: { timeoutMs?: number } = {}): IndexPublisher {
  const timeoutMs = options.timeoutMs ?? 2_000;
  let queue: Queue<IndexJobData> | undefined;
  let connection: Redis | undefined;
  const warn = throttledWarning('index jobs not queued (the outbox sweeper will index them)');
  return {
    async publish(jobs) {
      if (!queue) {
        connection = createQueueConnection(config);
        queue = createIndexQueue(config, connection);
      }
      const requestId = currentRequestId();
      const adding = queue.addBulk(jobs.map((data) => ({ name: data.type, data: requestId ? { ...data, requestId } : data, opts: { jobId: indexJobId(data) } })));
      // The add may still land after the timeout (ioredis queues it); a duplicate job id is a no-op.
      adding.catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PublishTimeoutError(`queue did not answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([adding, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    reportFailure(error) {
      warn(error instanceof Error ? error : new Error(String(error)));
    },
    async close() {
      // The connection is ours (BullMQ leaves shared connections open): end it even if Redis is down.
      const closing = queue?.close().catch(() => undefined);
      connection?.disconnect();
      await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 1_000))]);
      queue = undefined;
      connection = undefined;
    },
  };
}
