/**
 * A per-client limit on expensive requests in flight: searches that answer up to 1,000 records,
 * whole vocabularies, REST pages of more than DEFAULT_PAGE_SIZE items (up to a megabyte each),
 * downloads and exports, and the harvesting pages: OAI-PMH's ListRecords and ListIdentifiers
 * (200 records or 1,000 headers) and change-feed pages of more than its default 100 entries. Each costs the server seconds of
 * work and megabytes of memory, so a few clients sending them in parallel slowed everyone's
 * search a hundredfold; the rate limit counts requests per minute, not work at once. A client
 * (its user when signed in, else its address: client-address.ts) may have MAX_EXPENSIVE_IN_FLIGHT of them running; one
 * more answers 429 with retry-after until one ends. The paged search is the ordinary search and
 * is not counted (unless narrowed to an advanced search's `where`: counted as advancedSearch is), nor are aggregations: their caps (100 buckets, two dimensions) keep each one
 * cheap, and the statistics page asks a dozen at once; nor the small whole lists (countries,
 * organisation types) and the curators' month-by-month counts, nor an answer kept as bytes (graphql/shared-answers.ts, registered before
 * this plugin, sends it before this limit is asked).
 *
 * The counts live in Redis, so they hold across every API process behind one site. A count
 * expires a while after its last request started, so a process that dies holding one does not
 * lock its client out. While Redis cannot be reached the limit is not applied (the request is
 * served): the rate limit still bounds every client.
 *
 * Within one process they also take turns: at most EXPENSIVE_RUNNING_PER_PROCESS run at once
 * and the others wait, first come first served. Parts of such a request (decoding a thousand
 * search hits, building the answer) hold the event loop for tens of milliseconds; two or more
 * at once left ordinary requests waiting behind each in turn. A client waits behind at most the
 * requests in flight of the others, each of whom has at most MAX_EXPENSIVE_IN_FLIGHT. A refusal
 * here closes the client's door for a moment (refusal-backoff.ts).
 */
import fp from 'fastify-plugin';
import { clientKey } from '@registry/platform/client-address.ts';
import { setImmediate as nextTurnOfTheLoop } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { graphqlRequestAdvancedRootFields, graphqlRequestRootFields } from '../kernel/graphql-root-fields.ts';
import { GRAPHQL_PATH } from '../kernel/graphql-context.ts';
import { markRefusedForCost } from './refused-for-cost.ts';
import { setQuotaHeaders, type QuotaPolicy } from '../kernel/quota-headers.ts';
import { Turns } from './turns.ts';
import { DEFAULT_PAGE_SIZE } from '../routes/json-api.ts';
import { DEFAULT_PAGE_SIZE as DEFAULT_CHANGES_PAGE_SIZE } from '../changes/change-feed.ts';

export const MAX_EXPENSIVE_IN_FLIGHT = 2;
export const EXPENSIVE_RUNNING_PER_PROCESS = 1;
const RETRY_AFTER_SECONDS = 1;
/** The bound as published on its refusals (quota-headers.ts). */
export const EXPENSIVE_QUOTA: QuotaPolicy = { name: 'expensive', quota: MAX_EXPENSIVE_IN_FLIGHT, unit: 'concurrent-requests' };

/**
 * REST routes that answer up to 1,000 records, download or export, by the start of their route
 * URL. The paged search (here and in GraphQL) is the ordinary search: not counted.
 */
const STREAMED_ROUTE_PREFIXES = ['/export/', '/files/', '/catalog.'];
const EXPENSIVE_ROUTE_PREFIXES = ['/advanced_search', ...STREAMED_ROUTE_PREFIXES];

/**
 * Whole lists of a few hundred short rows (about 250 countries, a handful of organisation types):
 * a few KB, as cheap as a page. A profile page opens them beside the organisations' pick list.
 */
const SMALL_WHOLE_LISTS: ReadonlySet<string> = new Set(['searchCountries', 'searchOrganisationTypes']);

/**
 * Curators' month-by-month counts: one GROUP BY each, answering a few hundred short lines, as
 * cheap as an aggregation. The dashboard's Download records tab asks both beside /files/no_dois
 * (a listing of records, still counted).
 */
const SMALL_COUNT_FILES: ReadonlySet<string> = new Set(['/files/creation_dates', '/files/edit_dates']);

/**
 * OAI-PMH verbs that answer a page of the catalogue. The others answer one record or a short
 * fixed list (ListSets: a dozen sets).
 */
const EXPENSIVE_OAI_VERBS: ReadonlySet<string> = new Set(['ListRecords', 'ListIdentifiers']);


declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis key counting a client's expensive requests in flight (`ip:…` or `user:…`). */
    expensiveInFlightKey(client: string): string;
    /** GraphQL root fields that make a request expensive (the options' unpaged fields, less the small whole lists). */
    expensiveGraphqlFields: ReadonlySet<string>;
  }
}

export interface ExpensiveRequestsOptions {
  /** Redis keys start with it (the queue prefix: one per site, one per test run). */
  keyPrefix: string;
  /** A count expires this long after the last request that raised it started (the request time-out, twice). */
  countTtlMs: number;
  /**
   * GraphQL root fields that answer whole collections: the query-cost rules know them
   * (graphql/query-cost.ts), and the composition hands them here, below GraphQL.
   */
  unpagedGraphqlFields: readonly string[];
}

export function isExpensiveRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? '';
  if (route === GRAPHQL_PATH) {
    // A search narrowed to an advanced search's rules counts as the advanced search does.
    return graphqlRequestAdvancedRootFields(request).size > 0 || [...graphqlRequestRootFields(request)].some((name) => request.server.expensiveGraphqlFields.has(name));
  }
  if (SMALL_COUNT_FILES.has(route)) return false;
  return EXPENSIVE_ROUTE_PREFIXES.some((prefix) => route.startsWith(prefix)) || isBigRestPage(request) || isHarvestPage(request);
}

/**
 * An OAI-PMH list page (its verb in the query, or in the form of a POST once it is read) or a
 * change-feed page larger than the default.
 */
function isHarvestPage(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route === '/changes') return Number((request.query as Record<string, unknown> | undefined)?.limit ?? 0) > DEFAULT_CHANGES_PAGE_SIZE;
  if (route !== '/oai') return false;
  const verb = ((request.method === 'POST' ? request.body : request.query) as Record<string, unknown> | undefined)?.verb;
  return [verb].flat().some((value) => typeof value === 'string' && EXPENSIVE_OAI_VERBS.has(value));
}

/** A REST list page asked for more items than the default page holds. */
function isBigRestPage(request: FastifyRequest): boolean {
  const size = (request.query as Record<string, unknown> | undefined)?.['page[size]'];
  return size !== undefined && Number(size) > DEFAULT_PAGE_SIZE;
}

/** Whose requests are counted together: a signed-in user or API key's user, else the IP. */
export function expensiveRequestClient(request: FastifyRequest): string {
  return request.viewer?.userId ? `user:${request.viewer.userId}` : `ip:${clientKey(request.clientAddress)}`;
}

export const expensiveRequestsPlugin = fp<ExpensiveRequestsOptions>(
  async (app, options) => {
    const turns = new Turns(EXPENSIVE_RUNNING_PER_PROCESS);
    app.decorate('expensiveInFlightKey', (client: string) => `${options.keyPrefix}:expensive-in-flight:${client}`);
    app.decorate('expensiveGraphqlFields', new Set(options.unpagedGraphqlFields.filter((name) => !SMALL_WHOLE_LISTS.has(name))));
    const keyOf = (request: FastifyRequest) => app.expensiveInFlightKey(expensiveRequestClient(request));

    /** Ends the turn of a request that has one; its answer is built once onSend sees it. */
    const endTurn = new WeakMap<FastifyRequest, () => void>();

    /** Counts the request in and answers true, or sends the refusal and answers false. */
    const countInFlight = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
      const key = keyOf(request);
      const [[, inFlight]] = (await app.redis.multi().incr(key).pexpire(key, options.countTtlMs).exec()) as [[unknown, number], unknown];
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        app.redis.decr(key).catch((error: unknown) => request.log.warn({ err: error }, 'could not release an expensive request'));
      };
      if (inFlight > MAX_EXPENSIVE_IN_FLIGHT) {
        release();
        markRefusedForCost(request);
        // A reply is thenable: returned from here it would be awaited, not passed on.
        void setQuotaHeaders(reply.code(429).header('retry-after', String(RETRY_AFTER_SECONDS)), EXPENSIVE_QUOTA, 0, RETRY_AFTER_SECONDS).send({
          statusCode: 429,
          error: 'Too Many Requests',
          message: `Too many expensive requests at once: at most ${MAX_EXPENSIVE_IN_FLIGHT} advanced searches, whole lists, harvesting pages, downloads or exports may run at a time for each client. Retry in ${RETRY_AFTER_SECONDS} s, when one has finished.`,
        });
        return false;
      }
      // 'close' comes once whether the answer was sent, failed or the client went away.
      reply.raw.once('close', release);
      return true;
    };

    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isExpensiveRequest(request)) return;
      if (app.redis.status === 'ready' && !(await countInFlight(request, reply))) return reply;
      // Downloads and exports stream batch by batch, giving the event loop back between batches,
      // and may take as long as their reader: they take no turn.
      if (STREAMED_ROUTE_PREFIXES.some((prefix) => (request.routeOptions.url ?? '').startsWith(prefix))) return;
      const turn = turns.take();
      endTurn.set(request, turn.end);
      reply.raw.once('close', turn.end);
      await turn.started;
    });

    // Building the answer is work of its own (serialising a megabyte takes the loop as long as
    // executing the query did): a turn of the loop goes to the other requests before it.
    app.addHook('preSerialization', async (request, _reply, payload) => {
      if (endTurn.has(request)) await nextTurnOfTheLoop();
      return payload;
    });

    // The answer is built: after another turn of the loop (encoding it is next), the next
    // request's turn begins; it need not wait for a slow reader.
    app.addHook('onSend', async (request, _reply, payload) => {
      const end = endTurn.get(request);
      if (!end) return payload;
      await nextTurnOfTheLoop();
      end();
      return payload;
    });
  },
  { name: 'registry-expensive-requests', dependencies: ['registry-index-queue', 'registry-auth'] },
);
