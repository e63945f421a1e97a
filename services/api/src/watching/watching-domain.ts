/** The watching slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import * as watching from './watching-service.ts';
import { watchingRoutes } from './watching-routes.ts';

const watchingServices = ({ db, config }: AppConnections) => bindDependencies({ db, secret: config.jwtSecret }, {
  watchRecord: watching.watchRecord, setDigestPreference: watching.setDigestPreference, unsubscribe: watching.unsubscribe,
});

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    watching: ReturnType<typeof watchingServices>;
  }
}

export const watchingDomain = defineDomain({
  name: 'watching',
  services: watchingServices,
  routes: [watchingRoutes],
});
