/**
 * GraphQL `recordAggregations`: the search arguments (generated from the facet registry, as for
 * `searchFairsharingRecords`) plus what to count. Thin: the statistics service does the work.
 */
import { recordsAlias } from '@registry/schemas';
import type { RegistryGraphqlContext } from '../graphql/context.ts';
import { asGraphqlError } from '../graphql/errors.ts';
import { argumentList, searchArgumentDefinitions } from '../search/search-arguments.ts';
import { DATE_FIELDS, DATE_INTERVALS, MAX_BUCKETS, MAX_PIVOT_BUCKETS, recordAggregations, type RecordAggregationsArgs } from './record-aggregations.ts';

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

export const statisticsQueries = {
  async recordAggregations(_root: unknown, args: RecordAggregationsArgs, context: RegistryGraphqlContext) {
    try {
      const deps = { client: context.searchClient, alias: recordsAlias(context.config.indexPrefix) };
      return await recordAggregations(deps, args, context.viewer);
    } catch (failure) {
      throw asGraphqlError(failure);
    }
  },
};
