/** The change log by record: when each record last changed in public (the catalogue record's `dct:modified`). */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX public_changes_record_idx ON public_changes (record_id, changed_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS public_changes_record_idx');
}
