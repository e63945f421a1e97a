/** The reviews slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import { reviewRecord } from './review-service.ts';
import { reviewRoutes } from './review-routes.ts';

const reviewsServices = ({ db, publisher }: AppConnections) => bindDependencies({ db, publisher }, { reviewRecord });

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    reviews: ReturnType<typeof reviewsServices>;
  }
}

export const reviewsDomain = defineDomain({
  name: 'reviews',
  services: reviewsServices,
  routes: [reviewRoutes],
});
