/**
 * What every resolver receives besides its arguments: the domains' services (`context.records`,
 * `context.accounts`, …: resolvers never hold the database handle), the search client, the
 * viewer and the request's loaders.
 */
import type { RegistryConfig, SearchClient } from '@registry/platform';
import type { Viewer } from '@registry/schemas';
import type { Loaders } from '../records/record-loaders.ts';
import type { DomainServices } from '../plugins/domains.ts';

export interface RegistryGraphqlContext extends DomainServices {
  searchClient: SearchClient;
  config: RegistryConfig;
  viewer: Viewer;
  loaders: Loaders;
}

declare module 'mercurius' {
  // Mercurius merges what our `context` function returns into its own context object.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MercuriusContext extends RegistryGraphqlContext {}
}

/** Resolver signature with our context; `Parent` is the row or document being resolved. */
export type Resolver<Parent, Args, Result> = (
  parent: Parent,
  args: Args,
  context: RegistryGraphqlContext,
) => Result | Promise<Result>;
