/** The lint rule that keeps the database handle inside repositories (eslint-rules/no-database-handle.js). */
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { noDatabaseHandle } from '../../eslint-rules/no-database-handle.js';

// RuleTester runs its cases through the test framework it is given.
Object.assign(RuleTester, { afterAll, describe, it, itOnly: it.only });

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run('no-database-handle', noDatabaseHandle, {
  valid: [
    {
      name: 'a repository receives the handle as a parameter and runs SQL on it',
      filename: 'services/api/src/timeline/notable-events-repository.ts',
      code: "export const listEvents = (db: Database) => db('notable_events').select('*').orderBy('date');",
    },
    {
      name: 'a route calls the domain service the app carries',
      filename: 'services/api/src/timeline/timeline-routes.ts',
      code: "app.get('/notable_events', async () => app.timeline.notableEvents());",
    },
    {
      name: 'a resolver calls the domain service in its context',
      filename: 'services/api/src/site/site-resolvers.ts',
      code: 'export const messages = (_root: unknown, _args: unknown, context: Context) => context.messages.list();',
    },
    {
      name: 'a service passes its own dependencies on to its repository',
      filename: 'services/api/src/claims/claim-service.ts',
      code: 'export const claim = (deps: Deps, id: number) => repository.findClaim(deps.db, id);',
    },
    {
      name: 'a service opening the transaction its repository calls share, handing it on',
      filename: 'services/api/src/watching/watching-service.ts',
      code: 'await deps.db.transaction(async (trx) => repository.watch(trx, recordId, userId));',
    },
    {
      name: 'a repository of another slice runs SQL on a transaction',
      filename: 'services/api/src/claims/claim-repository.ts',
      code: "export const addMaintainer = (trx: Db, recordId: number, userId: number) => trx('record_maintainers').insert({ record_id: recordId, user_id: userId });",
    },
    {
      name: 'a db property of something that is not the app or a context',
      filename: 'services/api/src/http/x.ts',
      code: 'const { db } = options; const other = settings.db;',
    },
  ],
  invalid: [
    {
      name: 'a route reading app.db (the deliberate misuse)',
      filename: 'services/api/src/routes/homepage.ts',
      code: "app.get('/homepage_stats', async () => app.db('records').count());",
      errors: [{ messageId: 'call' }, { messageId: 'member' }],
    },
    {
      name: 'a resolver reading context.db',
      filename: 'services/api/src/site/site-resolvers.ts',
      code: "export const messages = (_root: unknown, _args: unknown, context: Context) => context.db('messages').select('*');",
      errors: [{ messageId: 'call' }, { messageId: 'member' }],
    },
    {
      name: "a request's server handle",
      filename: 'services/api/src/http/x.ts',
      code: 'async function handler(request: FastifyRequest) { return request.server.db.raw("select 1"); }',
      errors: [{ messageId: 'call' }, { messageId: 'member' }],
    },
    {
      name: 'fastify.db and ctx.db',
      filename: 'services/api/src/http/x.ts',
      code: 'fastify.db.raw("select 1"); ctx.db.raw("select 1");',
      errors: [{ messageId: 'call' }, { messageId: 'member' }, { messageId: 'call' }, { messageId: 'member' }],
    },
    {
      name: 'the handle destructured from a context',
      filename: 'services/api/src/curation/curation-resolvers.ts',
      code: 'const { db, viewer } = context;',
      errors: [{ messageId: 'destructured' }],
    },
    {
      name: 'the handle destructured from a typed context parameter',
      filename: 'services/api/src/curation/curation-resolvers.ts',
      code: "export const list = (_root: unknown, _args: unknown, { db }: RegistryGraphqlContext) => db('records');",
      errors: [{ messageId: 'parameter' }, { messageId: 'call' }],
    },
    {
      name: "a service querying its dependencies' handle (deps.db(…))",
      filename: 'services/api/src/claims/claim-service.ts',
      code: "export const recordOf = (deps: Deps, id: number) => deps.db('records').where({ id }).first('id', 'name');",
      errors: [{ messageId: 'call' }],
    },
    {
      name: 'a loader calling a handle it was given (db(…))',
      filename: 'services/api/src/request-loaders/request-loaders.ts',
      code: "export const loader = (db: Database) => new DataLoader((ids) => db('records').whereIn('id', ids));",
      errors: [{ messageId: 'call' }],
    },
    {
      name: 'a transaction queried outside a repository (trx(…))',
      filename: 'services/api/src/watching/watching-service.ts',
      code: "await deps.db.transaction(async (trx) => trx('watchers').insert(row));",
      errors: [{ messageId: 'call' }],
    },
    {
      name: 'raw SQL on any handle (….raw(…))',
      filename: 'services/api/src/export/public-record-columns.ts',
      code: 'export const columns = (knexHandle: Database) => knexHandle.select(knexHandle.raw("count(*)"));',
      errors: [{ messageId: 'call' }],
    },
    {
      name: 'a query builder by its own name (knex(…))',
      filename: 'services/api/src/infrastructure/startup-checks.ts',
      code: "await knex('records').count();",
      errors: [{ messageId: 'call' }],
    },
  ],
});
