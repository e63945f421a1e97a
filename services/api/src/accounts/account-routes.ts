/**
 * REST calls of SPEC §7 "Users" and "Admin", with the bodies FAIRsharing clients send
 * (`{user: {...}}`) and the answers they read (`success`, `message`, `jwt`, `expiry`, flags).
 * Thin: each handler hands the body to one service function. `config.access` names the action
 * a route needs (the auth plugin refuses others; the authorisation-matrix test reads it).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { accountFailureBody } from './account-errors.ts';
import { DomainError } from '../domain-errors.ts';
import { TooManyAttempts } from './attempt-limits.ts';
import { setQuotaHeaders } from '../kernel/quota-headers.ts';
import { ownAccountRoutes, userAdminRoutes } from './account-profile-routes.ts';
import { sessionRoutes, thirdPartySignInRoutes } from './account-session-routes.ts';

/** Account failures answer with their status and text; null for anything else. */
function sendFailure(error: unknown, reply: FastifyReply): FastifyReply | null {
  if (error instanceof TooManyAttempts) {
    return setQuotaHeaders(reply.code(429).header('retry-after', String(error.retryAfterSeconds)), error.quota, 0, error.retryAfterSeconds).send(accountFailureBody(429, error.message));
  }
  if (error instanceof DomainError) return reply.code(error.statusCode).send(accountFailureBody(error.statusCode, error.message, error.fieldErrors));
  return null;
}

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  // Everything that is not an account failure (validation, rate limit, faults) keeps the app's handling.
  const appErrorHandler = app.errorHandler;
  app.setErrorHandler(function accountErrorHandler(error, request, reply) {
    return sendFailure(error, reply) ?? appErrorHandler.call(this, error, request, reply);
  });
  const tags = ['users'];
  sessionRoutes(app, tags);
  ownAccountRoutes(app, tags);
  thirdPartySignInRoutes(app, tags);
  userAdminRoutes(app);
}
