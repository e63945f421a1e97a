/** GraphQL `searchSuggestions` (SDL in schemas/src/graphql/suggestions.gql): thin, the service does the work. */
import type { RegistryGraphqlContext } from '../graphql/context.ts';
import { asGraphqlError } from '../graphql/errors.ts';

export const suggestionQueries = {
  async searchSuggestions(_root: unknown, args: { q: string; size?: number | null }, context: RegistryGraphqlContext) {
    try {
      return await context.suggestions.searchSuggestions(args.q, context.viewer, args.size ?? undefined);
    } catch (failure) {
      throw asGraphqlError(failure);
    }
  },
};
