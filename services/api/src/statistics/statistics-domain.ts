/** The statistics slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain } from '../domain-declaration.ts';
import { statisticsRoutes } from './statistics-routes.ts';
import { statisticsQueries } from './statistics-resolvers.ts';

export const statisticsDomain = defineDomain({
  name: 'statistics',
  routes: [statisticsRoutes],
  resolvers: { Query: statisticsQueries },
});
