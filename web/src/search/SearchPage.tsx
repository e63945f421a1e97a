/**
 * /search and the registry listing pages. The URL is the only source of search state:
 * user actions push a new URL, the first load and the route guard replace it, and
 * back/forward simply re-render from the URL. Paging and filter choices bring the top of the
 * results into view (and close the filter panel on a phone); a page past the end offers the
 * last one; after the typo retry the page says which words it searched for instead.
 */
import { Alert, Box, Button, Flex, Heading, Spinner, Text } from '@chakra-ui/react';
import { REGISTRY_NAMES } from '@registry/schemas/search/record-document.ts';
import { facetsVisibleTo, type FacetDefinition } from '@registry/schemas/search/facets.ts';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { graphqlQuery } from '../api/client.ts';
import { useAfterFirstPaint } from '../kit/firstPaint.ts';
import { useSearchArgumentTypes, useSearchFilters } from '../state/hooks.ts';
import { usePageTitle } from '../shell/usePageTitle.ts';
import { ActiveFilterChips } from './ActiveFilterChips.tsx';
import { facetCounts, facetOtherCount, type FacetCount } from './aggregations.ts';
import { FacetPanel, type FacetValuesLoader } from './FacetPanel.tsx';
import { FilterButtons } from './FilterButtons.tsx';
import { Pagination } from '../kit/Pagination.tsx';
import { SearchControls } from './SearchControls.tsx';
import { cleanSearchParams } from '@registry/schemas/search/client/search-route-guard.ts';
import { searchQueryForUrl, searchRouteFor } from '@registry/schemas/search/client/search-page-route.ts';
import { graphqlRequestKey } from '@registry/schemas/search/client/graphql-request.ts';
import { buildFacetValuesQuery } from '@registry/schemas/search/client/search-query.ts';
import {
  DEFAULT_PAGE,
  searchStateToUrl,
  toggleFilterValue,
  urlToSearchState,
  withFilter,
  withPreset,
  withText,
  type SearchState,
} from '@registry/schemas/search/client/search-state.ts';
import { INVALID_QUERY, type SearchAnswer } from './search-types.ts';
import { SearchResultList } from './SearchResultRow.tsx';
import { useLatestQuery } from '../kit/useLatestQuery.ts';
import { SearchExport } from './SearchExport.tsx';
import { SaveSearchButton } from './SaveSearchButton.tsx';

/** Facets shown as one-choice buttons (few values); the rest get checkbox panels. */
const BUTTON_FACET_OPTIONS: Readonly<Record<string, string[]>> = {
  fairsharingRegistry: [...REGISTRY_NAMES],
  isRecommended: ['true', 'false'],
  isMaintained: ['true', 'false'],
  isApproved: ['true', 'false'],
};

export function SearchPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const route = searchRouteFor(location.pathname);
  usePageTitle(route.title);
  const storeFacets = useSearchFilters();
  const facets: FacetDefinition[] = storeFacets.length > 0 ? storeFacets : facetsVisibleTo({ isCurator: false });
  const [filtersOpen, setFiltersOpen] = useState(false);

  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const cleaned = useMemo(() => cleanSearchParams(params), [params]);
  const urlState = useMemo(() => urlToSearchState(params), [params]);
  const canonicalSearch = searchStateToUrl(urlState).toString();

  // Route guard first, then normalisation (defaults out of the URL): both replace.
  useEffect(() => {
    if (cleaned) navigate({ pathname: location.pathname, search: cleaned.toString() }, { replace: true });
    else if (canonicalSearch !== params.toString()) navigate({ pathname: location.pathname, search: canonicalSearch }, { replace: true });
  }, [cleaned, canonicalSearch, params, location.pathname, navigate]);

  const state = withPreset(urlState, route.preset);
  const argumentTypes = useSearchArgumentTypes();
  const query = useMemo(() => searchQueryForUrl(location.pathname, params, argumentTypes), [location.pathname, params, argumentTypes]);
  const result = useLatestQuery<{ searchFairsharingRecords: SearchAnswer }>(query);
  const queryKey = query === null ? null : graphqlRequestKey(query);
  const facetLoaders = useMemo(() => {
    const loaders = new Map<string, FacetValuesLoader>();
    for (const facet of facets) {
      loaders.set(facet.key, (request) =>
        graphqlQuery<{ searchFacetValues: { values: FacetCount[]; otherCount: number } | null }>(buildFacetValuesQuery(state, facet.key, request, { argumentTypes })).then(
          (data) => data.searchFacetValues ?? { values: [], otherCount: 0 },
        ),
      );
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
  const stripPreset = (next: SearchState): SearchState => {
    const filters = { ...next.filters };
    for (const [argument, values] of Object.entries(route.preset)) {
      if (JSON.stringify(filters[argument]) === JSON.stringify(values) && !urlState.filters[argument]) delete filters[argument];
    }
    return { ...next, filters };
  };

  const answer =
    result.status === 'ready' ? result.data.searchFairsharingRecords : result.status === 'loading' ? result.previous?.searchFairsharingRecords : undefined;
  // The result rows render first; the filter panels' counts follow in a background render.
  const aggregations = useDeferredValue(answer?.aggregations, undefined);
  // On a first visit the filters, the export button and the pages wait for the rows' paint.
  const showAll = useAfterFirstPaint();
  const invalid = answer?.error === INVALID_QUERY;
  const records = invalid ? [] : (answer?.records ?? []);
  const totalCount = answer?.totalCount ?? 0;
  const totalPages = answer?.totalPages ?? 0;

  const pastTheEnd = result.status === 'ready' && !invalid && records.length === 0 && totalPages > 0 && state.page > totalPages;
  const correctedQuery = result.status === 'ready' && !invalid ? answer?.correctedQuery : null;
  const suggestedQuery = result.status === 'ready' && !invalid ? answer?.suggestedQuery : null;

  const buttonFacets = facets.filter((facet) => facet.argument in BUTTON_FACET_OPTIONS);
  const panelFacets = facets.filter((facet) => !(facet.argument in BUTTON_FACET_OPTIONS));
  // Panels with no values in these results fold away together (a selected value keeps its panel).
  const hasValues = (facet: FacetDefinition) => facetCounts(aggregations, facet.key).length > 0 || (state.filters[facet.argument] ?? []).length > 0;
  const emptyPanels = aggregations ? panelFacets.filter((facet) => !hasValues(facet)) : [];
  const renderPanel = (facet: FacetDefinition) => (
    <FacetPanel
      key={facet.argument}
      facet={facet}
      counts={facetCounts(aggregations, facet.key)}
      otherCount={facetOtherCount(aggregations, facet.key)}
      selected={state.filters[facet.argument] ?? []}
      loading={!answer || !aggregations}
      loadValues={facetLoaders.get(facet.key)}
      onToggle={(value) => goFiltered(toggleFilterValue(state, facet.argument, value), facet.argument)}
    />
  );

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '3', md: '6' }} py="6">
      <Heading as="h1" size="2xl" mb="4">
        {route.title}
      </Heading>
      <SearchControls
        q={state.q}
        searchAnd={state.searchAnd}
        orderBy={state.orderBy}
        perPage={state.perPage}
        onText={(q) => go(stripPreset(withText(state, q)))}
        onSearchAnd={(searchAnd) => go(stripPreset({ ...state, searchAnd, page: DEFAULT_PAGE }))}
        onOrderBy={(orderBy) => go(stripPreset({ ...state, orderBy, page: DEFAULT_PAGE }))}
        onPerPage={(perPage) => go(stripPreset({ ...state, perPage, page: DEFAULT_PAGE }))}
      />
      <Flex mt="3" gap="3" align="flex-start" wrap="wrap">
        <Box flex="1" minW="0">
          <ActiveFilterChips
            filters={urlState.filters}
            onRemove={(argument, value) => goFiltered(toggleFilterValue(state, argument, value), argument)}
            onClear={() => go({ ...urlState, filters: {}, page: DEFAULT_PAGE })}
          />
        </Box>
        <SaveSearchButton pathname={location.pathname} search={location.search} />
      </Flex>
      <Flex direction={{ base: 'column', lg: 'row' }} gap="6" mt="4" align="flex-start">
        <Box as="aside" aria-label="Filters" width={{ base: 'full', lg: '18rem' }} flexShrink={0}>
          <Button
            display={{ base: 'inline-flex', lg: 'none' }}
            size="sm"
            variant="outline"
            width="full"
            onClick={() => setFiltersOpen(!filtersOpen)}
            aria-expanded={filtersOpen}
            aria-controls="search-filters"
          >
            {filtersOpen ? 'Hide filters' : 'Show filters'}
          </Button>
          <Box
            id="search-filters"
            display={{ base: filtersOpen ? 'block' : 'none', lg: 'block' }}
            aria-busy={!showAll || aggregations !== answer?.aggregations}
          >
            {showAll ? buttonFacets.map((facet) => {
              const selected = state.filters[facet.argument] ?? [];
              return (
                <FilterButtons
                  key={facet.argument}
                  facet={facet}
                  options={BUTTON_FACET_OPTIONS[facet.argument] ?? []}
                  counts={facetCounts(aggregations, facet.key)}
                  counted={aggregations !== undefined}
                  selected={selected}
                  onSelect={(value) => goFiltered(withFilter(state, facet.argument, value === null ? [] : [value]), facet.argument)}
                />
              );
            }) : null}
            {showAll ? panelFacets.filter((facet) => !emptyPanels.includes(facet)).map(renderPanel) : null}
            {showAll && emptyPanels.length ? (
              <Box as="section" aria-label="Filters with no values in these results" data-testid="empty-facets" pt="3" fontSize="sm" color="fg.muted">
                <Text fontSize="xs" textTransform="uppercase" fontWeight="semibold">
                  No values in these results
                </Text>
                {emptyPanels.map(renderPanel)}
              </Box>
            ) : null}
          </Box>
        </Box>
        <Box as="section" aria-label="Results" flex="1" minW="0" width="full" ref={resultsRef} scrollMarginTop="2">
          <Flex justify="space-between" align="center" mb="3" minH="8">
            <Text role="status" aria-live="polite" data-testid="result-count" fontWeight="medium">
              {result.status === 'ready' && !invalid ? `${totalCount} record${totalCount === 1 ? '' : 's'} found` : ''}
            </Text>
            {result.status === 'loading' ? <Spinner size="sm" aria-label="Loading results" /> : null}
            {showAll && result.status === 'ready' && !invalid && totalCount > 0 ? <SearchExport state={state} argumentTypes={argumentTypes} /> : null}
          </Flex>
          {correctedQuery ? (
            <Text mb="3" data-testid="did-you-mean">
              Showing results for <em>{correctedQuery}</em>.{' '}
              <RouterLink
                to={{ pathname: location.pathname, search: `?${searchStateToUrl({ ...stripPreset(state), exact: true, page: DEFAULT_PAGE }).toString()}` }}
                style={{ textDecoration: 'underline' }}
              >
                Search instead for “{state.q}”
              </RouterLink>
            </Text>
          ) : null}
          {result.status === 'error' ? (
            <Alert.Root status="error" data-testid="search-error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>The search failed</Alert.Title>
                <Alert.Description>{result.message}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : invalid ? (
            <Alert.Root status="warning" data-testid="search-invalid">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Invalid query</Alert.Title>
                <Alert.Description>This search could not be understood. Check the search text and the filters.</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : pastTheEnd ? (
            <Alert.Root status="info" data-testid="search-past-end">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  Page {state.page} is past the end: these {totalCount} records fill {totalPages} page{totalPages === 1 ? '' : 's'}
                </Alert.Title>
                <Alert.Description>
                  <Button size="sm" mt="2" variant="outline" onClick={() => goToResults(stripPreset({ ...state, page: totalPages }))}>
                    Go to the last page ({totalPages})
                  </Button>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : result.status === 'ready' && records.length === 0 ? (
            <Alert.Root status="info" data-testid="search-empty">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>No records match this search</Alert.Title>
                <Alert.Description>
                  {suggestedQuery ? (
                    <Text as="span" display="block" mb="1" data-testid="search-suggested-query">
                      Did you mean{' '}
                      <RouterLink
                        to={{ pathname: location.pathname, search: `?${searchStateToUrl({ ...stripPreset(state), q: suggestedQuery, exact: false, page: DEFAULT_PAGE }).toString()}` }}
                        style={{ textDecoration: 'underline', fontWeight: 600 }}
                      >
                        {suggestedQuery}
                      </RouterLink>
                      ?
                    </Text>
                  ) : null}
                  Try fewer filters, other words, or “Match all terms” off.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : (
            <Box opacity={result.status === 'loading' ? 0.6 : 1} aria-busy={result.status === 'loading'}>
              <SearchResultList records={records} label="Search results" />
            </Box>
          )}
          {showAll && !invalid && result.status !== 'error' ? (
            <Pagination page={state.page} totalPages={totalPages} onPage={(page) => goToResults(stripPreset({ ...state, page }))} />
          ) : null}
        </Box>
      </Flex>
    </Box>
  );
}
