/**
 * What a slice declares about itself, once, in `<slice>/<slice>-domain.ts`: its name (the name
 * its services go by: `app.records`, `context.records`), how its services are made from the
 * app's connections, its REST routes and its GraphQL resolvers. `domains.ts` lists the slices;
 * the app's routes, the services bound to the app and to every GraphQL context, and the resolver
 * map are built by iterating over that list, so a new action stays inside its slice.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database, IndexPublisher, RegistryConfig, SearchClient } from '@registry/platform';
import type { Resolvers } from './graphql-types/resolver-types.generated.ts';
import type { DomainServices } from './kernel/graphql-context.ts';

/**
 * The app's connections every slice may build its services from. A slice that needs more (the
 * accounts' mailer, the publication look-ups) names it in its own input type; the composition
 * gives every slice one object holding all of them.
 */
export interface AppConnections {
  db: Database;
  config: RegistryConfig;
  searchClient: SearchClient;
  redis: Redis;
  publisher: IndexPublisher | null;
  warn(message: string, error: unknown): void;
}

/** What a slice named `Name` offers as its services: what it declared under that name in `DomainServices`. */
type ServicesOf<Name extends string> = Name extends keyof DomainServices ? DomainServices[Name] : never;

export interface DomainDeclaration<Name extends string = string, Inputs = unknown> {
  name: Name;
  /**
   * The slice's services, from the connections it names. Their type is declared beside, under the
   * slice's name, in `DomainServices` (kernel/graphql-context.ts) by module augmentation: so the
   * slices' resolvers, typed by a context that holds every slice's services, never depend on this
   * list's own type.
   */
  services?: (inputs: Inputs) => ServicesOf<Name>;
  /** REST route plugins, registered in this order. */
  routes?: readonly FastifyPluginAsync[];
  /** GraphQL resolvers (`Query` fields and object types), merged type by type with the other slices'. */
  resolvers?: Resolvers;
}

/** A slice's declaration, checked: services under a name it declared, built from the inputs it names. */
export function defineDomain<const Name extends string, Inputs = unknown>(declaration: DomainDeclaration<Name, Inputs>): DomainDeclaration<Name, Inputs> {
  return declaration;
}
