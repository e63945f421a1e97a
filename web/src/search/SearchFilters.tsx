/**
 * The filters beside the results: one-choice buttons for the facets of few values, checkbox
 * panels for the rest; panels with no values in these results fold away together at the end
 * (a selected value keeps its panel). On a phone the column opens with the page's "Show filters".
 */
import { Box, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId } from 'react';
import { REGISTRY_NAMES } from '@registry/schemas/search/record-document.ts';
import { facetMatchArgument, type FacetDefinition } from '@registry/schemas/search/facets.ts';
import { facetMatchOf, toggleFilterValue, withFacetMatch, withFilter } from '@registry/schemas/search/client/search-state.ts';
import { facetCounts, facetOtherCount } from './aggregations.ts';
import { FacetPanel } from './FacetPanel.tsx';
import { FilterButtons } from './FilterButtons.tsx';
import type { SearchPageModel } from './useSearchPage.ts';

/** Facets shown as one-choice buttons (few values); the rest get checkbox panels. */
const BUTTON_FACET_OPTIONS: Readonly<Record<string, string[]>> = {
  fairsharingRegistry: [...REGISTRY_NAMES],
  isRecommended: ['true', 'false'],
  isMaintained: ['true', 'false'],
  isApproved: ['true', 'false'],
};

export function SearchFilters({ page }: { page: SearchPageModel }) {
  const headingId = useId();
  const { state, facets, answer, aggregations, showAll, facetLoaders, filtersOpen, goFiltered } = page;
  const buttonFacets = facets.filter((facet) => facet.argument in BUTTON_FACET_OPTIONS);
  const panelFacets = facets.filter((facet) => !(facet.argument in BUTTON_FACET_OPTIONS));
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
      match={facetMatchOf(state, facet.argument)}
      onMatch={facetMatchArgument(facet) ? (match) => goFiltered(withFacetMatch(state, facet.argument, match), facet.argument) : undefined}
    />
  );

  return (
    <Box as="aside" aria-labelledby={headingId} width={{ base: 'full', lg: '18rem' }} flexShrink={0}>
      {/* Names the column; the facets' own headings are h3, so the page's outline runs h1 → h2 → h3. */}
      <VisuallyHidden as="h2" id={headingId}>Filters</VisuallyHidden>
      <Box id="search-filters" display={{ base: filtersOpen ? 'block' : 'none', lg: 'block' }} aria-busy={!showAll || aggregations !== answer?.facets}>
        {showAll
          ? buttonFacets.map((facet) => (
              <FilterButtons
                key={facet.argument}
                facet={facet}
                options={BUTTON_FACET_OPTIONS[facet.argument] ?? []}
                counts={facetCounts(aggregations, facet.key)}
                counted={aggregations !== undefined}
                selected={state.filters[facet.argument] ?? []}
                onSelect={(value) => goFiltered(withFilter(state, facet.argument, value === null ? [] : [value]), facet.argument)}
              />
            ))
          : null}
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
  );
}
