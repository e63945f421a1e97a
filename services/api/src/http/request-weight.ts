/**
 * What a request weighs against its client's rate-limit allowance. Every open page of the app
 * makes a few calls of its own that read next to nothing — the start-up's introspection and
 * public messages, the site-mode poll every 5 s, the session check on each route change, a
 * record page's view count — and a building of people behind one address makes them many
 * times a minute. They are counted in an allowance of their own, many times larger, so they
 * never use up the one that bounds searches and record reads (and those never starve a page's
 * start-up). The work of expensive requests is bounded separately, in flight
 * (expensive-requests.ts).
 */
import type { FastifyRequest } from 'fastify';
import { GRAPHQL_PATH } from '../kernel/graphql-context.ts';
import { graphqlRequestRootFields } from '../kernel/graphql-root-fields.ts';
import { SITE_MODES_ROUTE } from '../curation/site-mode-routes.ts';

export type RequestWeight = 'light' | 'standard';

/** The light allowance is this many times the standard one. */
export const LIGHT_ALLOWANCE_FACTOR = 10;

/** REST routes every open page calls by itself, each a key lookup or less. */
const LIGHT_ROUTES: ReadonlySet<string> = new Set([SITE_MODES_ROUTE, '/users/valid', '/record_views/:id']);

/** GraphQL root fields of the app's start-up: the schema's own types and the public messages. */
const LIGHT_GRAPHQL_FIELDS: ReadonlySet<string> = new Set(['__schema', '__type', 'messages']);

/** A GraphQL request is light only when every root field it asks for is; one that does not parse is not. */
function isLightGraphqlRequest(request: FastifyRequest): boolean {
  const fields = graphqlRequestRootFields(request);
  return fields.size > 0 && [...fields].every((field) => LIGHT_GRAPHQL_FIELDS.has(field));
}

export function requestWeight(request: FastifyRequest): RequestWeight {
  const route = request.routeOptions.url ?? '';
  if (LIGHT_ROUTES.has(route)) return 'light';
  if (route === GRAPHQL_PATH && isLightGraphqlRequest(request)) return 'light';
  return 'standard';
}
