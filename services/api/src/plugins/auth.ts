/**
 * Who is asking: `Authorization: Bearer <jwt>` → `request.viewer`. A missing, bad or expired
 * token, or a deactivated user, leaves the viewer anonymous; public reads never answer 401.
 */
import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ANONYMOUS_VIEWER, activeUsersOnly, isUserRole, viewerForUser, type Viewer } from '@registry/schemas';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string };
    user: { sub: string };
  }
}

export interface AuthPluginOptions {
  jwtSecret: string;
}

/** Default lifetime of a login token. */
export const ACCESS_TOKEN_LIFETIME = '7d';

/** Signs a login token for a user id (login, tests). */
export function signUserToken(
  app: FastifyInstance,
  userId: number,
  options: { expiresIn?: string | number } = {},
): string {
  return app.jwt.sign({ sub: String(userId) }, { expiresIn: options.expiresIn ?? ACCESS_TOKEN_LIFETIME });
}

interface ViewerRow {
  id: number;
  username: string;
  role: string;
}

async function viewerFromRequest(app: FastifyInstance, request: FastifyRequest): Promise<Viewer> {
  const header = request.headers.authorization;
  if (!header || !/^Bearer\s+\S/i.test(header)) return ANONYMOUS_VIEWER;
  let userId: number;
  try {
    const payload = await request.jwtVerify<{ sub: string }>();
    userId = Number(payload.sub);
  } catch {
    return ANONYMOUS_VIEWER;
  }
  if (!Number.isSafeInteger(userId) || userId <= 0) return ANONYMOUS_VIEWER;
  const user = await app.db<ViewerRow>('users')
    .select('id', 'username', 'role')
    .where({ id: userId })
    .modify(activeUsersOnly())
    .first();
  if (!user || !isUserRole(user.role)) return ANONYMOUS_VIEWER;
  return viewerForUser({ id: user.id, username: user.username, role: user.role }, 'session');
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    await app.register(fastifyJwt, { secret: options.jwtSecret });
    // Fastify forbids shared object defaults on requests; the hook below always sets it.
    app.decorateRequest('viewer', null as unknown as Viewer);
    app.addHook('onRequest', async (request) => {
      const clientId = request.headers['x-client-id'];
      if (typeof clientId === 'string' && clientId !== '') {
        request.log.info({ clientId: clientId.slice(0, 100) }, 'client id');
      }
      request.viewer = await viewerFromRequest(app, request);
    });
  },
  { name: 'registry-auth', dependencies: ['registry-database'] },
);
