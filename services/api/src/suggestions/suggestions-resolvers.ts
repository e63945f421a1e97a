/** GraphQL `searchSuggestions` (SDL in schemas/src/graphql/suggestions.gql): thin, the service does the work. */
import { recordsAlias } from '@registry/schemas';
import type { RegistryGraphqlContext } from '../graphql/context.ts';
import { asGraphqlError } from '../graphql/resolvers/search.ts';
import { searchSuggestions } from './suggestions-service.ts';

export const suggestionQueries = {
  async searchSuggestions(_root: unknown, args: { q: string; size?: number | null }, context: RegistryGraphqlContext) {
    try {
      const deps = { search: { client: context.searchClient, alias: recordsAlias(context.config.indexPrefix) }, db: context.db };
      return await searchSuggestions(deps, args.q, context.viewer, args.size ?? undefined);
    } catch (failure) {
      throw asGraphqlError(failure);
    }
  },
};
