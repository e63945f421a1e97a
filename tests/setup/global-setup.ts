/**
 * Once per `vitest run`: a fresh database for this run with the schema and the real demo
 * catalogue, indexed under this run's prefix. Read-only suites share it; suites that write
 * make their own with `createIsolatedEnvironment` (tests/support/environment.ts).
 */
import type { TestProject } from 'vitest/node';
import { createDatabase, dropDatabase, ensureDatabaseExists, migrateLatest } from '@registry/platform';
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
    // The index of the demo catalogue is built here once the reindex module exists: await reindexAll(...);
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
