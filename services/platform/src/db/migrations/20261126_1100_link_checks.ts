/**
 * Link health: one row per URL a record names (its homepage, support links and access points),
 * with the outcome of the last check (`link_checks`). The scheduler queues the rows checked least
 * recently (`queued_at`); the worker writes what the check found.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE link_checks (
      id serial PRIMARY KEY,
      record_id integer NOT NULL REFERENCES records(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('homepage', 'support', 'access')),
      url text NOT NULL,
      outcome text NOT NULL DEFAULT 'unchecked' CHECK (outcome IN ('unchecked', 'ok', 'broken', 'no_network')),
      http_status integer,
      final_url text,
      permanent_redirect boolean NOT NULL DEFAULT false,
      duration_ms integer,
      reason text,
      consecutive_failures integer NOT NULL DEFAULT 0,
      first_failure_at timestamptz,
      last_checked_at timestamptz,
      queued_at timestamptz,
      UNIQUE (record_id, kind, url)
    )`);
  await knex.raw('CREATE INDEX link_checks_queue_idx ON link_checks (queued_at NULLS FIRST, id)');
  await knex.raw("CREATE INDEX link_checks_broken_idx ON link_checks (first_failure_at) WHERE outcome = 'broken'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS link_checks');
}
