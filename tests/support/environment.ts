/**
 * A private environment for a suite that writes: its own database (migrated, empty),
 * index prefix and queue prefix, derived from the run's. Call `cleanup` in afterAll.
 */
import { createDatabase, createSearchClient, dropDatabase, ensureDatabaseExists, loadConfig, migrateLatest, type Database, type RegistryConfig } from '@registry/platform';
import { reindexAll } from '@registry/indexer/src/reindex.ts';
import { runEnvironment } from '../setup/run-environment.ts';
import { dropRunResources } from './cleanup.ts';

export interface IsolatedEnvironment {
  config: RegistryConfig;
  db: Database;
  cleanup(): Promise<void>;
}

let counter = 0;

export async function createIsolatedEnvironment(name: string): Promise<IsolatedEnvironment> {
  counter += 1;
  const runId = process.env.TEST_RUN_ID || 'adhoc';
  const env = runEnvironment(runId, `${name}_${process.pid}_${counter}`);
  await ensureDatabaseExists(env.DATABASE_URL);
  const config = loadConfig({ ...process.env, ...env });
  const db = createDatabase(config.databaseUrl);
  await migrateLatest(db);
  return {
    config,
    db,
    async cleanup() {
      await db.destroy();
      if (process.env.KEEP_TEST_DATA) return;
      await dropRunResources(env);
      await dropDatabase(env.DATABASE_URL);
    },
  };
}

/** Builds the environment's search index from its database, as `npm run reindex` does. */
export async function reindexEnvironment(env: IsolatedEnvironment): Promise<void> {
  const client = createSearchClient({ opensearchUrl: env.config.opensearchUrl });
  try {
    await reindexAll({ db: env.db, client, indexPrefix: env.config.indexPrefix });
  } finally {
    await client.close();
  }
}

/** The variables that point a child process (worker, server, scheduler) at `config`'s database, Redis, index and queues. */
export function serviceVariables(config: RegistryConfig): Record<string, string> {
  return {
    DATABASE_URL: config.databaseUrl,
    REDIS_URL: config.redisUrl,
    OPENSEARCH_URL: config.opensearchUrl,
    INDEX_PREFIX: config.indexPrefix,
    QUEUE_PREFIX: config.queuePrefix,
  };
}

/** Config of the run's shared, seeded and indexed catalogue (read-only suites). */
export function sharedCatalogueConfig(): RegistryConfig {
  return loadConfig(process.env);
}
