/**
 * `index_outbox.txid`: the transaction that wrote the intent (`pg_current_xact_id()`), so a
 * reader can name the catalogue's version by the newest transaction that wrote an intent and is
 * final (`committedOutboxVersion`, below the commit horizon): the open dumps are kept per version.
 * Existing rows get the migration's own transaction, final once it commits.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE index_outbox ADD COLUMN txid xid8 NOT NULL DEFAULT pg_current_xact_id()');
  await knex.raw('CREATE INDEX index_outbox_txid ON index_outbox (txid)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('index_outbox', (t) => {
    t.dropColumn('txid');
  });
}
