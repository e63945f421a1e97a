/** The site (home page, sitemap) slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { recordsAlias } from '@registry/schemas';
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import * as site from './site-service.ts';
import { latestStats } from '../site-statistics/latest-stats.ts';
import { homepageRoutes } from './homepage-routes.ts';
import { sitemapRoutes } from './sitemap-routes.ts';
import { siteQueries, siteTypeResolvers } from './site-resolvers.ts';

const siteServices = ({ db, config, searchClient }: AppConnections) => ({
  ...bindDependencies(db, { homepageStats: site.homepageStats, publicRecordCountsByRegistry: site.publicRecordCountsByRegistry }),
  sitemap: () => site.sitemap(db, config.publicUrl),
  /** The statistics page's figures, from the index (site-statistics/latest-stats.ts). */
  latestStats: () => latestStats({ client: searchClient, alias: recordsAlias(config.indexPrefix) }),
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
