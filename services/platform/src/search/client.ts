import { Client } from '@opensearch-project/opensearch';
import type { RegistryConfig } from '../config.ts';

export type SearchClient = Client;

/** One OpenSearch client per process; plain HTTP on loopback in development. */
export function createSearchClient(config: Pick<RegistryConfig, 'opensearchUrl'>): SearchClient {
  return new Client({ node: config.opensearchUrl, requestTimeout: 30_000, maxRetries: 2 });
}
