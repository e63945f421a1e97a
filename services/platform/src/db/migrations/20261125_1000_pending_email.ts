/**
 * A changed e-mail address waits in `unconfirmed_email` until the link mailed to it is followed;
 * `email` stays the confirmed address meanwhile (third-party sign-in links accounts by it). The
 * confirmation token and its date are the existing columns, as for a new account.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('unconfirmed_email');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('unconfirmed_email');
  });
}
