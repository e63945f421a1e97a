/** The ISO text of a timestamp column, as every slice's GraphQL and REST answers give dates. */

/** ISO text of a timestamp column (null stays null). */
export function isoDate(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
