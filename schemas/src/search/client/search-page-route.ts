/** What the search routes differ in: /search has no preset, listing pages preset a registry. */
import type { GraphqlRequest } from './graphql-request.ts';
import { buildSearchRecordsQuery, type SearchArgumentTypes } from './search-query.ts';
import { cleanSearchParams } from './search-route-guard.ts';
import { urlToSearchState, withPreset, type SearchState } from './search-state.ts';

export interface SearchRoute {
  title: string;
  preset: Record<string, string[]>;
  /** /advancedsearch: the URL's advanced rules (`operator`, `fields`) narrow the search; elsewhere they are dropped. */
  advanced?: true;
}

const SEARCH_ROUTE: SearchRoute = { title: 'Search', preset: {} };
export const ADVANCED_SEARCH_ROUTE: SearchRoute = { title: 'Advanced search', preset: {}, advanced: true };

const LISTING_ROUTES: Readonly<Record<string, SearchRoute>> = {
  '/standards': { title: 'Standards', preset: { fairsharingRegistry: ['standard'] } },
  '/databases': { title: 'Databases', preset: { fairsharingRegistry: ['database'] } },
  '/policies': { title: 'Policies', preset: { fairsharingRegistry: ['policy'] } },
  '/collections': { title: 'Collections', preset: { fairsharingRegistry: ['collection'] } },
};

/** Routes match in any letter case, with or without a trailing slash. */
function routeKey(pathname: string): string {
  return pathname.replace(/\/+$/, '').toLowerCase();
}

export function searchRouteFor(pathname: string): SearchRoute {
  const path = routeKey(pathname);
  if (path === '/advancedsearch') return ADVANCED_SEARCH_ROUTE;
  return LISTING_ROUTES[path] ?? SEARCH_ROUTE;
}

/** The URL's search state as a route reads it: advanced rules only where the route has them. */
export function routeSearchState(params: URLSearchParams, route: SearchRoute): SearchState {
  const { where, ...state } = urlToSearchState(params);
  return route.advanced && where ? { ...state, where } : state;
}

/** Whether the search page answers this path (/search or a registry listing page). */
export function isSearchPath(pathname: string): boolean {
  const path = routeKey(pathname);
  return path === '/search' || path in LISTING_ROUTES;
}

/**
 * The GraphQL query the search page sends for a URL, or null while the route guard still has
 * to clean the URL (the page redirects first). The page and the start-up prefetch both use it,
 * so the prefetched answer is the one the page asks for.
 */
export function searchQueryForUrl(pathname: string, params: URLSearchParams, argumentTypes?: SearchArgumentTypes): GraphqlRequest | null {
  if (cleanSearchParams(params)) return null;
  const route = searchRouteFor(pathname);
  return buildSearchRecordsQuery(withPreset(routeSearchState(params, route), route.preset), { argumentTypes });
}

/**
 * Id of the JSON data block in which the server sends, inside a search page, the answer to the
 * request `searchQueryForUrl` gives for that page: `{"query": "...", "variables": {...}, "data": {...}}`.
 */
export const EARLY_ANSWERS_ELEMENT_ID = 'early-answers';
