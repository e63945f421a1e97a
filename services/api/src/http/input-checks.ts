/**
 * Checks of decoded request input that every route shares (request-input.ts runs them on the
 * path, query string, parameters and body; graphql-transport.ts on a GraphQL body). The walk is
 * iterative, so the check itself cannot overflow the stack on the input it exists to refuse.
 */
import { MAX_IDS_PER_LIST } from '@registry/schemas/forms/bounds.ts';

/** Far deeper than any request of ours (GraphQL variables of a record edit nest about 6 levels). */
export const MAX_INPUT_DEPTH = 64;

/** NUL (Postgres refuses it in text and jsonb) or a lone surrogate (no UTF-8 for it). */
const UNSTORABLE_TEXT = /[\0\p{Cs}]/u;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor']);

export function isStorableText(text: string): boolean {
  return !UNSTORABLE_TEXT.test(text);
}

export function unstorableTextMessage(where: string): string {
  return `${where} contains a NUL character or an unpaired surrogate; text must be valid Unicode without NUL`;
}

/** Paths in messages stay short even when a key is a megabyte long. */
function shortPath(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/** The first problem of a decoded input value (`where` names it in the message), or undefined. */
export function inputProblem(value: unknown, where: string): string | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: where, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value === 'string') {
      if (!isStorableText(next.value)) return unstorableTextMessage(shortPath(next.path));
      continue;
    }
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth >= MAX_INPUT_DEPTH) return `${where} is nested more than ${MAX_INPUT_DEPTH} levels deep`;
    // No list of ours is longer; refused here before a validator walks (or a query binds) each item.
    if (Array.isArray(next.value) && next.value.length > MAX_IDS_PER_LIST) return `${shortPath(next.path)} has more than ${MAX_IDS_PER_LIST} items`;
    for (const [key, child] of Object.entries(next.value)) {
      const path = `${next.path}/${key}`;
      if (FORBIDDEN_KEYS.has(key)) return `${where} contains a forbidden key (${key})`;
      if (!isStorableText(key)) return unstorableTextMessage(shortPath(path));
      pending.push({ value: child, path, depth: next.depth + 1 });
    }
  }
  return undefined;
}
