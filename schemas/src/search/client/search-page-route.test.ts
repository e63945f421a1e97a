import { describe, expect, it } from 'vitest';
import { isSearchPath, searchQueryForUrl, searchRouteFor } from './search-page-route.ts';

const queryFor = (path: string, search: string) => searchQueryForUrl(path, new URLSearchParams(search));

describe('search page routes', () => {
  it('knows the search page and the registry listings, in any case, with a trailing slash', () => {
    for (const path of ['/search', '/Standards', '/databases/', '/policies', '/collections']) expect(isSearchPath(path)).toBe(true);
    for (const path of ['/', '/2', '/organisations', '/searches', '/search/2']) expect(isSearchPath(path)).toBe(false);
    expect(searchRouteFor('/databases/').preset).toEqual({ fairsharingRegistry: ['database'] });
  });

  it('builds the request the page sends, the listing preset included', () => {
    const request = queryFor('/standards', 'q=gene&page=2');
    expect(request?.variables).toEqual({ q: 'gene', page: 2, searchAnd: true, fairsharingRegistry: ['standard'] });
    expect(request?.query).toContain('perPage:20');
    // A URL with defaults spelled out asks the same request as the canonical one.
    expect(queryFor('/search', 'q=gene&page=1&perPage=20')).toEqual(queryFor('/search', 'q=gene'));
  });

  it('asks nothing while the route guard still has to clean the URL', () => {
    expect(queryFor('/search', 'content=biodbcore')).toBeNull();
    expect(queryFor('/search', 'q=gene&subjects=')).toBeNull();
  });
});
