/** Postgres (knex) handle shared by every route and the GraphQL layer as `app.db`. */
import fp from 'fastify-plugin';
import { createDatabase, type Database } from '@registry/platform';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export interface DatabasePluginOptions {
  databaseUrl: string;
  /** Postgres cancels a statement of a request after this long (the request's time-out). */
  statementTimeoutMs: number;
  /** Reuse a handle the caller owns (tests); it is then not destroyed on close. */
  db?: Database;
}

export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, options) => {
    const db = options.db ?? createDatabase(options.databaseUrl, undefined, { statementTimeoutMs: options.statementTimeoutMs });
    app.decorate('db', db);
    if (!options.db) app.addHook('onClose', async () => db.destroy());
  },
  { name: 'registry-database' },
);
