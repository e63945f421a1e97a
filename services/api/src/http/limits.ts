/**
 * Protection at the edge: a rate limit on API calls (per signed-in account or API key's account,
 * else per address, weighed by what a request costs: request-weight.ts), CORS for API consumers
 * on any origin (no credentials), and security headers with a CSP under which the built web app
 * runs. The numbers and why: docs/security.md.
 *
 * Every answer the rate limit counted carries its quota (quota-headers.ts): `"standard"` or
 * `"light"`, as large as this kind of client gets.
 *
 * The counts live in Redis by default, so an allowance holds across every API process of one site
 * (keys under the queue prefix). While Redis cannot be reached the limit is not applied, as with
 * expensive-requests.ts: a site without its queue is not also closed to readers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import helmet, { type HelmetOptions } from 'helmet';
import { clientKey } from '@registry/platform/client-address.ts';
import { Redis } from 'ioredis';
import { GRAPHQL_PATH } from '../kernel/graphql-context.ts';
import { OPERATIONS_ROUTES, isApiPath } from '../routes/api-paths.ts';
import { LIGHT_ALLOWANCE_FACTOR, requestWeight } from './request-weight.ts';
import { QUOTA_HEADERS, setQuotaHeaders, type QuotaPolicy } from '../kernel/quota-headers.ts';

export interface LimitsPluginOptions {
  /** Standard requests per window for one client: an address (anonymous) or a signed-in account. */
  rateLimitMax: number;
  /** Length of the rate limit's window in milliseconds; default a minute. */
  rateLimitWindowMs?: number;
  /** Where counts are kept: `redis` (shared by every process of the site) or this process's `memory`. */
  store: RateLimitStore;
  redisUrl: string;
  /** Redis keys start with it (the queue prefix: one per site, one per test run). */
  keyPrefix: string;
}

export type RateLimitStore = 'redis' | 'memory';

/** A count Redis has not answered by then lets the request through uncounted. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * A connection that fails fast: no queue of commands while Redis is away (the queue's own
 * connection waits forever, which suits jobs, not a request's rate limit).
 */
async function connectCounter(app: FastifyInstance, redisUrl: string): Promise<Redis> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: REDIS_COMMAND_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on('error', (error: Error) => app.log.debug({ err: error }, 'rate limit redis connection error'));
  await redis.connect().catch((error: unknown) => app.log.warn({ err: error }, 'rate limits are not applied until Redis answers'));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return redis;
}

/** API consumers with a key (counted per account, not per address) may ask this many times more. */
export const API_KEY_RATE_FACTOR = 2;

const MINUTE_MS = 60_000;

interface RateLimitBucket {
  key: string;
  max: number;
  /** The quota as published: its name (the weight), size and window. */
  policy: QuotaPolicy;
  /** Whose allowance, for the refusal's message. */
  whom: string;
}

/** Headers a cross-origin client of the API may read (site modes, rate limit). */
const EXPOSED_HEADERS = [
  'maintenance',
  'read-only',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
  'content-disposition',
  ...QUOTA_HEADERS,
];

const SECURITY_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Chakra UI (emotion) injects <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Record logos come from other sites.
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:', 'https:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  // Other sites may show our open data (logos, exports) and call the API.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

/** The headers helmet sets for these options (they depend on nothing in the request). */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => { headers[name.toLowerCase()] = String(value); },
    removeHeader: (name: string) => { delete headers[name.toLowerCase()]; },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Whose allowance a request spends and how large it is: an account's when signed in or sent
 * with an API key (so people behind one address do not share it), else the address's; light
 * requests (request-weight.ts) spend an allowance of their own.
 */
function rateLimitBucketFor(request: FastifyRequest, rateLimitMax: number, windowMs: number): RateLimitBucket {
  const viewer = request.viewer;
  const byApiKey = viewer?.credential === 'api_key';
  const client = viewer?.userId ? `account:${viewer.userId}` : `address:${clientKey(request.clientAddress)}`;
  const whom = byApiKey ? "this API key's account" : viewer?.userId ? 'this account' : 'this address';
  const standardMax = byApiKey ? rateLimitMax * API_KEY_RATE_FACTOR : rateLimitMax;
  const weight = requestWeight(request);
  const max = weight === 'light' ? standardMax * LIGHT_ALLOWANCE_FACTOR : standardMax;
  return { key: `${weight}:${client}`, max, whom, policy: { name: weight, quota: max, windowSeconds: Math.ceil(windowMs / 1000) } };
}

/** "1 minute", "5 minutes", "30 seconds": a rate-limit window for people. */
function describeWindow(ms: number): string {
  const [count, unit] = ms % MINUTE_MS === 0 ? [ms / MINUTE_MS, 'minute'] : [Math.round(ms / 1000), 'second'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

export const limitsPlugin = fp<LimitsPluginOptions>(
  async (app, options) => {
    // The same headers on every answer, worked out once: @fastify/helmet built helmet's
    // middleware (parsing the CSP directives) again on every request.
    const headers = securityHeaders(SECURITY_HEADERS);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });

    await app.register(fastifyCors, {
      origin: '*',
      credentials: false,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Accept', 'Content-Type', 'Authorization', 'Cache-Control', 'X-Client-Id', 'X-GraphQL-Key'],
      exposedHeaders: EXPOSED_HEADERS,
      maxAge: 86_400,
    });

    // Static files and the health check are not API traffic worth limiting. Decided on the route
    // as it is registered (before the rate limit's own onRoute hook reads the setting), so every
    // spelling of a URL the router sends to a route (`/%67raphql`, `/graphql/`) is counted alike.
    // GraphQL is weighed by its document, so it is counted once the body is read (below).
    app.addHook('onRoute', (route) => {
      if (OPERATIONS_ROUTES.includes(route.url) || route.url === GRAPHQL_PATH || !isApiPath(route.url)) route.config = { ...route.config, rateLimit: false };
    });
    const windowMs = options.rateLimitWindowMs ?? MINUTE_MS;
    const buckets = new WeakMap<FastifyRequest, RateLimitBucket>();
    const bucketOf = (request: FastifyRequest) => {
      let bucket = buckets.get(request);
      if (!bucket) buckets.set(request, (bucket = rateLimitBucketFor(request, options.rateLimitMax, windowMs)));
      return bucket;
    };
    const shared = options.store === 'redis' ? { redis: await connectCounter(app, options.redisUrl), nameSpace: `${options.keyPrefix}:rate-limit:` } : {};
    await app.register(fastifyRateLimit, {
      ...shared,
      skipOnError: true,
      global: true,
      // The auth plugin's onRequest hook (app-wide) has run before this route-level one.
      max: (request) => bucketOf(request).max,
      keyGenerator: (request) => bucketOf(request).key,
      timeWindow: windowMs,
      errorResponseBuilder: (request, context) => ({
        statusCode: 429,
        error: 'Too Many Requests',
        // The window as configured (the library's `after` is the time left, which reads as a smaller window).
        message: `Rate limit exceeded: at most ${context.max} requests per ${describeWindow(windowMs)} (the "${bucketOf(request).policy.name}" quota of ${bucketOf(request).whom}; RateLimit-Policy). Retry in ${Math.ceil(context.ttl / 1000)} s.`,
      }),
    });

    // The count the rate limit answered with (its x-ratelimit-* headers), published as the
    // draft's fields; a refusal that set its own quota (expensive requests, the door) keeps it.
    app.addHook('onSend', async (request, reply, payload) => {
      const remaining = reply.getHeader('x-ratelimit-remaining');
      if (remaining === undefined || reply.hasHeader('ratelimit-policy')) return payload;
      setQuotaHeaders(reply, bucketOf(request).policy, Number(remaining), Number(reply.getHeader('x-ratelimit-reset') ?? 0));
      return payload;
    });

    // GraphQL spends the allowance its document weighs, once the body is read; a request refused
    // before that (not a document, bad JSON) still spends a standard one when it is answered.
    const countedByRateLimit = app.rateLimit();
    const countedGraphqlRequests = new WeakSet<FastifyRequest>();
    app.addHook('preHandler', async (request, reply) => {
      if (request.routeOptions.url !== GRAPHQL_PATH) return;
      countedGraphqlRequests.add(request);
      await countedByRateLimit.call(app, request, reply);
    });
    app.addHook('onResponse', async (request) => {
      if (request.routeOptions.url === GRAPHQL_PATH && !countedGraphqlRequests.has(request)) await app.createRateLimit()(request);
    });
  },
  { name: 'registry-limits' },
);
