/**
 * A webhook whose receiver took longer than the fast lane allows is sent to in its own lane
 * until `slow_until` (webhooks/webhook-lanes.ts), so that it only ever delays itself; the owner
 * sees it in the webhook's JSON.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE webhooks ADD COLUMN slow_until timestamptz');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE webhooks DROP COLUMN IF EXISTS slow_until');
}
