/**
 * The indexer process: a BullMQ worker that indexes what each job names, plus the outbox
 * sweeper. `startIndexer` runs it inside any process (the API server's `npm start` does);
 * `npm run indexer` runs it alone.
 */
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import {
  INDEX_JOB_OPTIONS,
  INDEX_QUEUE_NAME,
  createDatabase,
  createIndexQueue,
  createQueueConnection,
  createSearchClient,
  isIndexEntityType,
  throttledWarning,
  type IndexJobData,
  type RegistryConfig,
} from '@registry/platform';
import { recordsAlias } from '@registry/schemas';
import { processIndexIntents, type IndexTarget } from './index-records.ts';
import { indicesBehindAlias, reindexAll } from './reindex.ts';
import { createRefresher } from './refresher.ts';
import { createSerialRunner } from './serial.ts';
import { DEFAULT_SWEEPER_OPTIONS, startSweeper, type SweeperOptions } from './sweeper.ts';

export interface IndexerOptions {
  /** `false`: no sweeper in this process (the `scheduler` role runs the one sweeper of a cluster). */
  sweeper?: Partial<SweeperOptions> | false;
  /**
   * Build the index first when the alias does not exist yet (default true). An existing index
   * is left as it is: pending changes reach it through the outbox sweeper, and a full check
   * is `npm run reindex -- --if-needed` (the start script runs it).
   */
  ensureIndex?: boolean;
  /** Log lines; `fields` carry what a structured log keeps apart (the job, the request that queued it). */
  log?: (line: string, fields?: Record<string, unknown>) => void;
}

export interface RunningIndexer {
  stop(): Promise<void>;
}

function jobEntity(job: Job<IndexJobData>): { type: IndexJobData['type']; id: number } {
  const { type, id } = job.data ?? {};
  if (typeof type !== 'string' || !isIndexEntityType(type) || !Number.isInteger(id)) {
    throw new UnrecoverableError(`malformed index job ${job.id}: ${JSON.stringify(job.data)}`);
  }
  return { type, id };
}

async function withTimeout(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

export async function startIndexer(config: RegistryConfig, options: IndexerOptions = {}): Promise<RunningIndexer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const db = createDatabase(config.databaseUrl);
  const client = createSearchClient(config);
  const target: IndexTarget = { db, client, index: recordsAlias(config.indexPrefix) };
  try {
    if ((options.ensureIndex ?? true) && (await indicesBehindAlias(client, target.index)).length === 0) {
      await reindexAll({ db, client, indexPrefix: config.indexPrefix, layout: config.searchIndexLayout, log });
    }
  } catch (error) {
    await db.destroy();
    await client.close();
    throw error;
  }

  const runSerially = createSerialRunner();
  const refresher = createRefresher(client, target.index, throttledWarning('index refresh (the periodic refresh shows the writes)'));
  const connection = createQueueConnection(config, throttledWarning('indexer redis (the sweeper keeps indexing from the outbox)'));
  const worker = new Worker<IndexJobData>(
    INDEX_QUEUE_NAME,
    async (job) => {
      const outcome = await runSerially(() => processIndexIntents(target, [jobEntity(job)]));
      // A job is a save someone is waiting to find: searchable now, not at the next periodic refresh.
      if (outcome.records > 0) refresher.request();
      const requestId = typeof job.data.requestId === 'string' ? job.data.requestId : undefined;
      if (requestId) log(`indexer: job ${job.id} indexed ${outcome.records} records for request ${requestId}`, { jobId: job.id, requestId, records: outcome.records });
      return { records: outcome.records, versionConflicts: outcome.versionConflicts };
    },
    { connection, prefix: config.queuePrefix, concurrency: 1 },
  );
  worker.on('error', throttledWarning('index worker'));
  // Completed jobs are not kept (INDEX_JOB_OPTIONS); ones kept by an earlier version would swallow
  // the jobs of a database whose revisions start again. In the background: Redis may be down.
  const queue = createIndexQueue(config, connection);
  const cleaning = queue.clean(0, 0, 'completed').catch(() => undefined).finally(() => queue.close().catch(() => undefined));
  worker.on('failed', (job, error) => {
    if (job && job.attemptsMade >= (job.opts.attempts ?? INDEX_JOB_OPTIONS.attempts)) {
      log(`indexer: job ${job.id} failed for good and is kept in the failed list: ${error.message}`);
    }
  });
  const sweeper = options.sweeper === false ? undefined : startSweeper(target, { ...DEFAULT_SWEEPER_OPTIONS, ...options.sweeper }, runSerially, log);
  log(`indexer: consuming ${config.queuePrefix}:${INDEX_QUEUE_NAME}, writing ${target.index}`);

  return {
    async stop() {
      await sweeper?.stop();
      await withTimeout(cleaning, 1_000);
      // Closing waits for the running job; with Redis gone it could wait for ever.
      await withTimeout(worker.close(), 5_000);
      await withTimeout(refresher.settled(), 5_000);
      connection.disconnect();
      await db.destroy();
      await client.close();
    },
  };
}
