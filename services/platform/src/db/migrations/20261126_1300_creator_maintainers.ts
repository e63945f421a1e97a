/**
 * Approving a record now makes its creator one of its maintainers (records/record-curation-actions.ts),
 * so the creator keeps the right to edit it. Records approved before that change left their
 * creators without it: each approved record's creator becomes a maintainer, unless they already
 * are one, their account is deactivated, or a claim by someone else was approved for the record
 * (the record has been handed to another). Each such record is queued for indexing (its document
 * says whether it is maintained) without changing its "Last updated": a new maintainer is no
 * change to what the record says (`registry.source_dates` keeps `updated_at`, see
 * 20261123_1500_unknown_record_dates).
 *
 * Down does nothing: a maintainer added here cannot be told from one added since.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // One simple query, so SET LOCAL holds for the statement after it whether or not the
  // migration runs in a transaction of its own.
  await knex.raw(`
    SET LOCAL registry.source_dates = 'on';
    WITH wanted AS (
      SELECT records.id AS record_id, records.created_by_id AS user_id
      FROM records
      JOIN users ON users.id = records.created_by_id AND NOT users.deactivated
      WHERE records.is_approved
        AND NOT EXISTS (SELECT 1 FROM record_maintainers WHERE record_maintainers.record_id = records.id AND record_maintainers.user_id = records.created_by_id)
        AND NOT EXISTS (
          SELECT 1 FROM maintenance_requests
          WHERE maintenance_requests.record_id = records.id AND maintenance_requests.status = 'approved' AND maintenance_requests.user_id <> records.created_by_id
        )
    ), added AS (
      INSERT INTO record_maintainers (record_id, user_id) SELECT record_id, user_id FROM wanted RETURNING record_id
    ), bumped AS (
      UPDATE records SET revision = revision + 1 WHERE id IN (SELECT record_id FROM added) RETURNING id, revision
    )
    INSERT INTO index_outbox (entity_type, entity_id, revision) SELECT 'record', id, revision FROM bumped;
  `);
}

export async function down(): Promise<void> {}
