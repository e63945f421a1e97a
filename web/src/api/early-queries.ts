/**
 * GraphQL queries started before the screen that needs them has rendered, or even loaded:
 * start-up asks the current page's search while the route's code is still on its way, and
 * the page takes that answer instead of asking again (useLatestQuery). Keyed by the exact
 * request (document and variables), used once, and only while fresh, so a later visit never
 * sees an old answer.
 * The server may already have put the answer into the page (`#early-answers`: a search page's
 * search, services/api/src/pages/early-search-answer.ts, or a record page's record,
 * record-page.ts): `adoptPageAnswers` takes it as an early query that has arrived, for anonymous
 * visitors (the server asked as one).
 */
import { EARLY_ANSWERS_ELEMENT_ID } from '@registry/schemas/search/client/search-page-route.ts';
import { graphqlRequestKey, type GraphqlOperation, type GraphqlRequest } from '@registry/schemas/search/client/graphql-request.ts';
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

function freshEntry(key: string): Entry | undefined {
  const entry = started.get(key);
  if (entry && Date.now() - entry.startedAt > EARLY_QUERY_FRESH_MS) {
    started.delete(key);
    return undefined;
  }
  return entry;
}

export function startEarlyQuery(operation: GraphqlOperation): void {
  const key = graphqlRequestKey(operation);
  if (freshEntry(key)) return;
  const entry: Entry = { promise: graphqlQuery<unknown>(operation), startedAt: Date.now() };
  entry.promise.then(
    (data) => {
      entry.data = data;
    },
    // The page that takes the promise reports the failure; nobody may be waiting yet.
    () => undefined,
  );
  started.set(key, entry);
}

function isPageAnswer(value: unknown): value is GraphqlRequest & { data: unknown } {
  if (typeof value !== 'object' || value === null || !('data' in value)) return false;
  const { query, variables } = value as { query?: unknown; variables?: unknown };
  return typeof query === 'string' && (variables === undefined || (typeof variables === 'object' && variables !== null));
}

/**
 * Takes the answer the server put into the page, once (the element is removed), when the visitor
 * is anonymous: a logged-in curator's search can differ from the anonymous one the server ran.
 */
export function adoptPageAnswers(options: { loggedIn: boolean }): void {
  const element = document.getElementById(EARLY_ANSWERS_ELEMENT_ID);
  if (!element) return;
  element.remove();
  if (options.loggedIn) return;
  try {
    const answer: unknown = JSON.parse(element.textContent ?? '');
    if (!isPageAnswer(answer)) return;
    started.set(graphqlRequestKey(answer), { promise: Promise.resolve(answer.data), data: answer.data, startedAt: Date.now() });
  } catch {
    // A damaged block is ignored: the page asks the server itself.
  }
}

/** The answer of an early query that has already arrived, without using it up. */
export function peekEarlyAnswer<T>(operation: GraphqlOperation): T | undefined {
  return freshEntry(graphqlRequestKey(operation))?.data as T | undefined;
}

/** The early query for this request, if one was started: it is handed out once. */
export function takeEarlyQuery<T>(operation: GraphqlOperation): EarlyQuery<T> | undefined {
  const key = graphqlRequestKey(operation);
  const entry = freshEntry(key);
  started.delete(key);
  return entry as EarlyQuery<T> | undefined;
}
