/**
 * The state of a search page, read from the URL alone: user actions push a new URL, the first
 * load and the route guard replace it, and back/forward simply re-render from the URL. Paging
 * and filter choices bring the top of the results into view (and close the filter panel on a
 * phone); the views (SearchFilters, SearchResults) only read this and call its actions.
 */
import { facetsVisibleTo, type FacetDefinition } from '@registry/schemas/search/facets.ts';
import { ANONYMOUS_VIEWER } from '@registry/schemas/access/viewer.ts';
import { graphqlRequestKey } from '@registry/schemas/search/client/graphql-request.ts';
import { cleanSearchParams } from '@registry/schemas/search/client/search-route-guard.ts';
import { routeSearchState, searchQueryForUrl, searchRouteFor } from '@registry/schemas/search/client/search-page-route.ts';
import { buildFacetValuesQuery } from '@registry/schemas/search/client/search-query.ts';
import type { FacetValuesAnswerFragment } from '@registry/schemas/search/client/search-query.generated.ts';
import { searchStateToUrl, withPreset, type SearchState } from '@registry/schemas/search/client/search-state.ts';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { graphqlQuery } from '../api/client.ts';
import { useAfterFirstPaint } from '../kit/firstPaint.ts';
import { useLatestQuery, type QueryResult } from '../kit/useLatestQuery.ts';
import { useSearchArgumentTypes, useSearchFilters } from '../state/hooks.ts';
import type { FacetValuesLoader } from './FacetPanel.tsx';
import { INVALID_QUERY, type SearchAnswer } from '../kit/records/search-types.ts';

export type SearchResult = QueryResult<{ searchFairsharingRecords: SearchAnswer }>;

export function useSearchPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const route = searchRouteFor(location.pathname);
  const storeFacets = useSearchFilters();
  const facets: FacetDefinition[] = storeFacets.length > 0 ? storeFacets : facetsVisibleTo(ANONYMOUS_VIEWER);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const cleaned = useMemo(() => cleanSearchParams(params), [params]);
  const urlState = useMemo(() => routeSearchState(params, route), [params, route]);
  const canonicalSearch = searchStateToUrl(urlState).toString();

  // Route guard first, then normalisation (defaults out of the URL): both replace.
  useEffect(() => {
    if (cleaned) navigate({ pathname: location.pathname, search: cleaned.toString() }, { replace: true });
    else if (canonicalSearch !== params.toString()) navigate({ pathname: location.pathname, search: canonicalSearch }, { replace: true });
  }, [cleaned, canonicalSearch, params, location.pathname, navigate]);

  const state = withPreset(urlState, route.preset);
  const argumentTypes = useSearchArgumentTypes();
  const query = useMemo(() => searchQueryForUrl(location.pathname, params, argumentTypes), [location.pathname, params, argumentTypes]);
  const result: SearchResult = useLatestQuery(query);
  const queryKey = query === null ? null : graphqlRequestKey(query);
  const facetLoaders = useMemo(() => {
    const loaders = new Map<string, FacetValuesLoader>();
    for (const facet of facets) {
      loaders.set(facet.key, {
        key: `${queryKey}:${facet.key}`,
        load: (request, signal) =>
          graphqlQuery<{ searchFacetValues: FacetValuesAnswerFragment | null }>(buildFacetValuesQuery(state, facet.key, request, { argumentTypes }), { signal }).then(
            (data) => data.searchFacetValues ?? { values: [], otherCount: 0 },
          ),
      });
    }
    return loaders;
    // One set of loaders per search (a facet panel drops what it loaded when they change): the
    // request's key stands for the state and argument types they read, new objects every render.
  }, [queryKey, facets]);

  const resultsRef = useRef<HTMLElement>(null);
  const revealResults = useRef(false);
  useEffect(() => {
    if (!revealResults.current) return;
    revealResults.current = false;
    const top = resultsRef.current?.getBoundingClientRect().top;
    if (top !== undefined && (top < 0 || top > window.innerHeight * 0.5)) resultsRef.current?.scrollIntoView({ block: 'start' });
  }, [location.search, location.pathname]);

  /** The state without the listing page's implicit registry preset (unless the URL names it too). */
  const stripPreset = (next: SearchState): SearchState => {
    const filters = { ...next.filters };
    for (const [argument, values] of Object.entries(route.preset)) {
      if (JSON.stringify(filters[argument]) === JSON.stringify(values) && !urlState.filters[argument]) delete filters[argument];
    }
    return { ...next, filters };
  };
  /** The link of a search on this page. */
  const searchPath = (next: SearchState) => ({ pathname: location.pathname, search: `?${searchStateToUrl(stripPreset(next)).toString()}` });
  const go = (next: SearchState, pathname = location.pathname) => {
    const search = searchStateToUrl(next).toString();
    navigate({ pathname, search: search === '' ? '' : `?${search}` });
  };
  /** Paging and filters: the top of the results comes into view, the phone's filter panel closes. */
  const goToResults = (next: SearchState, pathname?: string) => {
    revealResults.current = true;
    setFiltersOpen(false);
    go(next, pathname);
  };
  /** The registry preset of a listing page is implicit: changing the registry moves to /search. */
  const goFiltered = (next: SearchState, argument: string) => {
    if (argument === 'fairsharingRegistry' && Object.keys(route.preset).length > 0) goToResults(next, '/search');
    else goToResults(stripPreset(next));
  };

  const answer =
    result.status === 'ready' ? result.data.searchFairsharingRecords : result.status === 'loading' ? result.previous?.searchFairsharingRecords : undefined;
  // The result rows render first; the filter panels' counts follow in a background render.
  const aggregations = useDeferredValue(answer?.facets, undefined);
  // On a first visit the filters, the export button and the pages wait for the rows' paint.
  const showAll = useAfterFirstPaint();
  const invalid = answer?.error === INVALID_QUERY;

  return {
    route,
    pathname: location.pathname,
    search: location.search,
    urlState,
    state,
    facets,
    argumentTypes,
    result,
    answer,
    aggregations,
    showAll,
    invalid,
    facetLoaders,
    resultsRef,
    filtersOpen,
    setFiltersOpen,
    searchPath,
    stripPreset,
    go,
    goToResults,
    goFiltered,
  };
}

export type SearchPageModel = ReturnType<typeof useSearchPage>;
