/** LIKE patterns for "contains this text, any letter case" searches in Postgres. */

/** `%`, `_` and `\` match themselves in the LIKE pattern. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The pattern of a searched text, or null when it asks for everything (empty or `*`). */
export function searchedPattern(q: string | null | undefined): string | null {
  const text = (q ?? '').trim();
  return text === '' || text === '*' ? null : containsPattern(text);
}
