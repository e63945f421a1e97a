/**
 * The one CSV writer of every download (`/export/records.csv`, GraphQL `downloadSearchResults`,
 * the curators' `/files/*`). Text cells that a spreadsheet would read as a formula are
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
export function csvText(rows: readonly (readonly (string | number)[])[], lineEnd: 'crlf' | 'lf' = 'crlf'): string {
  return stringify(
    rows.map((row) => row.map((cell) => (typeof cell === 'string' ? neutralisedCell(cell) : cell))),
    { record_delimiter: lineEnd === 'crlf' ? 'windows' : 'unix' },
  );
}
