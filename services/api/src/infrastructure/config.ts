/** The runtime configuration as `app.config` (read by routes and the GraphQL layer). */
import fp from 'fastify-plugin';
import type { RegistryConfig } from '@registry/platform';

declare module 'fastify' {
  interface FastifyInstance {
    config: RegistryConfig;
  }
}

export const configPlugin = fp<{ config: RegistryConfig }>(
  async (app, options) => {
    app.decorate('config', options.config);
  },
  { name: 'registry-config' },
);
