/** Creates the database if needed and applies every pending migration. */
import { createDatabase, ensureDatabaseExists, loadConfig, migrateLatest, runCli } from '@registry/platform';

runCli(async () => {
  const config = loadConfig();
  await ensureDatabaseExists(config.databaseUrl);
  const db = createDatabase(config.databaseUrl);
  try {
    const applied = await migrateLatest(db);
    console.log(applied.length ? `migrated: ${applied.join(', ')}` : 'migrations: up to date');
  } finally {
    await db.destroy();
  }
});
