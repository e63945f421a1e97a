/**
 * What every resolver receives besides its arguments: the domains' services (`context.records`,
 * `context.accounts`, …: resolvers never hold the database handle), the search client, the
 * viewer and the request's loaders. It sits below the slices, so a slice's resolvers import it
 * without importing what assembles them: `DomainServices` is declared empty here and filled in
 * by `plugins/domains.ts`, which binds the services (as Fastify's own decorations are declared).
 */
import type { RegistryConfig, SearchClient } from '@registry/platform';
import type { Viewer } from '@registry/schemas';

/** The bound services of every domain; its members are declared by `plugins/domains.ts`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainServices {}

export interface RegistryGraphqlContext extends DomainServices {
  searchClient: SearchClient;
  config: RegistryConfig;
  viewer: Viewer;
  /** The request's DataLoaders (`records/record-loaders.ts`). */
  loaders: ReturnType<DomainServices['records']['loaders']>;
}
