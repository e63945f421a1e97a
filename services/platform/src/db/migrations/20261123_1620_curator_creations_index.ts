/**
 * Recent creations by curators: each curator's newest records come from one index range in the
 * dashboard's order (created_at, then id, newest first), and the curators from a small partial
 * index, instead of reading every record curators created and sorting them.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS records_creator_newest_idx ON records (created_by_id, created_at DESC NULLS LAST, id DESC)');
  await knex.raw('DROP INDEX IF EXISTS records_creator_created_idx');
  await knex.raw('CREATE INDEX IF NOT EXISTS users_curators_idx ON users (username) WHERE is_curator');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS users_curators_idx');
  await knex.raw('CREATE INDEX IF NOT EXISTS records_creator_created_idx ON records (created_by_id, created_at DESC NULLS LAST)');
  await knex.raw('DROP INDEX IF EXISTS records_creator_newest_idx');
}
