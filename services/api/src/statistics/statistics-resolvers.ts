/**
 * GraphQL `recordAggregations`: the search arguments (generated from the facet registry, as for
 * `searchFairsharingRecords`) plus what to count. Thin: the statistics service does the work.
 */
import type { RegistryGraphqlContext } from '../kernel/graphql-context.ts';
import { asGraphqlError } from '../search/graphql-search-failure.ts';
import type { RecordAggregationsArgs } from './record-aggregations.ts';
import type { QueryResolvers } from '../graphql-types/resolver-types.generated.ts';

export const statisticsQueries: QueryResolvers = {
  async recordAggregations(_root: unknown, args: RecordAggregationsArgs, context: RegistryGraphqlContext) {
    try {
      return await context.statistics.recordAggregations(args, context.viewer);
    } catch (failure) {
      throw asGraphqlError(failure);
    }
  },
};
