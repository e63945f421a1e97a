/**
 * What the webhook dispatcher last told of each record: a digest of the record as a delivery shows
 * it, without its `updatedAt`. An update that names no section and leaves the record as it was
 * (a related record re-indexed because its neighbour was renamed: only its `updatedAt` moved) is
 * then not sent (`services/api/src/webhooks/webhook-dispatch.ts`). No foreign key: the row of a
 * deleted record is harmless, and the dispatcher never waits on the records table's locks.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE TABLE webhook_record_digests (record_id integer PRIMARY KEY, digest text NOT NULL)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS webhook_record_digests');
}
