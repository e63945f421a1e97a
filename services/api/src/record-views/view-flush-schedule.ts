/** Moves the pending view counts from Redis into Postgres every few seconds, in the scheduler. */
import type { Redis } from 'ioredis';
import type { Database } from '@registry/platform';
import { repeatEvery, type RepeatingTask, type TaskLogger } from '@registry/platform/repeating-task.ts';
import { flushRecordViews, recordViewKeys } from './record-view-counter.ts';

export const VIEW_FLUSH_INTERVAL_MS = 10_000;

export function scheduleRecordViewFlushes(deps: { redis: Redis; db: Database; queuePrefix: string }, log: TaskLogger, intervalMs = VIEW_FLUSH_INTERVAL_MS): RepeatingTask {
  const keys = recordViewKeys(deps.queuePrefix);
  return repeatEvery(
    intervalMs,
    async () => {
      await flushRecordViews(deps.redis, deps.db, keys);
    },
    (error) => log.warn({ err: error }, 'record views flush failed; the counts stay in Redis'),
  );
}
