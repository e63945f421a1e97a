/**
 * Partial indexes for the curator dashboard's tables, each matching one list's filter and order,
 * so a tab reads its first rows from an index instead of sorting the whole catalogue.
 */
import type { Knex } from 'knex';

const INDEXES: [string, string][] = [
  ['records_awaiting_approval_idx', 'ON records (created_at, id) WHERE NOT is_approved'],
  ['records_recent_edits_idx', 'ON records (last_edited DESC) WHERE is_approved'],
  ['records_hidden_idx', 'ON records (updated_at DESC NULLS LAST, id) WHERE is_hidden'],
  ['records_incomplete_idx', 'ON records (updated_at DESC NULLS LAST, id) WHERE NOT is_complete'],
  ['records_least_recently_updated_idx', 'ON records ((coalesce(last_edited, updated_at, created_at)) NULLS FIRST, id) WHERE is_approved AND NOT is_hidden'],
  ['records_review_due_idx', 'ON records (last_reviewed NULLS FIRST, id) WHERE is_approved'],
  ['records_creator_created_idx', 'ON records (created_by_id, created_at DESC NULLS LAST)'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, definition] of INDEXES) await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ${definition}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of INDEXES) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
}
