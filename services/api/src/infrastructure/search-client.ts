/** OpenSearch client shared by search routes and the GraphQL layer as `app.searchClient`. */
import fp from 'fastify-plugin';
import { createSearchClient, searchNodeUrls, type SearchClient } from '@registry/platform';
import { withVisitorPreference } from '../search/search-preference.ts';

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
    // A request's call is not repeated on its one node; on a cluster it moves to another node once
    // per further node (a killed node refuses the connection at once).
    const maxRetries = searchNodeUrls(options.opensearchUrl).length - 1;
    const client = createSearchClient({ opensearchUrl: options.opensearchUrl }, { requestTimeoutMs: options.requestTimeoutMs, maxRetries });
    app.decorate('searchClient', client);
    app.addHook('onRequest', (request, _reply, done) => withVisitorPreference(request, done));
    app.addHook('onClose', async () => client.close());
  },
  { name: 'registry-search-client' },
);
