/**
 * A sign-in session token read back: the live session it names and its viewer. The auth plugin
 * reads it from `Authorization`; the ORCID e-mail page sends it in a body. It sits in the slice
 * so that the slice's routes need nothing from the HTTP plugins above it.
 */
import type { FastifyInstance } from 'fastify';
import type { Viewer } from '@registry/schemas';
import type { SessionClaims } from './account-actions.ts';

/** The live sign-in session a token names and its viewer, or null (forged, expired, ended). */
export async function sessionOfToken(app: FastifyInstance, token: string): Promise<{ viewer: Viewer; claims: SessionClaims & { exp: number } } | null> {
  let claims: SessionClaims & { exp: number };
  try {
    claims = app.jwt.verify<SessionClaims & { exp: number }>(token);
  } catch {
    return null;
  }
  const viewer = await app.accounts.viewerForSession(claims);
  return viewer === null ? null : { viewer, claims };
}

/** The viewer of a session token sent in a body rather than in `Authorization` (FAIRsharing's ORCID e-mail page). */
export async function viewerOfSessionToken(app: FastifyInstance, token: string): Promise<Viewer | null> {
  return (await sessionOfToken(app, token))?.viewer ?? null;
}
