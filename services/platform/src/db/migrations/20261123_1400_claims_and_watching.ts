/**
 * Claims and watching. A claim (maintenance request) keeps the claimant's and the deciding
 * curator's messages; its status is one of:
 *   pending   — waiting for a curator;
 *   approved  — a curator accepted it: the claimant maintains the record;
 *   rejected  — a curator refused it;
 *   withdrawn — the claimant withdrew it, or stopped maintaining the record after approval.
 * A person has at most one pending claim per record. `record_change_notices` remembers, per
 * person, the last edit event mailed in a change digest and when, so that nobody gets more than
 * one digest an hour and no edit is mailed twice.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('maintenance_requests', (t) => {
    t.text('claimant_message');
    t.text('curator_message');
    t.integer('decided_by_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('decided_at', { useTz: true });
  });
  await knex.raw(`UPDATE maintenance_requests SET status = 'pending' WHERE status NOT IN ('pending','approved','rejected','withdrawn')`);
  await knex.raw(`ALTER TABLE maintenance_requests ADD CONSTRAINT maintenance_requests_status_check CHECK (status IN ('pending','approved','rejected','withdrawn'))`);
  await knex.raw(`CREATE UNIQUE INDEX maintenance_requests_one_pending_idx ON maintenance_requests (record_id, user_id) WHERE status = 'pending'`);
  await knex.raw(`CREATE INDEX maintenance_requests_pending_idx ON maintenance_requests (created_at) WHERE status = 'pending'`);
  await knex.raw('CREATE INDEX IF NOT EXISTS edit_events_created_at_idx ON edit_events (created_at, id)');
  await knex.schema.createTable('record_change_notices', (t) => {
    t.integer('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.bigInteger('last_event_id').notNullable();
    t.timestamp('last_sent_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('record_change_notices');
  await knex.raw('DROP INDEX IF EXISTS edit_events_created_at_idx');
  await knex.raw('DROP INDEX IF EXISTS maintenance_requests_pending_idx');
  await knex.raw('DROP INDEX IF EXISTS maintenance_requests_one_pending_idx');
  await knex.raw('ALTER TABLE maintenance_requests DROP CONSTRAINT IF EXISTS maintenance_requests_status_check');
  await knex.raw(`UPDATE maintenance_requests SET status = 'rejected' WHERE status = 'withdrawn'`);
  await knex.schema.alterTable('maintenance_requests', (t) => {
    t.dropColumn('decided_at');
    t.dropColumn('decided_by_id');
    t.dropColumn('curator_message');
    t.dropColumn('claimant_message');
  });
}
