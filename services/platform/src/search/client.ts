import { Client } from '@opensearch-project/opensearch';
import type { RegistryConfig } from '../config.ts';

export type SearchClient = Client;

export interface SearchClientOptions {
  /** A call not answered by then is aborted: its connection closes, and OpenSearch cancels a search whose connection closed. */
  requestTimeoutMs?: number;
  maxRetries?: number;
}

/** One OpenSearch client per process; plain HTTP on loopback in development. */
export function createSearchClient(config: Pick<RegistryConfig, 'opensearchUrl'>, options: SearchClientOptions = {}): SearchClient {
  return new Client({ node: config.opensearchUrl, requestTimeout: options.requestTimeoutMs ?? 30_000, maxRetries: options.maxRetries ?? 2 });
}
