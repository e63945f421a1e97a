/** The harvesting (OAI-PMH) slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import { KeptPages } from '../kernel/kept-pages.ts';
import { addressOf, answerOaiRequest } from './oai-service.ts';
import { oaiRoutes } from './oai-routes.ts';

const harvestingServices = ({ db, config }: AppConnections) => bindDependencies(
  { db, publicUrl: config.publicUrl, siteName: config.siteName, adminEmail: addressOf(config.mailFrom), keptPages: new KeptPages(), secret: config.jwtSecret },
  { answerOaiRequest },
);

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    harvesting: ReturnType<typeof harvestingServices>;
  }
}

export const harvestingDomain = defineDomain({
  name: 'harvesting',
  services: harvestingServices,
  routes: [oaiRoutes],
});
