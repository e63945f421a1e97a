/**
 * What a record marked incomplete lacks of the parts curators check, and that list in the shape
 * FAIRsharing answers as a record's `incomplete` (its web client's record page and curator
 * dashboard read `incomplete.required`, `.recommended` and `.optional`, each a list of
 * `{field, url}`; a complete record answers null, which the client reads as nothing missing).
 */
import DataLoader from 'dataloader';
import type { Knex } from 'knex';

/** Parts without which a record cannot have a DOI (the DOI rule's "complete"); the rest are recommended. */
const REQUIRED_PARTS = new Set(['description', 'homepage', 'record type']);

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

export interface MissingField { field: string; url: string }
export interface Incompleteness { required: MissingField[]; recommended: MissingField[]; optional: MissingField[] }

/** FAIRsharing's `incomplete` for a record marked incomplete; each field links to the record's editor. */
export function incompleteness(recordId: number, missing: readonly string[]): Incompleteness {
  const field = (name: string): MissingField => ({ field: name.replace(/ /g, '_'), url: `/${recordId}/edit` });
  return {
    required: missing.filter((name) => REQUIRED_PARTS.has(name)).map(field),
    recommended: missing.filter((name) => !REQUIRED_PARTS.has(name)).map(field),
    optional: [],
  };
}
