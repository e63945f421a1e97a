/**
 * GraphQL queries started before the screen that needs them has rendered, or even loaded:
 * start-up asks the current page's search while the route's code is still on its way, and
 * the page takes that answer instead of asking again (useLatestQuery). Keyed by the exact
 * query text, used once, and only while fresh, so a later visit never sees an old answer.
 */
import { graphqlQuery } from './client.ts';

/** An early answer older than this is dropped: the page asks again. */
export const EARLY_QUERY_FRESH_MS = 10_000;

export interface EarlyQuery<T> {
  promise: Promise<T>;
  /** The answer, once it has arrived (lets the first render show it without a loading state). */
  data?: T;
}

interface Entry extends EarlyQuery<unknown> {
  startedAt: number;
}

const started = new Map<string, Entry>();

function freshEntry(query: string): Entry | undefined {
  const entry = started.get(query);
  if (entry && Date.now() - entry.startedAt > EARLY_QUERY_FRESH_MS) {
    started.delete(query);
    return undefined;
  }
  return entry;
}

export function startEarlyQuery(query: string): void {
  if (freshEntry(query)) return;
  const entry: Entry = { promise: graphqlQuery<unknown>(query), startedAt: Date.now() };
  entry.promise.then(
    (data) => {
      entry.data = data;
    },
    // The page that takes the promise reports the failure; nobody may be waiting yet.
    () => undefined,
  );
  started.set(query, entry);
}

/** The answer of an early query that has already arrived, without using it up. */
export function peekEarlyAnswer<T>(query: string): T | undefined {
  return freshEntry(query)?.data as T | undefined;
}

/** The early query for this text, if one was started: it is handed out once. */
export function takeEarlyQuery<T>(query: string): EarlyQuery<T> | undefined {
  const entry = freshEntry(query);
  started.delete(query);
  return entry as EarlyQuery<T> | undefined;
}
