/**
 * What webhooks need beyond the public change feed:
 *
 * - `public_changes` logs every change to a record row, public or not (the feed still shows only
 *   rows public before or after, `changes/change-feed.ts`; curators' webhooks are told of the
 *   rest), and whether the record was approved before and after, and whether the row was
 *   inserted (so `record.approved` and a new unpublished record can be told apart).
 * - `webhook_claim_decisions`: a claim (`maintenance_requests`) decided, queued by a trigger for
 *   the dispatcher, which turns it into `claim.decided` deliveries and deletes it (only while
 *   some webhook exists, so nothing piles up unread).
 * - `webhooks`: the previous secret and until when it still signs (rotation with overlap), when
 *   its deliveries started failing and when it was disabled for it, and why.
 * - `webhook_deliveries`: a redelivery the owner asked for, for the dispatcher to queue.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE public_changes
    ADD COLUMN was_approved boolean, ADD COLUMN is_approved boolean, ADD COLUMN inserted boolean NOT NULL DEFAULT false`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION log_public_record_change() RETURNS trigger AS $$
    DECLARE
      was_public boolean := false;
      is_public boolean := false;
      was_approved boolean := null;
      is_approved boolean := null;
      changed_id integer;
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        was_public := NOT OLD.is_hidden AND OLD.is_approved;
        was_approved := OLD.is_approved;
        changed_id := OLD.id;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        is_public := NOT NEW.is_hidden AND NEW.is_approved;
        is_approved := NEW.is_approved;
        changed_id := NEW.id;
      END IF;
      INSERT INTO public_changes (record_id, was_public, is_public, was_approved, is_approved, inserted)
      VALUES (changed_id, was_public, is_public, was_approved, is_approved, TG_OP = 'INSERT')
      ON CONFLICT (txid, record_id) DO UPDATE SET is_public = EXCLUDED.is_public, is_approved = EXCLUDED.is_approved;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`);

  await knex.raw(`
    CREATE TABLE webhook_claim_decisions (
      claim_id integer PRIMARY KEY REFERENCES maintenance_requests(id) ON DELETE CASCADE,
      decided_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw(`
    CREATE FUNCTION queue_webhook_claim_decision() RETURNS trigger AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM webhooks) THEN
        INSERT INTO webhook_claim_decisions (claim_id) VALUES (NEW.id) ON CONFLICT (claim_id) DO NOTHING;
      END IF;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`);
  await knex.raw(`CREATE TRIGGER maintenance_requests_webhook_decision AFTER UPDATE OF status ON maintenance_requests
    FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status IN ('approved', 'rejected')) EXECUTE FUNCTION queue_webhook_claim_decision()`);

  await knex.raw(`ALTER TABLE webhooks
    ADD COLUMN previous_secret text,
    ADD COLUMN previous_secret_until timestamptz,
    ADD COLUMN failing_since timestamptz,
    ADD COLUMN disabled_at timestamptz,
    ADD COLUMN disabled_reason text`);
  await knex.raw('ALTER TABLE webhook_deliveries ADD COLUMN redeliveries integer NOT NULL DEFAULT 0, ADD COLUMN redelivery_asked boolean NOT NULL DEFAULT false');
  await knex.raw('CREATE INDEX webhook_deliveries_redelivery_idx ON webhook_deliveries (id) WHERE redelivery_asked');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS webhook_deliveries_redelivery_idx');
  await knex.raw('ALTER TABLE webhook_deliveries DROP COLUMN IF EXISTS redeliveries, DROP COLUMN IF EXISTS redelivery_asked');
  await knex.raw(`ALTER TABLE webhooks DROP COLUMN IF EXISTS previous_secret, DROP COLUMN IF EXISTS previous_secret_until,
    DROP COLUMN IF EXISTS failing_since, DROP COLUMN IF EXISTS disabled_at, DROP COLUMN IF EXISTS disabled_reason`);
  await knex.raw('DROP TRIGGER IF EXISTS maintenance_requests_webhook_decision ON maintenance_requests');
  await knex.raw('DROP FUNCTION IF EXISTS queue_webhook_claim_decision()');
  await knex.raw('DROP TABLE IF EXISTS webhook_claim_decisions');
  await knex.raw('DELETE FROM public_changes WHERE NOT was_public AND NOT is_public');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION log_public_record_change() RETURNS trigger AS $$
    DECLARE
      was_public boolean := false;
      is_public boolean := false;
      changed_id integer;
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        was_public := NOT OLD.is_hidden AND OLD.is_approved;
        changed_id := OLD.id;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        is_public := NOT NEW.is_hidden AND NEW.is_approved;
        changed_id := NEW.id;
      END IF;
      IF was_public OR is_public THEN
        INSERT INTO public_changes (record_id, was_public, is_public) VALUES (changed_id, was_public, is_public)
        ON CONFLICT (txid, record_id) DO UPDATE SET is_public = EXCLUDED.is_public;
      END IF;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`);
  await knex.raw('ALTER TABLE public_changes DROP COLUMN IF EXISTS was_approved, DROP COLUMN IF EXISTS is_approved, DROP COLUMN IF EXISTS inserted');
}
