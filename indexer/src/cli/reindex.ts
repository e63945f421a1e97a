/**
 * `npm run reindex [-- --if-needed]`: rebuilds the records index into a fresh physical index
 * and swaps the alias. With --if-needed it does nothing when the index already matches Postgres.
 */
import { createDatabase, createSearchClient, loadConfig, runCli } from '@registry/platform';
import { reindexAll } from '../reindex.ts';

runCli(async () => {
  const config = loadConfig();
  const db = createDatabase(config.databaseUrl);
  const client = createSearchClient(config);
  try {
    await reindexAll({
      db,
      client,
      indexPrefix: config.indexPrefix,
      layout: config.searchIndexLayout,
      ifNeeded: process.argv.includes('--if-needed'),
      log: (line) => console.log(line),
    });
  } finally {
    await db.destroy();
    await client.close();
  }
});
