/** `npm run backup [-- FILE]`: dumps the database of DATABASE_URL (default file: .local/backups/registry-<time>.dump). */
import { loadConfig, runCli } from '@registry/platform';
import { backupDatabase } from './drill.ts';

runCli(async () => {
  const config = loadConfig();
  const file = process.argv[2] ?? `.local/backups/registry-${new Date().toISOString().replace(/[:.]/g, '-')}.dump`;
  await backupDatabase(config.databaseUrl, file);
  console.log(`backup: ${file}`);
});
