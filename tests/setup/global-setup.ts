/**
 * Once per `vitest run`: a fresh database for this run with the schema and the real demo
 * catalogue, indexed under this run's prefix. Read-only suites share it; suites that write
 * make their own with `createIsolatedEnvironment` (tests/support/environment.ts).
 */
import type { TestProject } from 'vitest/node';
import { createDatabase, createSearchClient, dropDatabase, ensureDatabaseExists, migrateLatest } from '@registry/platform';
import { reindexAll } from '@registry/indexer/src/reindex.ts';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { newRunId, runEnvironment, type RunEnvironment } from './run-environment.ts';
import { dropRunResources } from '../support/cleanup.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    registryEnv: RunEnvironment;
  }
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = process.env.TEST_RUN_ID || newRunId();
  const env = runEnvironment(runId);
  await ensureDatabaseExists(env.DATABASE_URL);
  const db = createDatabase(env.DATABASE_URL);
  try {
    await migrateLatest(db);
    await seedDemoCatalogue(db);
    const client = createSearchClient({ opensearchUrl: env.OPENSEARCH_URL });
    try {
      await reindexAll({ db, client, indexPrefix: env.INDEX_PREFIX });
    } finally {
      await client.close();
    }
  } finally {
    await db.destroy();
  }
  project.provide('registryEnv', env);
  return async () => {
    if (process.env.KEEP_TEST_DATA) return;
    await dropRunResources(env);
    await dropDatabase(env.DATABASE_URL);
  };
}
