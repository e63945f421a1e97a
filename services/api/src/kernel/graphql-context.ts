/**
 * What every resolver receives besides its arguments: the domains' services (`context.records`,
 * `context.accounts`, …: resolvers never hold the database handle), the search client, the
 * viewer and the request's loaders. It sits below the slices, so a slice's resolvers import it
 * without importing what assembles them: `DomainServices` is declared empty here and each slice
 * adds its services under its name in its `<slice>-domain.ts` (as Fastify's own decorations are
 * declared); `domains.ts` binds them.
 * The endpoint's path and the context of one query live here too, so that what serves pages,
 * feeds and request economics reads them without importing the GraphQL plugin (which imports
 * the composition: that was a cycle).
 */
import type { FastifyInstance } from 'fastify';
import type { RegistryConfig, SearchClient } from '@registry/platform';
import type { Viewer } from '@registry/schemas';

export const GRAPHQL_PATH = '/graphql';

/** The bound services of every domain; each slice declares its member in its `<slice>-domain.ts`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainServices {}

export interface RegistryGraphqlContext extends DomainServices {
  searchClient: SearchClient;
  config: RegistryConfig;
  viewer: Viewer;
  /** The request's DataLoaders (`request-loaders/request-loaders.ts`). */
  loaders: ReturnType<DomainServices['requestLoaders']['forRequest']>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every domain's service as one object, decorated by `domains.ts`. */
    domainServices: DomainServices;
  }
}

/** The context of one GraphQL query run for `viewer` (the endpoint's, or a page's own query). */
export function graphqlContextFor(app: FastifyInstance, viewer: Viewer): RegistryGraphqlContext {
  return { ...app.domainServices, searchClient: app.searchClient, config: app.config, viewer, loaders: app.requestLoaders.forRequest() };
}
