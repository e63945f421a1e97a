/**
 * A user's role becomes one enum column; `is_curator` and `is_super_curator` are derived from it
 * (generated columns), so the two can never disagree. `developer` is kept from the data model of
 * the public registry: it grants what `user` grants (documented in the access module).
 */
import type { Knex } from 'knex';

// Written out here rather than imported: a migration stays as it was when it ran.
const USER_ROLE_VALUES = ['user', 'curator', 'super_curator', 'developer'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TYPE user_role AS ENUM (${USER_ROLE_VALUES.map((role) => `'${role}'`).join(', ')})`);
  await knex.raw(`
    UPDATE users SET role = CASE
      WHEN is_super_curator THEN 'super_curator'
      WHEN is_curator THEN 'curator'
      WHEN role IN (${USER_ROLE_VALUES.map((role) => `'${role}'`).join(', ')}) THEN role
      ELSE 'user' END`);
  await knex.raw('ALTER TABLE users ALTER COLUMN role DROP DEFAULT');
  await knex.raw('ALTER TABLE users ALTER COLUMN role TYPE user_role USING role::user_role');
  await knex.raw(`ALTER TABLE users ALTER COLUMN role SET DEFAULT 'user'`);
  await knex.raw('ALTER TABLE users DROP COLUMN is_curator, DROP COLUMN is_super_curator');
  await knex.raw(`ALTER TABLE users
    ADD COLUMN is_curator boolean GENERATED ALWAYS AS (role IN ('curator', 'super_curator')) STORED,
    ADD COLUMN is_super_curator boolean GENERATED ALWAYS AS (role = 'super_curator') STORED`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE users DROP COLUMN is_curator, DROP COLUMN is_super_curator');
  await knex.raw('ALTER TABLE users ADD COLUMN is_curator boolean NOT NULL DEFAULT false, ADD COLUMN is_super_curator boolean NOT NULL DEFAULT false');
  await knex.raw(`UPDATE users SET is_curator = role IN ('curator', 'super_curator'), is_super_curator = role = 'super_curator'`);
  await knex.raw('ALTER TABLE users ALTER COLUMN role DROP DEFAULT');
  await knex.raw('ALTER TABLE users ALTER COLUMN role TYPE text USING role::text');
  await knex.raw(`ALTER TABLE users ALTER COLUMN role SET DEFAULT 'user'`);
  await knex.raw('DROP TYPE user_role');
}
