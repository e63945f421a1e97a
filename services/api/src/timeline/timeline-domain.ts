/** The timeline (notable events) slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import * as timeline from './timeline-service.ts';
import { timelineRoutes } from './timeline-routes.ts';

const timelineServices = ({ db }: AppConnections) => bindDependencies(db, {
  notableEvents: timeline.notableEvents, createNotableEvent: timeline.createNotableEvent, updateNotableEvent: timeline.updateNotableEvent, deleteNotableEvent: timeline.deleteNotableEvent,
});

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    timeline: ReturnType<typeof timelineServices>;
  }
}

export const timelineDomain = defineDomain({
  name: 'timeline',
  services: timelineServices,
  routes: [timelineRoutes],
});
