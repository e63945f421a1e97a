/**
 * Site modes switched at run time by super curators (one row). Every server process reads it
 * every few seconds; the MAINTENANCE_MODE / READ_ONLY_MODE settings still force a mode on.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('site_modes', (t) => {
    t.smallint('id').primary();
    t.boolean('maintenance').notNullable().defaultTo(false);
    t.boolean('read_only').notNullable().defaultTo(false);
    t.integer('updated_by_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE site_modes ADD CONSTRAINT site_modes_single_row CHECK (id = 1)');
  await knex('site_modes').insert({ id: 1 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('site_modes');
}
