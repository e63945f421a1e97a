/**
 * The one list of paths the API answers. Everything else belongs to the web app (SPA fallback),
 * and maintenance mode, read-only mode, the rate limit and the 404 shape all decide from here.
 *
 * Rules decide on what the router will run, never on the raw URL: route-specific rules compare
 * the matched route (`request.routeOptions.url`, as declared: `/graphql`, `/healthz`), and the
 * API/web split reads the path as the router decodes it, so `/%67raphql`, `/graphql/` and
 * `/graphql#x` meet the same rules as `/graphql`.
 */
import { webPathKind } from '@registry/schemas/web/page-paths.ts';

/** First path segment of every API route (REST, GraphQL, docs), present or planned (SPEC §7). */
export const API_PATH_ROOTS: readonly string[] = [
  'graphql',
  'graphiql',
  'api',
  'healthz',
  'readyz',
  'metrics',
  'homepage_stats',
  'homepage_jsonld',
  'record_associations',
  'sitemap.xml',
  'export',
  // Harvesting: the change feed, Atom feeds and the DCAT catalogue.
  'changes',
  'feeds',
  'catalog.ttl',
  'catalog.jsonld',
  'advanced_search',
  'search_suggestions',
  'statistics',
  'record_views',
  'notable_events',
  'users',
  'user_admin',
  'user_roles',
  'fairsharing_records',
  'maintenance_requests',
  'record_reviews',
  'user_defined_tags',
  'licence_links',
  'publications',
  'organisations',
  'grants',
  'organisation_links',
  'messages',
  'files',
  'zenodo',
  'saved_searches',
  // REST reads (records-api): record lists, single records, searches and reference lists.
  'fairsharing_record',
  'standards',
  'databases',
  'policies',
  'collections',
  'search',
  'subjects',
  'domains',
  'taxonomies',
  'countries',
  'licences',
  'record_types',
  // OAI-PMH harvesting (oai/).
  'oai',
  // Webhooks: their registration (webhooks/).
  'webhooks',
  // Link health of the records' URLs (link-health/).
  'link_health',
  // The Model Context Protocol endpoint for assistants (mcp/).
  'mcp',
];

/** Health, readiness and metrics: never a 503 in maintenance mode nor counted by the rate limit, so monitoring keeps working. */
export const OPERATIONS_ROUTES: readonly string[] = ['/healthz', '/readyz', '/metrics'];

/** Non-GET routes that do not change content and stay open in read-only mode. */
export const READ_ONLY_ALLOWED_WRITES: readonly string[] = [
  '/graphql',
  '/users/sign_in',
  '/users/sign_out',
  '/users/check_password',
  '/users/auth/identify_user',
  // Counting a page view changes no content.
  '/record_views/:id',
  // An OAI-PMH request sent as a form reads only.
  '/oai',
  // The assistants' tools read only.
  '/mcp',
];

/** The raw path of a URL, as sent (still percent-encoded). */
export function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

/**
 * The path the router matches: up to `?` or `#`, percent-decoded (`/%67raphql` is `/graphql`).
 * A path that does not decode stays as sent; the router refuses it with a 400.
 */
export function decodedPathOf(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function isApiPath(path: string): boolean {
  const root = path.split('/')[1] ?? '';
  return API_PATH_ROOTS.includes(root);
}

/** A top-level browser navigation: asks for HTML before anything else. */
export function isBrowserNavigation(method: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return typeof accept === 'string' && accept.trimStart().startsWith('text/html');
}

export type RequestAudience = 'api' | 'web';

/**
 * Who a request is for: the API, or the web app (static files and SPA pages). A browser
 * navigating to a page of the app's route table that shares its root with the API (SPEC §2:
 * `/organisations/12`, `/standards`, `/databases/repositories`…) gets the app; any other client
 * gets the API.
 */
export function requestAudience(method: string, url: string, accept: string | undefined): RequestAudience {
  const path = decodedPathOf(url);
  if (!isApiPath(path)) return 'web';
  if (isBrowserNavigation(method, accept) && webPathKind(path).kind === 'page') {
    return 'web';
  }
  return 'api';
}
