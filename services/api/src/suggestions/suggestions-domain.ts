/** The search suggestions slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { recordsAlias } from '@registry/schemas';
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import { searchSuggestions } from './suggestions-service.ts';
import { suggestionsRoutes } from './suggestions-routes.ts';
import { suggestionQueries } from './suggestions-resolvers.ts';

const suggestionsServices = ({ db, searchClient, config }: AppConnections) =>
  bindDependencies({ search: { client: searchClient, alias: recordsAlias(config.indexPrefix) }, db }, { searchSuggestions });

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    suggestions: ReturnType<typeof suggestionsServices>;
  }
}

export const suggestionsDomain = defineDomain({
  name: 'suggestions',
  services: suggestionsServices,
  routes: [suggestionsRoutes],
  resolvers: { Query: suggestionQueries },
});
