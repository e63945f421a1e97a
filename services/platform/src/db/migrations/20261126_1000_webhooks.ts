/**
 * Webhooks: endpoints people register (`webhooks`, with the signing secret), the deliveries owed
 * to them (`webhook_deliveries`, one per endpoint and change-feed entry, its id the idempotency
 * id receivers see), and how far the dispatcher has read the change feed (`webhook_feed_position`).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE webhooks (
      id serial PRIMARY KEY,
      owner_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      url text NOT NULL,
      description text NOT NULL DEFAULT '',
      events text[] NOT NULL,
      filters jsonb NOT NULL DEFAULT '{}',
      secret text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX webhooks_owner_idx ON webhooks (owner_id)');
  await knex.raw(`
    CREATE TABLE webhook_deliveries (
      id text PRIMARY KEY,
      webhook_id integer NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
      change_cursor text NOT NULL,
      event text NOT NULL,
      payload jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      response_code integer,
      latency_ms integer,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      attempted_at timestamptz,
      UNIQUE (webhook_id, change_cursor)
    )`);
  await knex.raw('CREATE INDEX webhook_deliveries_recent_idx ON webhook_deliveries (webhook_id, created_at DESC)');
  await knex.raw(`
    CREATE TABLE webhook_feed_position (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      cursor text NOT NULL
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS webhook_feed_position');
  await knex.raw('DROP TABLE IF EXISTS webhook_deliveries');
  await knex.raw('DROP TABLE IF EXISTS webhooks');
}
