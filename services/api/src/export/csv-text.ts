/**
 * The one CSV writer of every download (`/export/records.csv`, GraphQL `downloadSearchResults`,
 * the curators' `/files/*`). Text cells that a spreadsheet would read as a formula are
 * neutralised by OWASP's rule (CSV injection): a cell starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return gets a leading single quote, so a record named `=HYPERLINK(…)` shows as
 * text instead of running. Numbers stay numbers (a count is never a formula).
 */
import { stringify } from 'csv-stringify/sync';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as a spreadsheet will show it, never as a formula. */
export function neutralisedCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

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
