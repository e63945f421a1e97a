/**
 * Who added each shared entity (publications, organisations, grants, licences, user-defined
 * tags): the access module lets its creator change it while only records they maintain cite it.
 * NULL (every seeded row, and rows whose creator was deleted) leaves changes to curators.
 * `licences.is_approved`: a licence a non-curator names inline stays out of the public dumps and
 * reference lists until a curator links it; existing licences are approved.
 */
import type { Knex } from 'knex';

const SHARED_ENTITY_TABLES = ['publications', 'organisations', 'grants', 'licences', 'user_defined_tags'] as const;

export async function up(knex: Knex): Promise<void> {
  for (const table of SHARED_ENTITY_TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
      t.index(['created_by'], `${table}_created_by_idx`);
    });
  }
  await knex.schema.alterTable('licences', (t) => {
    t.boolean('is_approved').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('licences', (t) => {
    t.dropColumn('is_approved');
  });
  for (const table of SHARED_ENTITY_TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('created_by');
    });
  }
}
