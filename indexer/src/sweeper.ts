/**
 * The outbox sweeper: every few seconds it indexes outbox rows still pending after a grace
 * period, whether their job never reached Redis or the worker died holding it. It reads only
 * Postgres, so the index catches up even while Redis is down.
 */
import { isIndexEntityType, pendingOutboxEntries, recordOutboxFailure, type OutboxEntry } from '@registry/platform';
import { processIndexIntents, type IndexTarget, type ProcessOutcome } from './index-records.ts';

export interface SweeperOptions {
  intervalMs: number;
  /** Rows younger than this are left to the queue worker. */
  minAgeMs: number;
  batchSize: number;
  /** After this many failed passes a row is left for a person (see `npx tsx indexer/src/cli/failed.ts`). */
  maxAttempts: number;
}

export const DEFAULT_SWEEPER_OPTIONS: SweeperOptions = { intervalMs: 2_000, minAgeMs: 5_000, batchSize: 500, maxAttempts: 10 };

async function processEntries(target: IndexTarget, entries: OutboxEntry[]): Promise<ProcessOutcome> {
  const entities = entries.flatMap((entry) => (isIndexEntityType(entry.entityType) ? [{ type: entry.entityType, id: entry.entityId }] : []));
  return processIndexIntents(target, entities);
}

/** One sweep; returns how many outbox rows it processed. */
export async function sweepOutboxOnce(
  target: IndexTarget,
  options: Pick<SweeperOptions, 'minAgeMs' | 'batchSize' | 'maxAttempts'>,
  log: (line: string) => void,
): Promise<number> {
  const entries = await pendingOutboxEntries(target.db, { olderThanMs: options.minAgeMs, limit: options.batchSize, maxAttempts: options.maxAttempts });
  if (entries.length === 0) return 0;
  try {
    const outcome = await processEntries(target, entries);
    log(`sweeper: ${entries.length} pending outbox rows -> ${outcome.records} records indexed`);
    return outcome.outboxRowsProcessed;
  } catch (batchError) {
    // Find the rows that fail on their own, so one bad record does not hold back the rest.
    let processed = 0;
    for (const entry of entries) {
      try {
        processed += (await processEntries(target, [entry])).outboxRowsProcessed;
      } catch (error) {
        await recordOutboxFailure(target.db, [entry.outboxId], error);
        log(`sweeper: ${entry.entityType} ${entry.entityId} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (processed === 0) log(`sweeper: batch failed: ${batchError instanceof Error ? batchError.message : String(batchError)}`);
    return processed;
  }
}

export interface RunningSweeper {
  stop(): Promise<void>;
}

export function startSweeper(
  target: IndexTarget,
  options: SweeperOptions,
  runSerially: <T>(task: () => Promise<T>) => Promise<T>,
  log: (line: string) => void,
): RunningSweeper {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  const tick = (): void => {
    current = runSerially(() => sweepOutboxOnce(target, options, log))
      .catch((error: unknown) => log(`sweeper: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs);
      });
  };
  timer = setTimeout(tick, options.intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
