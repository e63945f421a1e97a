/** The record views slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import { mostViewedRecords, recordViewCount } from './record-views-repository.ts';
import { countRecordView, recordViewKeys } from './record-view-counter.ts';
import { recordViewsRoutes } from './record-views-routes.ts';

const recordViewsServices = ({ db, redis, config }: AppConnections) => {
  const keys = recordViewKeys(config.queuePrefix);
  return {
    ...bindDependencies(db, { viewsOfRecord: recordViewCount, mostViewed: mostViewedRecords }),
    /** One view of a record page, counted in Redis (flushed into `record_views` by view-flush-schedule.ts). */
    countView: (recordId: number) => countRecordView(redis, keys, recordId),
  };
};

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    recordViews: ReturnType<typeof recordViewsServices>;
  }
}

export const recordViewsDomain = defineDomain({
  name: 'recordViews',
  services: recordViewsServices,
  routes: [recordViewsRoutes],
});
