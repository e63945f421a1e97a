/**
 * Requests refused for what they cost, as the places that refuse them say; refusal-backoff.ts
 * closes the door on their clients. A module of its own so that those places (the GraphQL
 * plugin among them) need not import the door, which reads the GraphQL path.
 */
import type { FastifyRequest } from 'fastify';

const refused = new WeakSet<FastifyRequest>();

/** Called where a request is refused for what it costs; its client meets the door for a while. */
export function markRefusedForCost(request: FastifyRequest): void {
  refused.add(request);
}

export function wasRefusedForCost(request: FastifyRequest): boolean {
  return refused.has(request);
}
