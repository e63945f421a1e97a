/**
 * CSV form of records, one row each: used by GET /export/records.csv and by GraphQL
 * `downloadSearchResults`. Pure; takes a Postgres export row or a search document alike.
 * List cells join values with "; " (values containing it stay intact, csv-stringify quotes).
 */
import { csvText } from './csv-text.ts';
import { doiIri } from '../kernel/iri.ts';
import { recordPageUrl } from '../kernel/record-page-url.ts';

export interface RecordCsvSource {
  id: number;
  name: string;
  abbreviation: string | null;
  registry: string;
  recordType: string | null;
  status: string;
  doi: string | null;
  homepage: string | null;
  subjects: readonly { label: string }[];
  domains: readonly { label: string }[];
  taxonomies: readonly { label: string }[];
  countries: readonly { name: string }[];
  licences: readonly { name: string }[];
}

export const RECORD_CSV_COLUMNS = [
  'id',
  'name',
  'abbreviation',
  'registry',
  'type',
  'status',
  'doi',
  'homepage',
  'subjects',
  'domains',
  'taxonomies',
  'countries',
  'licences',
  'url',
] as const;

const LIST_SEPARATOR = '; ';

function joinLabels(values: readonly string[]): string {
  return values.join(LIST_SEPARATOR);
}

/** Cells of one record, in RECORD_CSV_COLUMNS order. */
export function recordCsvCells(record: RecordCsvSource, site: { publicUrl: string }): string[] {
  return [
    String(record.id),
    record.name,
    record.abbreviation ?? '',
    record.registry.toLowerCase(),
    record.recordType ?? '',
    record.status,
    record.doi ? doiIri(record.doi) : '',
    record.homepage ?? '',
    joinLabels(record.subjects.map((term) => term.label)),
    joinLabels(record.domains.map((term) => term.label)),
    joinLabels(record.taxonomies.map((term) => term.label)),
    joinLabels(record.countries.map((country) => country.name)),
    joinLabels(record.licences.map((licence) => licence.name)),
    recordPageUrl(site.publicUrl, record.id),
  ];
}

/** CSV lines (each ending with CRLF) for some records, optionally preceded by the header line. */
export function recordsCsv(
  records: readonly RecordCsvSource[],
  site: { publicUrl: string },
  options: { header?: boolean } = {},
): string {
  const rows: string[][] = records.map((record) => recordCsvCells(record, site));
  if (options.header ?? true) rows.unshift([...RECORD_CSV_COLUMNS]);
  return csvText(rows);
}
