/**
 * The dashboard's "recently updated" order is now `updated_at DESC NULLS LAST, id DESC` (and
 * "least recently updated" its exact reverse), so the hidden and incomplete lists' indexes follow
 * it, and the least-recently-updated list gets one too: a page is one index range read either
 * way. The old indexes broke ties by id ascending, which made Postgres sort every record sharing
 * an update time (5,000 per page on the bench, whose copies share one).
 */
import type { Knex } from 'knex';

const ORDER = '(updated_at DESC NULLS LAST, id DESC)';
const REPLACED: [string, string, string][] = [
  ['records_hidden_updated_idx', 'records_hidden_idx', 'WHERE is_hidden'],
  ['records_incomplete_updated_idx', 'records_incomplete_idx', 'WHERE NOT is_complete'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, old, filter] of REPLACED) {
    await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ON records ${ORDER} ${filter}`);
    await knex.raw(`DROP INDEX IF EXISTS ${old}`);
  }
  await knex.raw(`CREATE INDEX IF NOT EXISTS records_visible_updated_idx ON records ${ORDER} WHERE is_approved AND NOT is_hidden`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS records_visible_updated_idx');
  for (const [name, old, filter] of REPLACED) {
    await knex.raw(`CREATE INDEX IF NOT EXISTS ${old} ON records (updated_at DESC NULLS LAST, id) ${filter}`);
    await knex.raw(`DROP INDEX IF EXISTS ${name}`);
  }
}
