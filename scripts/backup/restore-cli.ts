/** `npm run restore -- FILE`: loads a backup into the (empty) database of DATABASE_URL, migrates, and rebuilds the index. */
import { ConfigError, loadConfig, runCli } from '@registry/platform';
import { restoreDatabase } from './drill.ts';

runCli(async () => {
  const file = process.argv[2];
  if (!file) throw new ConfigError('usage: npm run restore -- FILE (a file written by npm run backup)');
  const outcome = await restoreDatabase(loadConfig(), file, (line) => console.log(line));
  console.log(`restore: done (${outcome.reindex.documents} records indexed)`);
});
