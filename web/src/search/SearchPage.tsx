/**
 * /search and the registry listing pages: the search box and its options, the active filters,
 * the filters column and the results. Their state, read from the URL alone, is useSearchPage's;
 * a page past the end offers the last one; after the typo retry the page says which words it
 * searched for instead. On a phone the search options and the filters each open from one row of
 * two buttons under the text box, so the first results are on the first screen. The advanced
 * search's results are this page too (its route keeps the URL's rules), with the builder's button
 * beside the heading and the rules in words under it.
 */
import { Box, Button, Flex, Heading } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { DEFAULT_PAGE, facetMatchOf, toggleFilterValue, withText } from '@registry/schemas/search/client/search-state.ts';
import { usePageTitle } from '../shell/usePageTitle.ts';
import { ActiveFilterChips } from './ActiveFilterChips.tsx';
import { SaveSearchButton } from '../saved-searches/SaveSearchButton.tsx';
import { SearchControls } from './SearchControls.tsx';
import { SearchFilters } from './SearchFilters.tsx';
import { SearchResults } from './SearchResults.tsx';
import { useSearchPage } from './useSearchPage.ts';

export interface SearchPageProps {
  /** Beside the heading (the advanced search's "Edit advanced search"). */
  headingAction?: ReactNode;
  /** Under the heading (the advanced search's criteria in words). */
  intro?: ReactNode;
}

export function SearchPage({ headingAction, intro }: SearchPageProps = {}) {
  const page = useSearchPage();
  const { route, state, urlState, go, goFiltered, stripPreset, filtersOpen, setFiltersOpen } = page;
  usePageTitle(route.title);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const optionsId = useId();

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '3', md: '6' }} py="6">
      <Flex justify="space-between" align="center" wrap="wrap" gap="3" mb={{ base: '2', md: '4' }}>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {route.title}
        </Heading>
        {headingAction}
      </Flex>
      {intro ? <Box mb="3">{intro}</Box> : null}
      <SearchControls
        q={state.q}
        searchAnd={state.searchAnd}
        orderBy={state.orderBy}
        perPage={state.perPage}
        onText={(q) => go(stripPreset(withText(state, q)))}
        onSearchAnd={(searchAnd) => go(stripPreset({ ...state, searchAnd, page: DEFAULT_PAGE }))}
        onOrderBy={(orderBy) => go(stripPreset({ ...state, orderBy, page: DEFAULT_PAGE }))}
        onPerPage={(perPage) => go(stripPreset({ ...state, perPage, page: DEFAULT_PAGE }))}
        optionsOpen={optionsOpen}
        optionsId={optionsId}
      />
      <Flex display={{ base: 'flex', lg: 'none' }} gap="2" mt="3">
        <Button
          display={{ base: 'inline-flex', md: 'none' }}
          flex="1"
          size="sm"
          variant="outline"
          onClick={() => setOptionsOpen(!optionsOpen)}
          aria-expanded={optionsOpen}
          aria-controls={optionsId}
        >
          Search options
        </Button>
        <Button flex="1" size="sm" variant="outline" onClick={() => setFiltersOpen(!filtersOpen)} aria-expanded={filtersOpen} aria-controls="search-filters">
          {filtersOpen ? 'Hide filters' : 'Show filters'}
        </Button>
      </Flex>
      <Flex mt="3" gap="3" align="flex-start" wrap="wrap">
        <Box flex="1" minW="0">
          <ActiveFilterChips
            filters={urlState.filters}
            matchOf={(argument) => facetMatchOf(urlState, argument)}
            onRemove={(argument, value) => goFiltered(toggleFilterValue(state, argument, value), argument)}
            onClear={() => go({ ...urlState, filters: {}, matchAll: [], page: DEFAULT_PAGE })}
          />
        </Box>
        <SaveSearchButton pathname={page.pathname} search={page.search} />
      </Flex>
      <Flex direction={{ base: 'column', lg: 'row' }} gap="6" mt="4" align="flex-start">
        <SearchFilters page={page} />
        <SearchResults page={page} />
      </Flex>
    </Box>
  );
}
