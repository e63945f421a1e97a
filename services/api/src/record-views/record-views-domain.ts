/** The record views slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import { mostViewedRecords, recordViewCount } from './record-views-repository.ts';
import { recordViewsRoutes } from './record-views-routes.ts';

const recordViewsServices = ({ db }: AppConnections) => bindDependencies(db, { viewsOfRecord: recordViewCount, mostViewed: mostViewedRecords });

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    recordViews: ReturnType<typeof recordViewsServices>;
  }
}

export const recordViewsDomain = defineDomain({
  name: 'recordViews',
  services: recordViewsServices,
  routes: [recordViewsRoutes],
});
