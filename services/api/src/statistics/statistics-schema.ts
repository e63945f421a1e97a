/** `recordAggregations`' SDL: the search filters (generated from the facet registry, as for `searchFairsharingRecords`) plus what to count. */
import { argumentList, searchArgumentDefinitions } from '../search/search-arguments.ts';
import { DATE_FIELDS, DATE_INTERVALS, MAX_BUCKETS, MAX_PIVOT_BUCKETS } from './record-aggregations.ts';

/** Paging and order do not change counts. */
const NOT_FILTERS = new Set(['page', 'perPage', 'orderBy']);

export function statisticsQueriesSdl(): string {
  const filters = searchArgumentDefinitions().filter((definition) => !NOT_FILTERS.has(definition.name));
  return `
extend type Query {
  "Records counted per facet value (one facet, or a pivot of two) and per period, under the search filters."
  recordAggregations(
${argumentList(filters)}
    "One or two facet keys (fairsharing_registry, subjects, ...); two make a pivot."
    by: [String!]
    "Top N values per facet: at most ${MAX_BUCKETS}, or ${MAX_PIVOT_BUCKETS} per level in a pivot (default 10)."
    size: Int
    "${DATE_FIELDS.join(' and/or ')}: records per period (counts as a dimension below a facet)."
    dateHistogram: [String!]
    "${DATE_INTERVALS.join(' (default) or ')}."
    interval: String
  ): RecordAggregations
}
`;
}
