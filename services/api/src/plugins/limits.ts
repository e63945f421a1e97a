/**
 * Protection at the edge: per-IP rate limit on API calls, CORS for API consumers on any origin
 * (no credentials), and security headers with a CSP under which the built web app runs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import helmet, { type HelmetOptions } from 'helmet';
import { HEALTH_ROUTE, isApiPath } from '../routes/api-paths.ts';

export interface LimitsPluginOptions {
  /** Requests per minute per IP on API paths. */
  rateLimitMax: number;
}

/** API consumers with a key (counted per user, not per IP) may ask this many times more. */
export const API_KEY_RATE_FACTOR = 5;

/** Headers a cross-origin client of the API may read (site modes, rate limit). */
const EXPOSED_HEADERS = [
  'maintenance',
  'read-only',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
  'content-disposition',
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
    app.addHook('onRoute', (route) => {
      if (route.url === HEALTH_ROUTE || !isApiPath(route.url)) route.config = { ...route.config, rateLimit: false };
    });
    await app.register(fastifyRateLimit, {
      global: true,
      // The auth plugin's onRequest hook (app-wide) has run before this route-level one.
      max: (request) => (request.viewer?.credential === 'api_key' ? options.rateLimitMax * API_KEY_RATE_FACTOR : options.rateLimitMax),
      keyGenerator: (request) => (request.viewer?.credential === 'api_key' ? `api-key-user:${request.viewer.userId}` : request.ip),
      timeWindow: '1 minute',
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        error: 'Too Many Requests',
        message: `Rate limit exceeded: at most ${context.max} requests per ${context.after}. Retry in ${Math.ceil(context.ttl / 1000)} s.`,
      }),
    });
  },
  { name: 'registry-limits' },
);
