/**
 * `record_tombstones.doi_hidden_at`: when DataCite was told that a withdrawn record's DOI is no
 * longer findable (its `hide` event; the DOI keeps resolving to the tombstone). Null until the
 * DOI job has done it, so a DataCite that cannot be reached is told at the next run.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('record_tombstones', (t) => {
    t.timestamp('doi_hidden_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('record_tombstones', (t) => {
    t.dropColumn('doi_hidden_at');
  });
}
