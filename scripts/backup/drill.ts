/**
 * Backups: Postgres holds everything; the search index is rebuilt from it. A backup is one
 * `pg_dump` file in custom format. A restore loads it into an empty database, applies the
 * migrations the dump predates, and rebuilds the index (a fresh index, the alias swapped).
 */
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { ConfigError, createDatabase, createSearchClient, ensureDatabaseExists, migrateLatest, type RegistryConfig } from '@registry/platform';
import { reindexAll, type ReindexOutcome } from '@registry/indexer/src/reindex.ts';

const run = promisify(execFile);

/** Writes the database of `databaseUrl` to `file` (pg_dump's custom format, compressed). */
export async function backupDatabase(databaseUrl: string, file: string): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${databaseUrl}`], { maxBuffer: 16 * 1024 * 1024 });
}

export interface RestoreOutcome {
  migrations: string[];
  reindex: ReindexOutcome;
}

/**
 * Restores `file` into the configured database, which must be empty (created when missing), then
 * migrates and rebuilds the configured index. Refuses a database that already holds tables.
 */
export async function restoreDatabase(config: RegistryConfig, file: string, log: (line: string) => void = () => undefined): Promise<RestoreOutcome> {
  await ensureDatabaseExists(config.databaseUrl);
  const db = createDatabase(config.databaseUrl);
  try {
    const tables = await db('pg_tables').count<{ count: string }[]>('* as count').where('schemaname', 'public');
    if (Number(tables[0]!.count) > 0) {
      throw new ConfigError(`the database of DATABASE_URL already has ${tables[0]!.count} tables: restore into an empty (or new) database`);
    }
    log(`restore: loading ${file}`);
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${config.databaseUrl}`, file], { maxBuffer: 16 * 1024 * 1024 });
    const migrations = await migrateLatest(db);
    log(migrations.length ? `restore: migrated ${migrations.join(', ')}` : 'restore: migrations up to date');
    const client = createSearchClient(config);
    try {
      const reindex = await reindexAll({ db, client, indexPrefix: config.indexPrefix, layout: config.searchIndexLayout, log });
      return { migrations, reindex };
    } finally {
      await client.close();
    }
  } finally {
    await db.destroy();
  }
}
