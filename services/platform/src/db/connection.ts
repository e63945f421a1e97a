import knex, { type Knex } from 'knex';
import pg from 'pg';
import { migrationSource } from './migrations/index.ts';

// Postgres bigint (revision, counts) fits in a JS number for our volumes; parse it as one.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export type Database = Knex;

/** knex's own log lines, one line each and without stacks. */
function oneLine(message: unknown): string {
  const text = message instanceof Error ? message.message : String(message);
  return text.split('\n')[0];
}

/** A failed connection also rejects the query that wanted it; its caller explains it in one line. */
function isConnectionFailure(message: unknown): boolean {
  return String(message).startsWith('Acquire connection error');
}

export interface DatabaseOptions {
  /**
   * Postgres cancels any statement running longer than this, and ends a transaction left idle
   * this long (its locks with it). The API sets its request time-out, so no database work
   * outlives the request that asked for it; workers and scripts leave it unset.
   */
  statementTimeoutMs?: number;
}

export function createDatabase(databaseUrl: string, pool: { min: number; max: number } = { min: 0, max: 10 }, options: DatabaseOptions = {}): Database {
  const timeout = options.statementTimeoutMs;
  return knex({
    client: 'pg',
    // Sent as start-up parameters of each connection: they hold for every statement, in a transaction or not.
    connection: timeout === undefined ? databaseUrl : { connectionString: databaseUrl, statement_timeout: timeout, idle_in_transaction_session_timeout: timeout },
    pool,
    log: {
      warn: (message: unknown) => {
        if (!isConnectionFailure(message)) console.warn(`knex: ${oneLine(message)}`);
      },
      error: (message: unknown) => console.error(`knex: ${oneLine(message)}`),
      deprecate: (message: unknown) => console.warn(`knex: ${oneLine(message)}`),
      debug: () => undefined,
    },
  });
}

/** Answers when Postgres does (the health and start-up checks). */
export async function pingDatabase(db: Database): Promise<void> {
  await db.raw('SELECT 1');
}

export async function migrateLatest(db: Database): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource })) as [number, string[]];
  return applied;
}

export async function migrateRollbackAll(db: Database): Promise<void> {
  await db.migrate.rollback({ migrationSource }, true);
}

/** Runs `work` on a connection to the server's `postgres` database, for CREATE/DROP DATABASE. */
async function withServerAdmin(databaseUrl: string, work: (admin: pg.Client, name: string) => Promise<void>): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await work(admin, name);
  } finally {
    await admin.end();
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Creates the database named in the URL when it is missing (used by start-up and test runs). */
export async function ensureDatabaseExists(databaseUrl: string): Promise<void> {
  await withServerAdmin(databaseUrl, async (admin, name) => {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
  });
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  await withServerAdmin(databaseUrl, async (admin, name) => {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  });
}
