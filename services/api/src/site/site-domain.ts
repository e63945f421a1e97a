/** The site (home page, sitemap) slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import * as site from './site-service.ts';
import { homepageRoutes } from './homepage-routes.ts';
import { sitemapRoutes } from './sitemap-routes.ts';
import { siteQueries, siteTypeResolvers } from './site-resolvers.ts';

const siteServices = ({ db, config }: AppConnections) => ({
  ...bindDependencies(db, { homepageStats: site.homepageStats, publicRecordCountsByRegistry: site.publicRecordCountsByRegistry }),
  sitemap: () => site.sitemap(db, config.publicUrl),
});

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    site: ReturnType<typeof siteServices>;
  }
}

export const siteDomain = defineDomain({
  name: 'site',
  services: siteServices,
  routes: [homepageRoutes, sitemapRoutes],
  resolvers: { ...siteTypeResolvers, Query: siteQueries },
});
