/**
 * `npm run indexer`: runs the index worker and outbox sweeper until SIGINT/SIGTERM.
 * Env (besides the usual DATABASE_URL, REDIS_URL, OPENSEARCH_URL, INDEX_PREFIX, QUEUE_PREFIX):
 * INDEXER_SWEEP_INTERVAL_MS (default 2000), INDEXER_SWEEP_MIN_AGE_MS (default 5000).
 */
import { loadConfig, runCli } from '@registry/platform';
import { startIndexer } from '../worker.ts';
import { sweeperOptionsFromEnv } from './sweeper-env.ts';

runCli(async () => {
  const config = loadConfig();
  const indexer = await startIndexer(config, { sweeper: sweeperOptionsFromEnv(process.env) });
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  console.log('indexer: stopping');
  await indexer.stop();
});
