/**
 * API names in either spelling. The REST search declares snake_case (`fairsharing_registry`),
 * `/statistics/records` GraphQL's camelCase (`fairsharingRegistry`) with snake_case facet keys
 * in `by`; scripts mix them up, and a name spelled the other way used to be dropped without a
 * word (Fastify strips unknown keys), so the filter silently did nothing. Both routes take both.
 */

export const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
export const camelCase = (name: string): string => name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * The values under the names a route declares: a key spelled the other way moves to its declared
 * name (when both spellings are given, the declared one wins); other keys stay as they are.
 */
export function withDeclaredNames<T>(values: T, declared: ReadonlySet<string>, respell: (name: string) => string): T {
  if (!values || typeof values !== 'object' || Array.isArray(values)) return values;
  const given = values as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) {
    const name = declared.has(key) ? key : respell(key);
    if (!declared.has(name)) result[key] = value;
    else if (name === key || !(name in given)) result[name] = value;
  }
  return result as T;
}
