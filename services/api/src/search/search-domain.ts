/** The search slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { recordsAlias } from '@registry/schemas';
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import { searchFacetValues, searchRecords } from './search-records.ts';
import { advancedSearch } from './advanced-search.ts';
import { scanSearchRecords } from './scan-search-records.ts';
import { advancedSearchRoutes } from './advanced-search-routes.ts';
import { searchQueries, searchTypeResolvers } from './search-resolvers.ts';

/**
 * The searches of the records' index, each bound to the client and the records' alias. Bound as
 * `recordSearch` (`app.recordSearch`, `context.recordSearch`): Fastify's own `app.search` is the
 * route shorthand of the HTTP SEARCH method.
 */
const searchServices = ({ searchClient, config }: AppConnections) =>
  bindDependencies({ client: searchClient, alias: recordsAlias(config.indexPrefix) }, { searchRecords, searchFacetValues, advancedSearch, scanSearchRecords });

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    recordSearch: ReturnType<typeof searchServices>;
  }
}

export const searchDomain = defineDomain({
  name: 'recordSearch',
  services: searchServices,
  routes: [advancedSearchRoutes],
  resolvers: { ...searchTypeResolvers, Query: searchQueries },
});
