/** Sessions: signing in (with a password or a third-party identity), the viewer a token or API key stands for, signing out. */
import { isUserRole, viewerForUser, type Viewer } from '@registry/schemas';
import { DomainError } from '../domain-errors.ts';
import { ACCOUNT_TEXT } from './account-errors.ts';
import { issueSession, type AccountDependencies, type Done, type SessionClaims, type SignInAnswer } from './account-actions.ts';
import { passwordMatches } from './password-service.ts';
import { apiKeyHasher, looksLikeApiKey, randomToken } from './secrets.ts';

/** A person as a third-party provider vouches for them. */
export interface ProviderIdentity {
  provider: 'orcid' | 'github';
  subject: string;
  /** Only an address the provider says is verified. */
  email: string | null;
  preferredUsername: string;
  firstName: string | null;
  lastName: string | null;
  orcid: string | null;
}

export async function signIn(deps: AccountDependencies, login: string, password: string, ip: string): Promise<SignInAnswer> {
  const user = login.trim() === '' ? undefined : await deps.repository.findCredentialsByLogin(login);
  const matches = await passwordMatches(deps, user, login, password, ip);
  if (!user || user.deleted_at !== null || !matches) throw new DomainError(401, ACCOUNT_TEXT.invalidLogin);
  if (user.deactivated) throw new DomainError(401, ACCOUNT_TEXT.deactivated);
  if (user.confirmed_at === null) throw new DomainError(401, ACCOUNT_TEXT.unconfirmed);
  return issueSession(deps, user);
}

export async function signOut(deps: AccountDependencies, sessionId: string): Promise<Done> {
  await deps.repository.revokeSession(sessionId);
  return { success: true, message: ACCOUNT_TEXT.signedOut };
}

/** The viewer a session token stands for, or null when the session has ended. */
export async function viewerForSession(deps: AccountDependencies, claims: Partial<SessionClaims>): Promise<Viewer | null> {
  const userId = Number(claims.sub);
  const sessionId = claims.sid;
  if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sessionId !== 'string' || !/^[0-9a-f-]{36}$/.test(sessionId)) return null;
  const user = await deps.repository.sessionViewer(sessionId, userId);
  return user && isUserRole(user.role) ? viewerForUser(user, 'session') : null;
}

export async function viewerForApiKey(deps: AccountDependencies, key: string): Promise<Viewer | null> {
  if (!looksLikeApiKey(key)) return null;
  const user = await deps.repository.apiKeyViewer(apiKeyHasher(deps.config.jwtSecret)(key));
  return user && isUserRole(user.role) ? viewerForUser(user, 'api_key') : null;
}

/** A refused key is told why when it was revoked, rather than to sign in. */
export async function apiKeyWasRevoked(deps: AccountDependencies, key: string): Promise<boolean> {
  return looksLikeApiKey(key) && deps.repository.apiKeyWasRevoked(apiKeyHasher(deps.config.jwtSecret)(key));
}

/** GET /users/valid: the signed-in user, as sign-in answered, without a new token. */
export function sessionAnswer(viewer: Viewer, expiresAt: number): Omit<SignInAnswer, 'jwt'> {
  if (viewer.userId === null || viewer.role === null || viewer.credential !== 'session') throw new DomainError(401, ACCOUNT_TEXT.needSignIn);
  return {
    success: true,
    expiry: Math.floor(expiresAt),
    username: viewer.username ?? '',
    id: viewer.userId,
    is_curator: viewer.isCurator,
    is_super_curator: viewer.isSuperCurator,
    role: viewer.role,
  };
}

/** A session for an account without its password: the third-party callbacks' and tests' way in. */
export async function sessionForUser(deps: AccountDependencies, userId: number): Promise<SignInAnswer> {
  const user = await deps.repository.findCredentialsById(userId);
  if (!user || user.deleted_at !== null) throw new DomainError(404, ACCOUNT_TEXT.userNotFound);
  return issueSession(deps, user);
}

async function freeUsername(deps: AccountDependencies, wanted: string): Promise<string> {
  const base = wanted.replace(/[^\w.-]+/g, '').slice(0, 40) || 'user';
  for (let suffix = 0; ; suffix += 1) {
    const candidate = suffix === 0 ? base : `${base}${suffix}`;
    if (candidate.length >= 3 && (await deps.repository.findIdByUsername(candidate)) === undefined) return candidate;
    if (suffix > 1000) return `${base}-${randomToken().slice(0, 8)}`;
  }
}

/**
 * The account of a person a provider vouches for: the one linked to that identity, else the
 * one whose confirmed e-mail is that verified address (then linked), else a new confirmed
 * account. An account whose address was never confirmed is never attached (whoever signed
 * it up may not own the address: account pre-hijacking); it gives the address up instead.
 */
export async function signInWithIdentity(deps: AccountDependencies, identity: ProviderIdentity): Promise<SignInAnswer & { needsEmail: boolean }> {
  const { repository } = deps;
  let userId = await repository.userIdForIdentity(identity.provider, identity.subject);
  if (userId === undefined && identity.email) {
    const byEmail = await repository.findCredentialsByEmail(identity.email);
    if (byEmail && byEmail.deleted_at === null && byEmail.confirmed_at !== null) userId = byEmail.id;
    else if (byEmail && byEmail.confirmed_at === null) await repository.releaseUnconfirmedEmail(byEmail.id);
  }
  if (userId === undefined) {
    userId = await repository.insertUser({
      username: await freeUsername(deps, identity.preferredUsername),
      email: identity.email,
      password_hash: null,
      confirmed_at: new Date(),
      third_party: true,
      orcid: identity.orcid,
      first_name: identity.firstName,
      last_name: identity.lastName,
    });
  }
  await repository.linkIdentity(userId, identity.provider, identity.subject);
  const user = await repository.findCredentialsById(userId);
  if (!user || user.deleted_at !== null) throw new DomainError(401, ACCOUNT_TEXT.invalidLogin);
  if (user.deactivated) throw new DomainError(401, ACCOUNT_TEXT.deactivated);
  return { ...(await issueSession(deps, user)), needsEmail: user.email === null };
}
