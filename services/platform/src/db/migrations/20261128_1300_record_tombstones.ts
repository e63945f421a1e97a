/**
 * `record_tombstones`: what stays of a public record a curator deleted (withdrew) — its name,
 * abbreviation, registry, DOI and legacy ids (and those of records merged into it), when and why it was withdrawn, and the record that
 * replaces it if a curator named one. Its identifiers keep answering (410 Gone with this) instead
 * of 404. No foreign key on the record id (the row is gone); the successor is kept as an id, and
 * the resolver follows it through merges.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('record_tombstones', (t) => {
    t.integer('record_id').primary();
    t.text('name').notNullable();
    t.text('abbreviation');
    t.integer('registry_id').notNullable().references('id').inTable('registries');
    t.text('doi');
    t.specificType('legacy_ids', 'text[]').notNullable().defaultTo('{}');
    // The identifiers of records merged into it (`record_redirects.identifier`), whose redirects go with the record row.
    t.specificType('merged_identifiers', 'text[]').notNullable().defaultTo('{}');
    t.text('reason').notNullable();
    t.timestamp('withdrawn_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('withdrawn_by_id').references('id').inTable('users').onDelete('SET NULL');
    t.integer('successor_id');
  });
  await knex.raw('CREATE UNIQUE INDEX record_tombstones_doi ON record_tombstones (lower(doi)) WHERE doi IS NOT NULL');
  await knex.raw('CREATE INDEX record_tombstones_legacy_ids ON record_tombstones USING gin (legacy_ids)');
  await knex.raw('CREATE INDEX record_tombstones_merged_identifiers ON record_tombstones USING gin (merged_identifiers)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('record_tombstones');
}
