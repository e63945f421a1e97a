/**
 * A client that keeps sending what the server refuses as too costly is refused at the door.
 *
 * Refusing costs work too: a 30,000-id body is read and decoded, a document of aliases is parsed
 * and validated, before the answer can say no. Four connections sending such requests one after
 * another kept the server's one event loop busy with refusals, and everyone's search waited
 * behind them. So when a request is refused for what it costs (a GraphQL query over a limit, a
 * list over its bound, a body over the size limit, an expensive request over the client's
 * allowance in flight), its client is answered 429 for a moment (BACKOFF_MS), before its next request's
 * body is read; the refusal says when to come back (`retry-after`), and a client that waits for
 * it never meets the door. The door is not pushed further by the requests it turns away, so a
 * client gets one real attempt per period.
 *
 * A refusal at the door is itself held for a moment (HOLD_MS, or until the door opens if that is
 * sooner; a request whose door opened meanwhile goes on): a client that ignores retry-after and
 * sends again at once would otherwise be answered thousands of times a second, and those answers
 * (and the client's own work on them) take the processor from everyone else's searches. A held
 * request costs no work, only its socket; at most MAX_HELD are held at once, beyond that the
 * refusal is sent at once.
 *
 * Whose door: the address together with the credentials the request carries (the token is not
 * verified here: that would cost what the door saves), so a signed-in user is not held back by
 * another person behind the same address. Only requests that can carry a costly body or document
 * are held (any method but GET and HEAD, GraphQL over GET, and the expensive GET requests of
 * expensive-requests.ts: big REST pages, harvesting pages, advanced searches, exports); pages, files
 * and other reads pass.
 * The memory is per process, like the event loop it protects, and bounded.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import { clientKey } from '@registry/platform/client-address.ts';
import type { FastifyRequest } from 'fastify';
import { GRAPHQL_PATH } from '../kernel/graphql-context.ts';
import { isExpensiveRequest } from './expensive-requests.ts';
import { wasRefusedForCost } from './refused-for-cost.ts';
import { setQuotaHeaders } from '../kernel/quota-headers.ts';

export const BACKOFF_MS = 1_000;
/** How long a refusal at the door is held before it is sent, at most. */
const HOLD_MS = 100;
/** Refusals held at once in this process; more are sent at once. */
const MAX_HELD = 1_000;

export interface RefusalBackoffOptions {
  /** How long the door stays closed; 0 leaves it open (the test suites, as they lift the rate limit). */
  backoffMs: number;
}
/** Clients remembered at once; the oldest is forgotten first. */
const MAX_CLIENTS = 10_000;

function doorKey(request: FastifyRequest): string {
  const credentials = request.headers.authorization ?? request.headers.cookie ?? '';
  const client = clientKey(request.clientAddress);
  return credentials ? `${client} ${createHash('sha1').update(credentials).digest('base64url')}` : client;
}

function canCarryCostlyInput(request: FastifyRequest): boolean {
  return (request.method !== 'GET' && request.method !== 'HEAD') || request.routeOptions.url === GRAPHQL_PATH || isExpensiveRequest(request);
}

export const refusalBackoffPlugin = fp<RefusalBackoffOptions>(
  async (app, options) => {
    if (options.backoffMs <= 0) return;
    /** As published on its refusals: one request per period after a refusal for cost. */
    const doorQuota = { name: 'after-refusal', quota: 1, windowSeconds: Math.ceil(options.backoffMs / 1000) };
    /** Door key → when it opens again (ms since 1970); a Map keeps insertion order for forgetting. */
    const closedUntil = new Map<string, number>();
    let held = 0;

    /** How long the door stays closed for this key, in ms (0: open, and forgotten). */
    const closedFor = (key: string): number => {
      const until = closedUntil.get(key);
      if (until === undefined) return 0;
      const waitMs = until - Date.now();
      if (waitMs <= 0) closedUntil.delete(key);
      return Math.max(0, waitMs);
    };

    app.addHook('onRequest', async (request, reply) => {
      if (!closedUntil.size || !canCarryCostlyInput(request)) return;
      const key = doorKey(request);
      if (closedFor(key) === 0) return;
      if (held < MAX_HELD) {
        held += 1;
        try {
          await sleep(Math.min(closedFor(key), HOLD_MS));
        } finally {
          held -= 1;
        }
      }
      const waitMs = closedFor(key);
      if (waitMs === 0) return;
      const seconds = Math.ceil(waitMs / 1000);
      // Sent as text: a route's own 429 schema (e.g. the account routes') would not fit this answer.
      return setQuotaHeaders(reply.code(429).header('retry-after', String(seconds)), doorQuota, 0, seconds).type('application/json; charset=utf-8').send(JSON.stringify({
        statusCode: 429,
        error: 'Too Many Requests',
        message: `Your last request was refused as too costly; send the next one in ${seconds} s (retry-after).`,
      }));
    });

    app.addHook('onResponse', async (request, reply) => {
      if (!wasRefusedForCost(request) && reply.statusCode !== 413) return;
      const key = doorKey(request);
      closedUntil.delete(key);
      closedUntil.set(key, Date.now() + options.backoffMs);
      if (closedUntil.size > MAX_CLIENTS) closedUntil.delete(closedUntil.keys().next().value!);
    });
  },
  { name: 'registry-refusal-backoff' },
);
