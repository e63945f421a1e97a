/**
 * The webhook dispatcher looks for deliveries written a while ago and never attempted (their
 * queueing lost) on every run, four times a second: a partial index holds just those, so the
 * look-up does not read the whole, ever-growing delivery log.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX webhook_deliveries_unattempted_idx ON webhook_deliveries (created_at) WHERE status = 'pending' AND attempts = 0`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS webhook_deliveries_unattempted_idx');
}
