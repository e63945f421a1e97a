/**
 * `npx tsx indexer/src/cli/failed.ts`: the dead-letter list. Shows index jobs that used up
 * their retries (kept in Redis) and outbox rows the sweeper could not index (in Postgres).
 */
import { createDatabase, createIndexQueue, failedOutboxEntries, listFailedIndexJobs, loadConfig, runCli } from '@registry/platform';

runCli(async () => {
  const config = loadConfig();
  const db = createDatabase(config.databaseUrl);
  const queue = createIndexQueue(config);
  try {
    const jobs = await listFailedIndexJobs(queue);
    console.log(`failed index jobs in ${config.queuePrefix}:index: ${jobs.length}`);
    for (const job of jobs) {
      console.log(`  ${job.jobId}  attempts=${job.attemptsMade}  at=${job.finishedAt ?? '-'}  ${job.failedReason}`);
    }
    const rows = await failedOutboxEntries(db);
    console.log(`outbox rows pending with errors: ${rows.length}`);
    for (const row of rows) {
      console.log(`  outbox#${row.outboxId} ${row.entityType} ${row.entityId} rev=${row.revision} attempts=${row.attempts}  ${row.lastError ?? ''}`);
    }
  } finally {
    await queue.close();
    await db.destroy();
  }
});
