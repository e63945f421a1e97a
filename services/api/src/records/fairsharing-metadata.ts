/**
 * A record's `metadata` as FAIRsharing's API answers it: the values this registry keeps in columns
 * of `records` (name, abbreviation, homepage, description, status) inside it too, beside the
 * stored document (contacts, support links, citations, deprecation reason, year of creation and
 * the record type's own keys). FAIRsharing's web client builds its editor from `metadata` alone.
 */
import type { RecordRow } from './record-rows.ts';

/** Metadata keys held in columns of `records` (FAIRsharing's API answers them inside `metadata` too). */
export const COLUMN_METADATA_KEYS = ['name', 'abbreviation', 'homepage', 'description', 'status'] as const;

/**
 * The lists FAIRsharing's web client reads from every record's metadata (its editor maps
 * `citations` and, after a save, `support_links` without checking they are there), answered empty
 * when the stored document has none.
 */
const LIST_METADATA_KEYS = ['contacts', 'support_links', 'citations'] as const;

/** A record's metadata as FAIRsharing's API answers it: the column-held values first, then the stored document. */
export function fairsharingMetadata(record: Pick<RecordRow, (typeof COLUMN_METADATA_KEYS)[number] | 'metadata'>): Record<string, unknown> {
  return {
    name: record.name,
    abbreviation: record.abbreviation,
    homepage: record.homepage,
    description: record.description,
    status: record.status,
    ...Object.fromEntries(LIST_METADATA_KEYS.map((key) => [key, []])),
    ...(record.metadata ?? {}),
  };
}
