import { describe, expect, it } from 'vitest';
import { facetCounts, facetOtherCount, type SearchFacets } from './aggregations.ts';

const facets: SearchFacets = [
  { key: 'status', values: [{ value: 'ready', count: 7 }, { value: 'deprecated', count: 2 }], otherCount: 0 },
  { key: 'is_maintained', values: [{ value: 'true', count: 5 }, { value: 'false', count: 4 }], otherCount: 3 },
];

describe('facetCounts', () => {
  it("reads one facet's values and the records beyond them", () => {
    expect(facetCounts(facets, 'status')).toEqual([{ value: 'ready', count: 7 }, { value: 'deprecated', count: 2 }]);
    expect(facetCounts(facets, 'is_maintained').map((count) => count.value)).toEqual(['true', 'false']);
    expect(facetOtherCount(facets, 'is_maintained')).toBe(3);
  });

  it('answers no values for a facet the search did not count, or before the answer', () => {
    expect(facetCounts(facets, 'subjects')).toEqual([]);
    expect(facetOtherCount(facets, 'subjects')).toBe(0);
    expect(facetCounts(undefined, 'status')).toEqual([]);
  });
});
