/**
 * The change log behind `GET /changes`: one row per transaction and record whose public state it
 * touched, written by triggers so no writer can forget it.
 *
 * - `records`: a row inserted, updated or deleted while public before or after (public = neither
 *   hidden nor awaiting approval, the access module's rule) logs whether it was public before the
 *   transaction's first change and is public after its last one.
 * - Vocabulary terms, organisations, licences, grants and publications: a change fans out to every
 *   public record that cites the row, with the table's name as the section changed.
 *
 * `txid` is the writing transaction (`pg_current_xact_id()`). Ids are taken before commit, so they
 * commit out of order; the feed reads only rows of transactions older than every transaction
 * still running (`pg_snapshot_xmin`) and orders by (txid, id), so a cursor never skips a row that
 * commits later. `edit_events.txid` (new rows only) ties a change to the sections its edit events
 * name. Records public when this runs are logged as created, so a replay from the start holds them.
 */
import type { Knex } from 'knex';

/** Tables whose rows records cite, and the join table and column that cite them. */
const CITED_TABLES: readonly [table: string, joinTable: string, joinColumn: string][] = [
  ['subjects', 'record_subjects', 'subject_id'],
  ['domains', 'record_domains', 'domain_id'],
  ['taxonomies', 'record_taxonomies', 'taxonomy_id'],
  ['object_types', 'record_object_types', 'object_type_id'],
  ['user_defined_tags', 'record_user_defined_tags', 'user_defined_tag_id'],
  ['countries', 'record_countries', 'country_id'],
  ['licences', 'licence_links', 'licence_id'],
  ['organisations', 'organisation_links', 'organisation_id'],
  ['grants', 'organisation_links', 'grant_id'],
  ['publications', 'record_publications', 'publication_id'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE public_changes (
      id bigserial PRIMARY KEY,
      txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      record_id integer NOT NULL,
      was_public boolean NOT NULL,
      is_public boolean NOT NULL,
      sections text[] NOT NULL DEFAULT '{}',
      changed_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (txid, record_id)
    )`);
  await knex.raw('CREATE INDEX public_changes_order_idx ON public_changes (txid, id)');
  await knex.raw('ALTER TABLE edit_events ADD COLUMN txid xid8');
  await knex.raw('ALTER TABLE edit_events ALTER COLUMN txid SET DEFAULT pg_current_xact_id()');
  await knex.raw('CREATE INDEX edit_events_txid_idx ON edit_events (txid, record_id) WHERE txid IS NOT NULL');

  await knex.raw(`
    CREATE FUNCTION log_public_record_change() RETURNS trigger AS $$
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
  await knex.raw(`CREATE TRIGGER records_public_change_insert_delete AFTER INSERT OR DELETE ON records
    FOR EACH ROW EXECUTE FUNCTION log_public_record_change()`);
  await knex.raw(`CREATE TRIGGER records_public_change_update AFTER UPDATE ON records
    FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION log_public_record_change()`);

  // TG_ARGV: the join table and its column naming the changed row.
  await knex.raw(`
    CREATE FUNCTION log_public_citation_change() RETURNS trigger AS $$
    DECLARE
      changed_id integer;
    BEGIN
      IF TG_OP = 'DELETE' THEN changed_id := OLD.id; ELSE changed_id := NEW.id; END IF;
      EXECUTE format(
        'INSERT INTO public_changes (record_id, was_public, is_public, sections)
         SELECT DISTINCT r.id, true, true, ARRAY[%L] FROM %I j JOIN records r ON r.id = j.record_id
         WHERE j.%I = $1 AND NOT r.is_hidden AND r.is_approved
         ON CONFLICT (txid, record_id) DO UPDATE
         SET sections = ARRAY(SELECT DISTINCT s FROM unnest(public_changes.sections || EXCLUDED.sections) AS s ORDER BY s)',
        TG_TABLE_NAME, TG_ARGV[0], TG_ARGV[1]
      ) USING changed_id;
      IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
      RETURN NEW;
    END;
    $$ LANGUAGE plpgsql`);
  for (const [table, joinTable, joinColumn] of CITED_TABLES) {
    // Before a delete, while the citing join rows still exist (they cascade away with the row).
    await knex.raw(`CREATE TRIGGER ${table}_public_change_delete BEFORE DELETE ON ${table}
      FOR EACH ROW EXECUTE FUNCTION log_public_citation_change('${joinTable}', '${joinColumn}')`);
    await knex.raw(`CREATE TRIGGER ${table}_public_change_update AFTER UPDATE ON ${table}
      FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION log_public_citation_change('${joinTable}', '${joinColumn}')`);
  }

  await knex.raw(`INSERT INTO public_changes (record_id, was_public, is_public)
    SELECT id, false, true FROM records WHERE NOT is_hidden AND is_approved ORDER BY id`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [table] of CITED_TABLES) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_public_change_delete ON ${table}`);
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_public_change_update ON ${table}`);
  }
  await knex.raw('DROP TRIGGER IF EXISTS records_public_change_insert_delete ON records');
  await knex.raw('DROP TRIGGER IF EXISTS records_public_change_update ON records');
  await knex.raw('DROP FUNCTION IF EXISTS log_public_citation_change()');
  await knex.raw('DROP FUNCTION IF EXISTS log_public_record_change()');
  await knex.raw('ALTER TABLE edit_events DROP COLUMN IF EXISTS txid');
  await knex.raw('DROP TABLE IF EXISTS public_changes');
}
