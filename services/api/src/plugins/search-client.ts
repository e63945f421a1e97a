/** OpenSearch client shared by search routes and the GraphQL layer as `app.searchClient`. */
import fp from 'fastify-plugin';
import { createSearchClient, type SearchClient } from '@registry/platform';

declare module 'fastify' {
  interface FastifyInstance {
    searchClient: SearchClient;
  }
}

export interface SearchClientPluginOptions {
  opensearchUrl: string;
}

export const searchClientPlugin = fp<SearchClientPluginOptions>(
  async (app, options) => {
    const client = createSearchClient({ opensearchUrl: options.opensearchUrl });
    app.decorate('searchClient', client);
    app.addHook('onClose', async () => client.close());
  },
  { name: 'registry-search-client' },
);
