/**
 * The dashboard's "newest" order is `created_at DESC NULLS LAST, id DESC` and "oldest" its exact
 * reverse, so one index per list serves both: the incomplete list and the least-recently-updated
 * list (approved, visible records) sorted by creation date read one index range per page instead
 * of sorting every record of the list (about 600 ms a page on 100k records).
 */
import type { Knex } from 'knex';

const ORDER = '(created_at DESC NULLS LAST, id DESC)';
const INDEXES: [string, string][] = [
  ['records_incomplete_created_idx', 'WHERE NOT is_complete'],
  ['records_visible_created_idx', 'WHERE is_approved AND NOT is_hidden'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, filter] of INDEXES) await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ON records ${ORDER} ${filter}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of INDEXES) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
}
