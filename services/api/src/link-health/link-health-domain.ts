/** The link health slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import * as linkHealth from './link-health-service.ts';
import { linkHealthRoutes } from './link-health-routes.ts';

const linkHealthServices = ({ db, publisher, config }: AppConnections) => bindDependencies({ db, publisher, brokenDays: config.linkBrokenDays }, {
  curatorLinkReport: linkHealth.curatorLinkReport, ownBrokenLinks: linkHealth.ownBrokenLinks,
  homepageUnreachableSince: linkHealth.homepageUnreachableSince, adoptFinalUrl: linkHealth.adoptFinalUrl,
});

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    linkHealth: ReturnType<typeof linkHealthServices>;
  }
}

export const linkHealthDomain = defineDomain({
  name: 'linkHealth',
  services: linkHealthServices,
  routes: [linkHealthRoutes],
});
