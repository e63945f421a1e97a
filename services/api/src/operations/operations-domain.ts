/** The operations (health, readiness, metrics) slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import { oldestPendingOutboxAt, pendingOutboxCount, pingDatabase, recentRecordRevisions } from './operations-repository.ts';
import { healthRoutes } from './health-routes.ts';

/** What /healthz, /readyz and /metrics read from Postgres. */
const operationsServices = ({ db }: AppConnections) => bindDependencies(db, { pingDatabase, pendingOutboxCount, oldestPendingOutboxAt, recentRecordRevisions });

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    operations: ReturnType<typeof operationsServices>;
  }
}

export const operationsDomain = defineDomain({
  name: 'operations',
  services: operationsServices,
  routes: [healthRoutes],
});
