/**
 * A revision number of the vocabulary terms (subjects and their parents, domains, taxonomies,
 * object types, user-defined tags), raised by a statement trigger on every insert, update, delete
 * or truncate of their tables, so no writer can forget it. Answers built from the terms alone
 * (the tag lists) are kept by every API process under the revision they were built at
 * (services/api/src/graphql/shared-answers.ts): a change seen by one process is seen by all.
 */
import type { Knex } from 'knex';

const TERM_TABLES = ['subjects', 'subject_parents', 'domains', 'taxonomies', 'object_types', 'user_defined_tags'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE TABLE term_revision (one boolean PRIMARY KEY DEFAULT true CHECK (one), revision bigint NOT NULL DEFAULT 0)');
  await knex.raw('INSERT INTO term_revision DEFAULT VALUES');
  await knex.raw(`
    CREATE FUNCTION raise_term_revision() RETURNS trigger AS $$
    BEGIN
      UPDATE term_revision SET revision = revision + 1;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`);
  for (const table of TERM_TABLES) {
    await knex.raw(`CREATE TRIGGER ${table}_term_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION raise_term_revision()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TERM_TABLES) await knex.raw(`DROP TRIGGER IF EXISTS ${table}_term_revision ON ${table}`);
  await knex.raw('DROP FUNCTION IF EXISTS raise_term_revision()');
  await knex.raw('DROP TABLE IF EXISTS term_revision');
}
