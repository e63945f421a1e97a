/**
 * Per-registry record counts for the curator dashboard (the curation summary and the "needs
 * review" count), kept by statement triggers on `records`, so the dashboard reads one row per
 * registry instead of counting the whole catalogue: on 100k records those counts were full scans
 * (65-320 ms). Statement triggers with transition tables add one grouped upsert per statement,
 * also for bulk inserts; an update that changes no counted column writes nothing, so ordinary
 * edits never wait on a count row.
 */
import type { Knex } from 'knex';

/** Each count, as the condition a record meets to be counted in it. */
const COUNTED: [string, string][] = [
  ['records', 'true'],
  ['awaiting_approval', 'NOT is_approved'],
  ['hidden', 'is_hidden'],
  ['incomplete', 'NOT is_complete'],
  ['without_doi', 'doi IS NULL'],
  // Half of "needs review" (curation-repository.ts needsReview); the other half, reviewed over a
  // year ago, depends on the date and is counted from records_review_due_idx.
  ['never_reviewed', 'is_approved AND last_reviewed IS NULL'],
];

/** The counts of `rows` per registry, each multiplied by `sign`. */
const counted = (rows: string, sign: 1 | -1) =>
  `SELECT registry_id, ${COUNTED.map(([column, condition]) => `${sign} * (${condition})::int AS ${column}`).join(', ')} FROM ${rows}`;

/** Adds the net change of the counted rows to each registry's counts (nothing when it is nil). */
const applyChange = (sources: string[]) => `
    INSERT INTO record_counts (registry_id, ${COUNTED.map(([column]) => column).join(', ')})
    SELECT registry_id, ${COUNTED.map(([column]) => `sum(${column})`).join(', ')}
    FROM (${sources.join(' UNION ALL ')}) AS change
    GROUP BY registry_id
    HAVING ${COUNTED.map(([column]) => `sum(${column}) <> 0`).join(' OR ')}
    ON CONFLICT (registry_id) DO UPDATE SET ${COUNTED.map(([column]) => `${column} = record_counts.${column} + EXCLUDED.${column}`).join(', ')};`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('record_counts', (t) => {
    t.integer('registry_id').primary().references('id').inTable('registries').onDelete('CASCADE');
    for (const [column] of COUNTED) t.integer(column).notNullable().defaultTo(0);
  });
  await knex.raw(`
    CREATE FUNCTION count_records() RETURNS trigger AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN${applyChange([counted('new_rows', 1)])}
      ELSIF TG_OP = 'UPDATE' THEN${applyChange([counted('new_rows', 1), counted('old_rows', -1)])}
      ELSIF TG_OP = 'DELETE' THEN${applyChange([counted('old_rows', -1)])}
      ELSE
        DELETE FROM record_counts;
      END IF;
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql;
    CREATE TRIGGER records_count_insert AFTER INSERT ON records REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_records();
    CREATE TRIGGER records_count_update AFTER UPDATE ON records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_records();
    CREATE TRIGGER records_count_delete AFTER DELETE ON records REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_records();
    CREATE TRIGGER records_count_truncate AFTER TRUNCATE ON records FOR EACH STATEMENT EXECUTE FUNCTION count_records();
  `);
  // The triggers' lock on records holds writes off until this transaction ends, so no write falls
  // between this first count and the triggers.
  await knex.raw(applyChange([counted('records', 1)]));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TRIGGER IF EXISTS records_count_insert ON records;
    DROP TRIGGER IF EXISTS records_count_update ON records;
    DROP TRIGGER IF EXISTS records_count_delete ON records;
    DROP TRIGGER IF EXISTS records_count_truncate ON records;
    DROP FUNCTION IF EXISTS count_records();
  `);
  await knex.schema.dropTableIfExists('record_counts');
}
