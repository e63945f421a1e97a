/**
 * Who is asking. `Authorization: Bearer <jwt>` names a sign-in session, which must still be live
 * (sign-out, a password change, deactivation or a role change end it at once); an API key
 * (`X-GraphQL-Key: <key>` or `Authorization: Bearer <key>`) stands for its user, read-only.
 * Anything missing, wrong or ended leaves the viewer anonymous: public reads never answer 401.
 * Routes that need a viewer say which action in `config.access` (an action decided by role alone:
 * the resource is the viewer's own account); this plugin refuses the others with 401/403 before
 * the body is read, and keeps the list of routes the authorisation-matrix test reads.
 *
 * Who you are is decided before what you sent is read, for every write: a POST, PUT, PATCH or
 * DELETE route that declares no access needs `session.write` (a signed-in session; its service
 * decides the rest), unless it declares `anyone` or is one of the reads sent as POST below.
 */
import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ANONYMOUS_VIEWER, can, type Action, type Viewer } from '@registry/schemas';
import { ACCOUNT_TEXT, accountFailureBody } from '../accounts/account-errors.ts';
import type { SessionClaims } from '../accounts/account-actions.ts';
import { looksLikeApiKey } from '../accounts/secrets.ts';
import { sessionOfToken } from '../accounts/session-token.ts';

/** `anyone`: open to every visitor (sign-in, sign-up); an action: refused unless `can(viewer, action)`. */
export type RouteAccess = Action | 'anyone';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * POSTs that change nothing anyone relies on, open to every visitor like a GET: GraphQL (its
 * resolvers ask the access module field by field), searches with their query in the body, the
 * additional-information schema of a record type, and a record page's view count.
 */
const PUBLIC_POSTS = new Set(['/graphql', '/fairsharing_records/metadata_fields', '/record_views/:id']);
const PUBLIC_POST_PREFIXES = ['/search/'];

/** What a route needs: what it declares, else a sign-in session for a write, else nothing. */
export function routeAccess(method: string, url: string, declared: RouteAccess | undefined): RouteAccess | null {
  if (declared !== undefined) return declared;
  if (!WRITE_METHODS.has(method)) return null;
  if (method === 'POST' && (PUBLIC_POSTS.has(url) || PUBLIC_POST_PREFIXES.some((prefix) => url.startsWith(prefix)))) return 'anyone';
  return 'session.write';
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with what it declares about access, in registration order. */
    registeredRoutes: RegisteredRoute[];
  }
  interface FastifyRequest {
    viewer: Viewer;
    /** The sign-in session of a session token: its id and when the token expires (epoch seconds). */
    session: { id: string; expiresAt: number } | null;
    /** An API key sent that stands for no one (unknown or revoked): a refusal says which. */
    refusedApiKey: string | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    // `exp` given by sign-in: the token ends when its session does (account-actions.ts issueSession).
    payload: SessionClaims & { exp?: number };
    user: SessionClaims & { exp: number };
  }
}

export interface AuthPluginOptions {
  jwtSecret: string;
}

/** Starts a session for a user and signs its token, as sign-in does (tests, tools). */
export async function signUserToken(app: FastifyInstance, userId: number): Promise<string> {
  return (await app.accounts.sessionForUser(userId)).jwt;
}

function bearerValue(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match ? match[1] : null;
}

async function identify(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  request.session = null;
  request.refusedApiKey = null;
  request.viewer = ANONYMOUS_VIEWER;
  const headerKey = request.headers['x-graphql-key'];
  const bearer = bearerValue(request);
  const apiKey = typeof headerKey === 'string' && headerKey !== '' ? headerKey : bearer !== null && looksLikeApiKey(bearer) ? bearer : null;
  if (apiKey !== null) {
    const keyViewer = await app.accounts.viewerForApiKey(apiKey);
    if (keyViewer === null) request.refusedApiKey = apiKey;
    request.viewer = keyViewer ?? ANONYMOUS_VIEWER;
    return;
  }
  if (bearer === null) return;
  const session = await sessionOfToken(app, bearer);
  if (session === null) return;
  request.viewer = session.viewer;
  request.session = { id: session.claims.sid, expiresAt: session.claims.exp };
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    await app.register(fastifyJwt, { secret: options.jwtSecret });

    app.decorate('registeredRoutes', [] as RegisteredRoute[]);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) app.registeredRoutes.push({ method, url: route.url, access: routeAccess(method, route.url, route.config?.access) });
    });

    // Fastify forbids shared object defaults on requests; the hook below always sets them.
    app.decorateRequest('viewer', null as unknown as Viewer);
    app.decorateRequest('session', null);
    app.decorateRequest('refusedApiKey', null);
    app.addHook('onRequest', async (request) => {
      const clientId = request.headers['x-client-id'];
      if (typeof clientId === 'string' && clientId !== '') {
        request.log.info({ clientId: clientId.slice(0, 100) }, 'client id');
      }
      await identify(app, request);
    });
    // After every onRequest hook (the rate limit counts refused calls too), before the body is
    // read or validated: whoever may not call a route learns only that.
    app.addHook('preParsing', async (request, reply) => {
      // No route (a 404) has nothing to protect.
      if (request.routeOptions.url === undefined) return;
      const access = routeAccess(request.method, request.routeOptions.url, request.routeOptions.config?.access);
      if (access === null || access === 'anyone') return;
      const viewer = request.viewer;
      if (viewer.userId === null) {
        const revoked = request.refusedApiKey !== null && (await app.accounts.apiKeyWasRevoked(request.refusedApiKey));
        return reply.code(401).send(accountFailureBody(401, revoked ? ACCOUNT_TEXT.apiKeyRevoked : ACCOUNT_TEXT.needSignIn));
      }
      if (!can(viewer, access, { userId: viewer.userId })) {
        const message = viewer.credential === 'api_key' ? ACCOUNT_TEXT.apiKeyReadOnly : ACCOUNT_TEXT.forbidden;
        return reply.code(403).send(accountFailureBody(403, message));
      }
    });
  },
  { name: 'registry-auth', dependencies: ['registry-config', 'registry-domains'] },
);
