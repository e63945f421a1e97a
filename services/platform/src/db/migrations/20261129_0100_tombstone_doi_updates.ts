/**
 * `record_tombstones.doi_updated_at`: when the DOI job told DataCite that the record behind this
 * DOI was withdrawn (null: not yet). The job picks up the tombstones still null, so a DataCite
 * failure is retried on its next run and a success is never sent twice.
 * `record_tombstones.record_created_at`: when the record was created (null when unknown), the
 * publication year its DataCite XML keeps giving.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('record_tombstones', (t) => {
    t.timestamp('doi_updated_at', { useTz: true });
    t.timestamp('record_created_at', { useTz: true });
  });
  await knex.raw('CREATE INDEX record_tombstones_doi_due ON record_tombstones (record_id) WHERE doi IS NOT NULL AND doi_updated_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('record_tombstones', (t) => {
    t.dropColumns('doi_updated_at', 'record_created_at');
  });
}
