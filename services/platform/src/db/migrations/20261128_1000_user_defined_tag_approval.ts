/**
 * `user_defined_tags.is_approved`: a keyword a non-curator proposes in the editor shows on their
 * record at once but stays out of the public lists, dumps and search facets until a curator
 * names it on a record, as a licence named inline does (20261125_1100_shared_entity_creators).
 * Existing keywords are approved.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_defined_tags', (t) => {
    t.boolean('is_approved').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_defined_tags', (t) => {
    t.dropColumn('is_approved');
  });
}
