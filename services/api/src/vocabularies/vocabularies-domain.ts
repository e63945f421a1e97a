/** The vocabularies slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import * as vocabularies from './vocabulary-service.ts';
import { countListSizes } from './list-sizes-repository.ts';
import { recordAssociationRoutes } from './record-association-routes.ts';
import { vocabularyRoutes } from './vocabulary-routes.ts';
import { vocabularyQueries, vocabularyTypeResolvers } from './vocabulary-resolvers.ts';

const vocabulariesServices = ({ db }: AppConnections) => ({
  ...bindDependencies(db, vocabularies.vocabularyReads),
  /** Row counts of the unpaged lists, for the GraphQL query cost. */
  listSizes: () => countListSizes(db),
});

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    vocabularies: ReturnType<typeof vocabulariesServices>;
  }
}

export const vocabulariesDomain = defineDomain({
  name: 'vocabularies',
  services: vocabulariesServices,
  routes: [recordAssociationRoutes, vocabularyRoutes],
  resolvers: { ...vocabularyTypeResolvers, Query: vocabularyQueries },
});
