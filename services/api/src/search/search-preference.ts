/**
 * Searches of one visitor go to the same copies of each shard (OpenSearch's `preference`), so
 * paging through results on a cluster with replicas does not jump between copies whose scores
 * and refresh moments differ. The visitor is the address with the credentials the request
 * carries, hashed: the string is only a routing key.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const requestPreference = new AsyncLocalStorage<string>();

export function visitorPreference(request: FastifyRequest): string {
  const credentials = request.headers.authorization ?? request.headers['x-graphql-key'] ?? request.headers.cookie ?? '';
  // A preference starting with '_' is one of OpenSearch's own keywords; this one never does.
  return `v${createHash('sha1').update(`${request.clientAddress} ${String(credentials)}`).digest('base64url').slice(0, 16)}`;
}

/** Runs the rest of a request with its visitor's preference (a Fastify onRequest hook). */
export function withVisitorPreference(request: FastifyRequest, next: () => void): void {
  requestPreference.run(visitorPreference(request), next);
}

/** The preference of the request being answered, if any (none in jobs and scripts). */
export function currentSearchPreference(): string | undefined {
  return requestPreference.getStore();
}
