/**
 * What a record marked incomplete lacks of the parts curators check, by name, for a batch of
 * records (the curator dashboard's page, or a DataLoader's batch). Shaped as FAIRsharing answers
 * it by record-incompleteness.ts.
 */
import DataLoader from 'dataloader';
import type { Knex } from 'knex';

const MISSING_PARTS_SQL = `array_remove(ARRAY[
  CASE WHEN r.description = '' THEN 'description' END,
  CASE WHEN coalesce(r.homepage, '') = '' THEN 'homepage' END,
  CASE WHEN r.record_type_id IS NULL THEN 'record type' END,
  CASE WHEN jsonb_typeof(r.metadata->'contacts') IS DISTINCT FROM 'array' OR jsonb_array_length(r.metadata->'contacts') = 0 THEN 'contacts' END,
  CASE WHEN NOT EXISTS (SELECT 1 FROM licence_links l WHERE l.record_id = r.id) THEN 'licences' END,
  CASE WHEN NOT EXISTS (SELECT 1 FROM organisation_links o WHERE o.record_id = r.id) THEN 'organisations' END
], NULL) AS missing`;

/** The missing parts of each record asked for, by id (one query). */
export async function missingPartsByRecord(db: Knex, ids: readonly number[]): Promise<Map<number, string[]>> {
  const rows: { id: number; missing: string[] }[] = await db('records as r').whereIn('r.id', [...ids]).select('r.id', db.raw(MISSING_PARTS_SQL));
  return new Map(rows.map((row) => [row.id, row.missing]));
}

export function missingPartsLoader(db: Knex): DataLoader<number, string[]> {
  return new DataLoader(async (ids) => {
    const byId = await missingPartsByRecord(db, ids);
    return ids.map((id) => byId.get(id) ?? []);
  });
}

