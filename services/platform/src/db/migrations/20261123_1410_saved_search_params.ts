/** Saved searches keep the search's parameters beside its URL, so a client can re-open it without parsing the URL. */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('saved_searches', (t) => {
    t.jsonb('params');
    t.index(['creator_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('saved_searches', (t) => {
    t.dropIndex(['creator_id']);
    t.dropColumn('params');
  });
}
