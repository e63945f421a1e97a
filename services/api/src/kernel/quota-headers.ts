/**
 * Published quotas: the `RateLimit-Policy` and `RateLimit` header fields of the IETF HTTP API
 * working group's draft (draft-ietf-httpapi-ratelimit-headers, structured-field syntax), so a
 * client learns its budget from any answer instead of from a 429. `RateLimit-Policy` names the
 * quota that applied to this client and how large it is (`"standard";q=3000;w=60`), `RateLimit`
 * what is left of it and in how many seconds it resets (`"standard";r=2999;t=42`). A 429 carries
 * the quota that refused it, with `retry-after`. The quotas per kind of client: docs/api.md.
 */
import type { FastifyReply } from 'fastify';

export interface QuotaPolicy {
  /** The quota's name, as the headers and docs/api.md give it. */
  name: string;
  /** How many units the quota holds. */
  quota: number;
  /** Over how many seconds; none for a bound on requests at once. */
  windowSeconds?: number;
  /** Requests per window (the default), or requests at once. */
  unit?: 'requests' | 'concurrent-requests';
}

/** An sf-string: our names need no escapes, but a quote or backslash would get one. */
const sfString = (text: string) => `"${text.replace(/[\\"]/g, (character) => `\\${character}`)}"`;

export function policyField(policy: QuotaPolicy): string {
  const window = policy.windowSeconds === undefined ? '' : `;w=${policy.windowSeconds}`;
  const unit = policy.unit === 'concurrent-requests' ? ';qu="concurrent-requests"' : '';
  return `${sfString(policy.name)};q=${policy.quota}${unit}${window}`;
}

export function remainingField(policy: QuotaPolicy, remaining: number, resetSeconds: number): string {
  return `${sfString(policy.name)};r=${Math.max(0, Math.floor(remaining))};t=${Math.max(0, Math.ceil(resetSeconds))}`;
}

/** Sets both fields on an answer; a refusal passes remaining 0 and its retry-after as the reset. */
export function setQuotaHeaders(reply: FastifyReply, policy: QuotaPolicy, remaining: number, resetSeconds: number): FastifyReply {
  return reply.header('ratelimit-policy', policyField(policy)).header('ratelimit', remainingField(policy, remaining, resetSeconds));
}

/** Headers a cross-origin client may read. */
export const QUOTA_HEADERS = ['ratelimit-policy', 'ratelimit'];
