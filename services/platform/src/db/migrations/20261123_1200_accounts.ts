/**
 * Accounts: server-side sessions (a JWT names its session, so sign-out, a password change,
 * deactivation and a role change end tokens at once), API keys (stored as keyed hashes), the
 * third-party identities linked to an account, and the dates that make e-mailed tokens expire.
 * Confirmation and reset tokens are stored hashed in the existing columns. An ORCID account may
 * exist before its owner gives an e-mail, so `email` becomes optional; a deleted account keeps its
 * row (records still name it as their editor) with the personal data removed.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('confirmation_sent_at', { useTz: true });
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.raw('ALTER TABLE users ALTER COLUMN email DROP NOT NULL');

  await knex.schema.createTable('user_sessions', (t) => {
    t.uuid('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.index(['user_id']);
  });

  await knex.schema.createTable('api_keys', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('name').notNullable();
    // HMAC-SHA-256 of the key (hex): keys are random, so a fast keyed hash suffices.
    t.text('key_hash').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.index(['user_id']);
  });

  await knex.schema.createTable('user_identities', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('provider').notNullable(); // orcid | github
    t.text('subject').notNullable(); // the provider's stable id of the person
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['provider', 'subject']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_identities');
  await knex.schema.dropTable('api_keys');
  await knex.schema.dropTable('user_sessions');
  await knex.raw(`UPDATE users SET email = 'user-' || id || '@invalid' WHERE email IS NULL`);
  await knex.raw('ALTER TABLE users ALTER COLUMN email SET NOT NULL');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('deleted_at');
    t.dropColumn('confirmation_sent_at');
  });
}
