/**
 * A record's `metadata` as FAIRsharing's API answers it: the values this registry keeps in columns
 * of `records` (name, abbreviation, homepage, description, status) inside it too, beside the
 * stored document (contacts, support links, citations, deprecation reason, year of creation and
 * the record type's own keys). FAIRsharing's web client builds its editor from `metadata` alone.
 */
import type { RecordRow } from './record-rows.ts';

/** Metadata keys held in columns of `records` (FAIRsharing's API answers them inside `metadata` too). */
export const COLUMN_METADATA_KEYS = ['name', 'abbreviation', 'homepage', 'description', 'status'] as const;

/** A record's metadata as FAIRsharing's API answers it: the column-held values first, then the stored document. */
export function fairsharingMetadata(record: Pick<RecordRow, (typeof COLUMN_METADATA_KEYS)[number] | 'metadata'>): Record<string, unknown> {
  return {
    name: record.name,
    abbreviation: record.abbreviation,
    homepage: record.homepage,
    description: record.description,
    status: record.status,
    ...(record.metadata ?? {}),
  };
}
