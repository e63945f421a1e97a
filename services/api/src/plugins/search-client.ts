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
  /** An OpenSearch call of a request is aborted after this long (the request's time-out), retries included. */
  requestTimeoutMs: number;
}

export const searchClientPlugin = fp<SearchClientPluginOptions>(
  async (app, options) => {
    const client = createSearchClient({ opensearchUrl: options.opensearchUrl }, { requestTimeoutMs: options.requestTimeoutMs, maxRetries: 0 });
    app.decorate('searchClient', client);
    app.addHook('onClose', async () => client.close());
  },
  { name: 'registry-search-client' },
);
