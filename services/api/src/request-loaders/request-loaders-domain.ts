/** The request loaders as the app assembles them: a service that makes one GraphQL request's DataLoaders (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { createLoaders } from './request-loaders.ts';

const requestLoadersServices = ({ db }: AppConnections) => ({
  /** Fresh DataLoaders for one GraphQL request. */
  forRequest: () => createLoaders(db),
});

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    requestLoaders: ReturnType<typeof requestLoadersServices>;
  }
}

export const requestLoadersDomain = defineDomain({
  name: 'requestLoaders',
  services: requestLoadersServices,
});
