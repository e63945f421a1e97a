/** LIKE patterns for "contains this text, any letter case" searches in Postgres. */

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
function escapedForLike(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`);
}

export function containsPattern(text: string): string {
  return `%${escapedForLike(text)}%`;
}

/** "Starts with this text, any letter case". */
export function prefixPattern(text: string): string {
  return `${escapedForLike(text)}%`;
}

/** The pattern of a searched text, or null when it asks for everything (empty or `*`). */
export function searchedPattern(q: string | null | undefined): string | null {
  const text = (q ?? '').trim();
  return text === '' || text === '*' ? null : containsPattern(text);
}
