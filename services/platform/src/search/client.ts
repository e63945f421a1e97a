import { Client } from '@opensearch-project/opensearch';
import type { RegistryConfig } from '../config.ts';

export type SearchClient = Client;

export interface SearchClientOptions {
  /** A call not answered by then is aborted: its connection closes, and OpenSearch cancels a search whose connection closed. */
  requestTimeoutMs?: number;
  /**
   * Further attempts after a failed one (connection refused or reset, time-out, 502–504), each on
   * another live node when there are several; default 2, or one per further node when more.
   */
  maxRetries?: number;
}

/** The node URLs of `OPENSEARCH_URL`: one, or several separated by commas (the nodes of one cluster). */
export function searchNodeUrls(opensearchUrl: string): string[] {
  return opensearchUrl.split(',').map((url) => url.trim()).filter((url) => url !== '');
}

/**
 * One OpenSearch client per process; plain HTTP on loopback in development. With several nodes
 * it spreads calls over them and marks a node that fails to connect dead (tried again later), so
 * a call goes to another node.
 */
export function createSearchClient(config: Pick<RegistryConfig, 'opensearchUrl'>, options: SearchClientOptions = {}): SearchClient {
  const nodes = searchNodeUrls(config.opensearchUrl);
  return new Client({
    nodes,
    requestTimeout: options.requestTimeoutMs ?? 30_000,
    maxRetries: options.maxRetries ?? Math.max(2, nodes.length - 1),
  });
}
