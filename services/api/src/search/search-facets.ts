/** A facet's terms aggregation as the API answers it: its values with their counts, and the records with further values. */
import type { FacetAggregation, SearchAggregations } from './search-records.ts';

export interface FacetValueCounts {
  values: { value: string; count: number }[];
  otherCount: number;
}

/** One facet's values, most frequent first (as OpenSearch ordered them); an empty value is no value. */
export function facetValueCounts(aggregation: FacetAggregation): FacetValueCounts {
  return {
    values: aggregation.buckets.filter((bucket) => bucket.key !== '').map((bucket) => ({ value: bucket.key, count: bucket.doc_count })),
    otherCount: aggregation.sum_other_doc_count,
  };
}

/** Every facet a search counted, keyed as in the facet registry (GraphQL `SearchResult.facets`). */
export function searchFacets(aggregations: SearchAggregations): (FacetValueCounts & { key: string })[] {
  return Object.entries(aggregations).flatMap(([key, aggregation]) => (aggregation ? [{ key, ...facetValueCounts(aggregation) }] : []));
}
