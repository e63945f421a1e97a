/**
 * Reads the facet counts of a search answer (`facets`, typed by the API's schema: one entry per
 * facet of the facet registry) into the counts each filter panel shows.
 */
import type { SearchAnswerFragment } from '@registry/schemas/search/client/search-query.generated.ts';

export type SearchFacets = SearchAnswerFragment['facets'];
export type FacetCount = SearchFacets[number]['values'][number];

export function facetCounts(facets: SearchFacets | undefined, key: string): FacetCount[] {
  return facets?.find((facet) => facet.key === key)?.values ?? [];
}

/** Records whose values of this facet the answer does not list (beyond its first values). */
export function facetOtherCount(facets: SearchFacets | undefined, key: string): number {
  return facets?.find((facet) => facet.key === key)?.otherCount ?? 0;
}
