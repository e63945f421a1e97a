/**
 * What curation needs beyond the core schema: where a retired record points, which records a
 * new record may duplicate (a flag for curators), the identifiers of merged records that answer
 * a permanent redirect, and uploaded logos.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('records', (t) => {
    t.integer('replaced_by_id').references('id').inTable('records').onDelete('SET NULL');
    t.specificType('suspected_duplicate_ids', 'int[]').notNullable().defaultTo('{}');
  });
  // `identifier` is normalised: "id:123", "doi:10.25504/fairsharing.abc123", "legacy:bsg-s000001".
  await knex.schema.createTable('record_redirects', (t) => {
    t.text('identifier').primary();
    t.integer('record_id').notNullable().references('id').inTable('records').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['record_id']);
  });
  await knex.schema.createTable('record_logos', (t) => {
    t.integer('record_id').primary().references('id').inTable('records').onDelete('CASCADE');
    t.text('content_type').notNullable();
    t.binary('bytes').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // Deleted records keep their history: the event outlives the row.
  await knex.raw('ALTER TABLE edit_events DROP CONSTRAINT edit_events_record_id_foreign');
  await knex.raw('ALTER TABLE edit_events ADD CONSTRAINT edit_events_record_id_foreign FOREIGN KEY (record_id) REFERENCES records(id) ON DELETE SET NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE edit_events DROP CONSTRAINT edit_events_record_id_foreign');
  await knex.raw('ALTER TABLE edit_events ADD CONSTRAINT edit_events_record_id_foreign FOREIGN KEY (record_id) REFERENCES records(id) ON DELETE CASCADE');
  await knex.schema.dropTable('record_logos');
  await knex.schema.dropTable('record_redirects');
  await knex.schema.alterTable('records', (t) => {
    t.dropColumn('suspected_duplicate_ids');
    t.dropColumn('replaced_by_id');
  });
}
