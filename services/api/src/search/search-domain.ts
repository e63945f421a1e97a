/** The search slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain } from '../domain-declaration.ts';
import { advancedSearchRoutes } from './advanced-search-routes.ts';
import { searchQueries, searchTypeResolvers } from './search-resolvers.ts';

export const searchDomain = defineDomain({
  name: 'search',
  routes: [advancedSearchRoutes],
  resolvers: { ...searchTypeResolvers, Query: searchQueries },
});
