/** The changes (feed, Atom) slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import { KeptPages } from '../kernel/kept-pages.ts';
import { readChangesJson } from './change-feed.ts';
import { recentlyChangedIds, recordsAmongFeed, recordsFeed, savedSearchOf } from './atom-feeds.ts';
import { changeRoutes } from './change-routes.ts';
import { atomFeedRoutes } from './atom-feed-routes.ts';

const changesServices = ({ db, config }: AppConnections) => ({
  ...bindDependencies({ db, keptPages: new KeptPages() }, { readChangesJson }),
  ...bindDependencies({ db, site: { publicUrl: config.publicUrl, siteName: config.siteName } }, { recordsFeed, recentlyChangedIds, savedSearchOf, recordsAmongFeed }),
});

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    changes: ReturnType<typeof changesServices>;
  }
}

export const changesDomain = defineDomain({
  name: 'changes',
  services: changesServices,
  routes: [changeRoutes, atomFeedRoutes],
});
