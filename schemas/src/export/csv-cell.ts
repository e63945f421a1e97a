/**
 * OWASP's rule against CSV injection, shared by every CSV the registry writes (the server's
 * downloads and the web app's chart tables): a text cell starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return gets a leading single quote, so a spreadsheet shows it as text instead of
 * running it as a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as a spreadsheet will show it, never as a formula. */
export function neutralisedCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
