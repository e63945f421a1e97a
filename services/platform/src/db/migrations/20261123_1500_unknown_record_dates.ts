/**
 * Records' creation and update dates may be unknown (NULL): the demo catalogue only knows them
 * for the records the 2018 export dates, and a seed must not claim the day it ran. Records
 * created through the API still get now() by default.
 *
 * `bump_revision` keeps stamping `updated_at = now()` on a real change, unless the statement
 * sets `updated_at` itself (to another value than it held), or the transaction declares that it
 * writes source dates (`SET LOCAL registry.source_dates = 'on'`, as the seed does: a row trigger
 * cannot tell "set to NULL again" from "not set").
 */
import type { Knex } from 'knex';

const bumpRevision = (stampUnlessSet: boolean) => `
  CREATE OR REPLACE FUNCTION bump_revision() RETURNS trigger AS $$
  BEGIN
    NEW.revision := OLD.revision + 1;
    IF TG_TABLE_NAME NOT IN ('countries')${stampUnlessSet ? ` AND NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at AND current_setting('registry.source_dates', true) IS DISTINCT FROM 'on'` : ''} THEN
      NEW.updated_at := now();
    END IF;
    RETURN NEW;
  END;
  $$ LANGUAGE plpgsql;
`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE records ALTER COLUMN created_at DROP NOT NULL, ALTER COLUMN updated_at DROP NOT NULL');
  await knex.raw(bumpRevision(true));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(bumpRevision(false));
  // The older schema cannot say "unknown"; the nearest known date stands in.
  await knex.raw(`
    ALTER TABLE records DISABLE TRIGGER USER;
    UPDATE records SET created_at = coalesce(created_at, updated_at, now()), updated_at = coalesce(updated_at, created_at, now())
      WHERE created_at IS NULL OR updated_at IS NULL;
    ALTER TABLE records ENABLE TRIGGER USER;
    ALTER TABLE records ALTER COLUMN created_at SET NOT NULL, ALTER COLUMN updated_at SET NOT NULL;
  `);
}
