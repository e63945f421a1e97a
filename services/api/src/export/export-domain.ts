/** The export (the open dump) slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import { keptDumps } from '../kernel/kept-files.ts';
import { readPublicRecordBatches } from './public-records-repository.ts';
import { exportRoutes } from './export-routes.ts';

const exportServices = ({ db }: AppConnections) => ({ ...bindDependencies(db, { readPublicRecordBatches }), dumps: keptDumps(db) });

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    export: ReturnType<typeof exportServices>;
  }
}

export const exportDomain = defineDomain({
  name: 'export',
  services: exportServices,
  routes: [exportRoutes],
});
