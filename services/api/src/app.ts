/**
 * Builds the Fastify app without listening (tests use `inject`; server.ts listens):
 * ecosystem plugins, then our plugins (config, db, search client, queue, the domains' services, auth), then the
 * GraphQL layer and REST routes, then the web app and the 404 handler.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import type { Database, RegistryConfig } from '@registry/platform';
import { configPlugin } from './infrastructure/config.ts';
import { errorsPlugin } from './http/errors.ts';
import { limitsPlugin, type RateLimitStore } from './http/limits.ts';
import { clientAddressPlugin } from './http/client-address.ts';
import { siteModePlugin } from './http/site-mode.ts';
import { requestInputPlugin } from './http/request-input.ts';
import { jsonBodyPlugin } from './http/json-body.ts';
import { compressionPlugin } from './http/compression.ts';
import { databasePlugin } from './infrastructure/database.ts';
import { searchClientPlugin } from './infrastructure/search-client.ts';
import { expensiveRequestsPlugin } from './http/expensive-requests.ts';
import { sharedAnswersPlugin } from './graphql/shared-answers.ts';
import { BACKOFF_MS, refusalBackoffPlugin } from './http/refusal-backoff.ts';
import { indexQueuePlugin } from './infrastructure/index-queue.ts';
import { authPlugin } from './http/auth.ts';
import { docsPlugin } from './pages/docs.ts';
import { graphqlPlugin } from './graphql/plugin.ts';
import { UNPAGED_ROOT_FIELDS } from './graphql/query-cost.ts';
import { graphqlTransportPlugin } from './http/graphql-transport.ts';
import { staticWebPlugin } from './pages/static-web.ts';
import { metricsPlugin } from './metrics/metrics-plugin.ts';
import { newRequestId, requestContextPlugin } from './http/request-context.ts';
import { apiGuideRoutes } from './routes/api-guide.ts';
import { withSecretsRedacted } from './accounts/log-redaction.ts';
import { mcpRoutes } from './mcp/mcp-routes.ts';
import { communityMailerPlugin } from './infrastructure/community-mailer.ts';
import { DOMAINS, domainsPlugin } from './domains.ts';

export interface BuildAppOptions {
  config: RegistryConfig;
  /** Fastify logger setting; tests pass false. Default: info level (LOG_LEVEL overrides). */
  logger?: FastifyServerOptions['logger'];
  /** Standard API requests per window for one address or account; default RATE_LIMIT_MAX or 3000 (docs/security.md). */
  rateLimitMax?: number;
  /** The rate limit's window in milliseconds; default a minute. */
  rateLimitWindowMs?: number;
  /** Where rate limit counts live; default RATE_LIMIT_STORE or `redis` (shared by every process of the site). */
  rateLimitStore?: RateLimitStore;
  /** How long a client refused for cost is refused at the door (refusal-backoff.ts); default REFUSAL_BACKOFF_MS or 1 s. */
  refusalBackoffMs?: number;
  /** Built web app to serve; default `web/dist` of this repository. */
  webDistDir?: string;
  /** Reuse a database handle the caller owns (not closed with the app). */
  db?: Database;
  /** Milliseconds a request may take to arrive in full; default REQUEST_TIMEOUT_MS. */
  requestTimeoutMs?: number;
}

/** Largest accepted request body; GraphQL queries and record edits are far smaller. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Time for a request (headers and body) to arrive in full; slow-loris protection. */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Node's HTTP server options that make the request timeout hold. Node enforces it only when it
 * sweeps its connections (every 30 s by default), and Fastify sets `requestTimeout` after the
 * server exists, which leaves Node's 60 s `headersTimeout` above it (Node's constructor refuses
 * that): a body trickling in a byte at a time stayed open for about 90 s. Set at construction,
 * with a sweep a few times per timeout, a slow request is cut off within 1.25× the timeout.
 */
function httpServerTimeouts(requestTimeout: number) {
  return { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.max(100, Math.floor(requestTimeout / 4)) };
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

function defaultRateLimitMax(): number {
  const fromEnv = Number(process.env.RATE_LIMIT_MAX);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 3000;
}

/** REFUSAL_BACKOFF_MS sets it (0: the door stays open; the test suites set that). */
function defaultRefusalBackoffMs(): number {
  const fromEnv = process.env.REFUSAL_BACKOFF_MS;
  return fromEnv && /^\d+$/.test(fromEnv) ? Number(fromEnv) : BACKOFF_MS;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: withSecretsRedacted(options.logger ?? { level: process.env.LOG_LEVEL || 'info' }),
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout,
    http: httpServerTimeouts(requestTimeout),
    return503OnClosing: true,
    genReqId: newRequestId,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });

  await app.register(configPlugin, { config });
  await app.register(clientAddressPlugin, { trustProxy: config.trustProxy });
  await app.register(requestContextPlugin);
  await app.register(errorsPlugin);
  const limitStore = options.rateLimitStore ?? (process.env.RATE_LIMIT_STORE === 'memory' ? 'memory' : 'redis');
  await app.register(limitsPlugin, {
    rateLimitMax: options.rateLimitMax ?? defaultRateLimitMax(),
    rateLimitWindowMs: options.rateLimitWindowMs,
    store: limitStore,
    redisUrl: config.redisUrl,
    keyPrefix: config.queuePrefix,
  });
  await app.register(refusalBackoffPlugin, { backoffMs: options.refusalBackoffMs ?? defaultRefusalBackoffMs() });
  await app.register(siteModePlugin, {
    maintenanceMode: config.maintenanceMode,
    readOnlyMode: config.readOnlyMode,
  });
  await app.register(jsonBodyPlugin);
  await app.register(requestInputPlugin);
  await app.register(databasePlugin, { databaseUrl: config.databaseUrl, statementTimeoutMs: requestTimeout, db: options.db });
  await app.register(searchClientPlugin, { opensearchUrl: config.opensearchUrl, requestTimeoutMs: requestTimeout });
  await app.register(indexQueuePlugin, { redisUrl: config.redisUrl, queuePrefix: config.queuePrefix });
  await app.register(communityMailerPlugin);
  await app.register(domainsPlugin);
  await app.register(metricsPlugin);
  await app.register(authPlugin, { jwtSecret: config.jwtSecret });
  // With limits kept by this process alone (the memory store: tests, whose apps share one queue
  // prefix and one client address), its expensive requests in flight are counted apart too.
  const expensiveKeyPrefix = limitStore === 'memory' ? `${config.queuePrefix}:${randomUUID()}` : config.queuePrefix;
  // A vocabulary answer kept as bytes costs next to nothing: it is sent before the limit on
  // expensive requests would count it.
  await app.register(sharedAnswersPlugin);
  await app.register(expensiveRequestsPlugin, { keyPrefix: expensiveKeyPrefix, countTtlMs: 2 * requestTimeout, unpagedGraphqlFields: UNPAGED_ROOT_FIELDS });
  await app.register(docsPlugin, { siteName: config.siteName, publicUrl: config.publicUrl });

  await app.register(graphqlTransportPlugin, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(graphqlPlugin, {});

  // Every slice's REST routes (declared in its `<slice>-domain.ts`), then the API guide and the assistants' endpoint.
  for (const domain of DOMAINS) for (const routes of domain.routes ?? []) await app.register(routes);

  await app.register(apiGuideRoutes);
  await app.register(mcpRoutes);

  await app.register(staticWebPlugin, { webDistDir: options.webDistDir ?? DEFAULT_WEB_DIST });
  // Last, so its onSend hook runs after every hook that reads or rewrites an answer's text.
  await app.register(compressionPlugin);
  return app;
}
