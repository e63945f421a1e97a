/** The statistics slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { recordsAlias } from '@registry/schemas';
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import { recordAggregations } from './record-aggregations.ts';
import { statisticsRoutes } from './statistics-routes.ts';
import { statisticsQueries } from './statistics-resolvers.ts';

/** Counts from the records' index, bound to the client and the records' alias. */
const statisticsServices = ({ searchClient, config }: AppConnections) =>
  bindDependencies({ client: searchClient, alias: recordsAlias(config.indexPrefix) }, { recordAggregations });

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    statistics: ReturnType<typeof statisticsServices>;
  }
}

export const statisticsDomain = defineDomain({
  name: 'statistics',
  services: statisticsServices,
  routes: [statisticsRoutes],
  resolvers: { Query: statisticsQueries },
});
