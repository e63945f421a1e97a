/**
 * Narrowing of the API's JSON fields (the schema's `JSON` scalar, typed `unknown` in the generated
 * answer types): the readers of graph data, vocabulary trees and edit histories build their shapes
 * from these checks instead of trusting a cast.
 */

/** A JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The strings of a list; anything else in it, or a value that is not a list, gives none. */
export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The items of a list that `read` makes sense of (it answers null for the others). */
export function listOf<T>(value: unknown, read: (item: unknown) => T | null): T[] {
  return Array.isArray(value) ? value.flatMap((item) => read(item) ?? []) : [];
}
