/** The linked data slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import { keptDumps } from '../kernel/kept-files.ts';
import { catalogueJsonLdStream, catalogueRdfStream, recordDescription, recordSignposting, withdrawnDescription } from './linked-data-service.ts';
import { linkedDataRoutes } from './linked-data-routes.ts';

const linkedDataServices = ({ db, config }: AppConnections) => ({
  ...bindDependencies(
    { db, site: { publicUrl: config.publicUrl, siteName: config.siteName } },
    { recordDescription, withdrawnDescription, recordSignposting, catalogueRdfStream, catalogueJsonLdStream },
  ),
  dumps: keptDumps(db),
});

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    linkedData: ReturnType<typeof linkedDataServices>;
  }
}

export const linkedDataDomain = defineDomain({
  name: 'linkedData',
  services: linkedDataServices,
  routes: [linkedDataRoutes],
});
