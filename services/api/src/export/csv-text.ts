/**
 * The one CSV writer of every download (`/export/records.csv`, GraphQL `downloadSearchResults`,
 * the curators' `/files/*` and, as lines, the Download records tab's GraphQL answers). Text cells that a spreadsheet would read as a formula are
 * neutralised (`neutralisedCell`, OWASP's rule, shared with the web app's chart tables), so a
 * record named `=HYPERLINK(…)` shows as text instead of running. Numbers stay numbers (a count
 * is never a formula).
 */
import { stringify } from 'csv-stringify/sync';
import { neutralisedCell } from '@registry/schemas/export/csv-cell.ts';

/**
 * CSV lines of rows of cells. The records dump ends lines with CRLF as RFC 4180 writes them;
 * the curators' files have always ended them with LF.
 */
export type CsvRows = readonly (readonly (string | number)[])[];

export function csvText(rows: CsvRows, lineEnd: 'crlf' | 'lf' = 'crlf'): string {
  return stringify(
    rows.map((row) => row.map((cell) => (typeof cell === 'string' ? neutralisedCell(cell) : cell))),
    { record_delimiter: lineEnd === 'crlf' ? 'windows' : 'unix' },
  );
}

/**
 * The same rows as a list of CSV lines without their line ends, FAIRsharing's shape of a file (its
 * client joins the lines itself). Each row is written on its own, so a line break inside a cell
 * stays quoted within its line.
 */
export function csvLines(rows: CsvRows): string[] {
  return rows.map((row) => csvText([row], 'lf').slice(0, -1));
}
