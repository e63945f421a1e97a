/**
 * Start-up sends the search of a search page's URL at once, before the page's code has
 * loaded and rendered; the page then shows that answer (useLatestQuery). Same request as the
 * page builds (searchQueryForUrl), so the answer is exactly the one the page would get.
 */
import { startEarlyQuery } from '../api/early-queries.ts';
import { isSearchPath, searchQueryForUrl } from '@registry/schemas/search/client/search-page-route.ts';
import { readCachedIntrospection } from '../state/introspectionSlice.ts';

export function prefetchSearchFor(location: Pick<Location, 'pathname' | 'search'>): void {
  if (!isSearchPath(location.pathname)) return;
  const query = searchQueryForUrl(location.pathname, new URLSearchParams(location.search), readCachedIntrospection() ?? undefined);
  if (query) startEarlyQuery(query);
}
