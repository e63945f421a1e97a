/**
 * The answer to a search page's search, sent inside the page itself. For a navigation to a
 * search URL the server runs the request the page would send (`searchQueryForUrl`, shared with
 * the web app, so document and variables are identical) through the GraphQL schema as an
 * anonymous visitor, and the page embeds `{query, variables, data}` as a JSON data block. The app
 * uses it for that exact request
 * when nobody is logged in (web/src/api/early-queries.ts), so a first visit shows results
 * without another round trip. Anything unusual (no search path, the guard would redirect, an
 * error, an answer slower than EARLY_ANSWER_TIME_LIMIT_MS) sends the page without it: the app
 * then asks as usual.
 *
 * Each answer counts against the asker's API rate limit, as the API request it replaces would:
 * a cache keyed by the query would not help, since an abuser varies the query, and past the
 * limit the page still loads, without the answer (the app's own request then meets the 429).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ANONYMOUS_VIEWER } from '@registry/schemas';
import type { GraphqlRequest } from '@registry/schemas/search/client/graphql-request.ts';
import { EARLY_ANSWERS_ELEMENT_ID, isSearchPath, searchQueryForUrl } from '@registry/schemas/search/client/search-page-route.ts';
import { graphqlContextFor } from '../kernel/graphql-context.ts';

/** Longer than this and the page goes without the answer (the app asks itself). */
export const EARLY_ANSWER_TIME_LIMIT_MS = 500;

export interface EarlyAnswer extends GraphqlRequest {
  data: unknown;
}

/** The promise's value, or null when it takes longer than `ms`. */
export async function withinTimeLimit<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Spends one of the request's API rate-limit allowance; false once it is used up. */
async function withinRateLimit(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const limit = await app.createRateLimit()(request);
  return limit.isAllowed || !limit.isExceeded;
}

export async function earlySearchAnswer(app: FastifyInstance, request: FastifyRequest, path: string, search: string): Promise<EarlyAnswer | null> {
  if (app.config.maintenanceMode || !isSearchPath(path)) return null;
  const page = searchQueryForUrl(path, new URLSearchParams(search));
  if (!page) return null;
  try {
    if (!(await withinRateLimit(app, request))) return null;
    const result = await withinTimeLimit(app.graphql(page.query, graphqlContextFor(app, ANONYMOUS_VIEWER), page.variables), EARLY_ANSWER_TIME_LIMIT_MS);
    if (!result || result.errors?.length || !result.data) return null;
    return { ...page, data: result.data };
  } catch {
    return null;
  }
}

/** A JSON data block (never executed, so the CSP allows it); `<` is escaped so no text ends it early. */
export function jsonDataElement(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

export function earlyAnswerElement(answer: EarlyAnswer): string {
  return jsonDataElement(EARLY_ANSWERS_ELEMENT_ID, answer);
}
