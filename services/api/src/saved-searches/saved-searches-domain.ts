/** The saved searches slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import * as savedSearches from './saved-search-service.ts';
import { savedSearchRoutes } from './saved-search-routes.ts';

const savedSearchesServices = ({ db, publisher, config }: AppConnections) => bindDependencies({ db, publisher, publicUrl: config.publicUrl }, {
  createSavedSearch: savedSearches.createSavedSearch, updateSavedSearch: savedSearches.updateSavedSearch, deleteSavedSearch: savedSearches.deleteSavedSearch,
});

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    savedSearches: ReturnType<typeof savedSearchesServices>;
  }
}

export const savedSearchesDomain = defineDomain({
  name: 'savedSearches',
  services: savedSearchesServices,
  routes: [savedSearchRoutes],
});
