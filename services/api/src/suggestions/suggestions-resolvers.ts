/** GraphQL `searchSuggestions` (SDL in schemas/src/graphql/suggestions.gql): thin, the service does the work. */
import type { RegistryGraphqlContext } from '../kernel/graphql-context.ts';
import { asGraphqlError } from '../search/graphql-search-failure.ts';
import type { QueryResolvers } from '../graphql-types/resolver-types.generated.ts';

export const suggestionQueries: QueryResolvers = {
  async searchSuggestions(_root: unknown, args: { q: string; size?: number | null }, context: RegistryGraphqlContext) {
    try {
      return await context.suggestions.searchSuggestions(args.q, context.viewer, args.size ?? undefined);
    } catch (failure) {
      throw asGraphqlError(failure);
    }
  },
};
