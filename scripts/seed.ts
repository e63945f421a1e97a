/**
 * Loads reference data and the real demo catalogue into the database named by DATABASE_URL.
 * Run `npm run migrate` first. Idempotent; prints a short summary. Writes no outbox rows:
 * run `npm run reindex` afterwards (the start command does both).
 *   npm run seed [-- --file path/to/records.json]
 */
import { createDatabase, loadConfig, runCli } from '@registry/platform';
import { CatalogueFileError } from './seed/catalogue-file.ts';
import { SeedError, seedDemoCatalogue } from './seed/seed-demo-catalogue.ts';

function fileArgument(argv: string[]): string | undefined {
  const index = argv.indexOf('--file');
  return index >= 0 ? argv[index + 1] : undefined;
}

runCli(async () => {
  const config = loadConfig();
  const db = createDatabase(config.databaseUrl);
  try {
    await seedDemoCatalogue(db, { file: fileArgument(process.argv.slice(2)), log: (line) => console.log(line) });
  } catch (error) {
    // Known seed failures are one clear line, not a stack trace.
    if (error instanceof SeedError || error instanceof CatalogueFileError) {
      console.error(`error: ${error.message}`);
      await db.destroy();
      process.exit(1);
    }
    throw error;
  } finally {
    await db.destroy();
  }
});
