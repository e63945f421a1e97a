/**
 * What curators keep about a record while they curate it: the curator it is assigned to and
 * their processing notes. Both live beside the record, not in it, so assigning or noting never
 * changes the record (no revision, no re-index, and never an approval).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('record_curator_assignments', (t) => {
    t.integer('record_id').primary().references('id').inTable('records').onDelete('CASCADE');
    t.integer('curator_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('assigned_by_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('assigned_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('processing_notes', (t) => {
    t.increments('id');
    t.integer('record_id').notNullable().references('id').inTable('records').onDelete('CASCADE');
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('note').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['record_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('processing_notes');
  await knex.schema.dropTableIfExists('record_curator_assignments');
}
