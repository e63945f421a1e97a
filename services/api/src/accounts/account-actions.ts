/**
 * What every account action shares: its dependencies, the answer shapes the REST API writes, and
 * the steps several actions take (asking the access module, validating a shared form, mailing,
 * issuing a session). The actions themselves live by concern: `sign-up-service.ts`,
 * `session-service.ts`, `profile-service.ts`, `api-key-service.ts`, `user-admin-service.ts`.
 */
import { randomUUID } from 'node:crypto';
import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { can, viewerForUser, type Action, type UserRole, type Viewer } from '@registry/schemas';
import type { RegistryConfig } from '@registry/platform';
import { DomainError, invalidFieldsError } from '../domain-errors.ts';
import { ACCOUNT_TEXT } from './account-errors.ts';
import type { AccountOrganisation, AccountRepository, AccountRow, ViewerRow } from './account-repository.ts';
import type { AttemptLimiter } from './attempt-limits.ts';
import type { Mail, Mailer } from './mailer.ts';

/** Claims of a session token: the user and the server-side session that must still be live. */
export interface SessionClaims {
  sub: string;
  sid: string;
}

export interface SignInAnswer {
  success: true;
  jwt: string;
  /** When the token stops working, in seconds since 1970 (FAIRsharing clients take it as an instant). */
  expiry: number;
  username: string;
  id: number;
  is_curator: boolean;
  is_super_curator: boolean;
  role: UserRole;
}

/** A user as the REST API writes one: snake_case, as FAIRsharing clients read it. */
export type AccountAnswer = Omit<AccountRow, 'confirmed_at' | 'created_at'> & { confirmed: boolean; created_at: string };
/** The own account as its owner reads it: with the organisations they belong to. */
export type OwnAccountAnswer = AccountAnswer & { organisations: AccountOrganisation[] };

/** The plain answer of an action that changes something. */
export interface Done {
  success: true;
  message: string;
}

export interface AccountDependencies {
  repository: AccountRepository;
  mailer: Mailer;
  limiter: AttemptLimiter;
  config: Pick<RegistryConfig, 'publicUrl' | 'siteName' | 'sessionLifetimeSeconds' | 'jwtSecret'>;
  /** A token that stops working at `expiresAtSeconds` (seconds since 1970): the session's own end, so sign-in and /users/valid name one instant. */
  signToken(claims: SessionClaims, expiresAtSeconds: number): string;
  /** Mail failures are reported here (never with the mail's content: it holds tokens). */
  warn(message: string, error: unknown): void;
}

/** A request body as the routes hand it over; each action validates what it reads. */
export type Body = Record<string, unknown>;

/** Refuses unless the access module allows it; API keys get their own explanation. */
export function authorise(viewer: Viewer, action: Action, userId?: number): asserts viewer is Viewer & { userId: number } {
  if (viewer.userId === null) throw new DomainError(401, ACCOUNT_TEXT.needSignIn);
  if (can(viewer, action, { userId: userId ?? viewer.userId })) return;
  throw new DomainError(403, viewer.credential === 'api_key' ? ACCOUNT_TEXT.apiKeyReadOnly : ACCOUNT_TEXT.forbidden);
}

/** Runs a shared form schema; every failing rule comes back under its field with its SPEC §5 message. */
export async function validated<S extends AnyObjectSchema>(schema: S, input: Body, stripUnknown = true): Promise<InferType<S>> {
  try {
    return (await schema.validate(input, { abortEarly: false, stripUnknown })) as InferType<S>;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of error.inner.length > 0 ? error.inner : [error]) {
      const field = issue.path ?? 'user';
      (fieldErrors[field] ??= []).push(...issue.errors);
    }
    throw invalidFieldsError(fieldErrors);
  }
}

export function takenError(fields: Iterable<'username' | 'email'>): DomainError {
  const fieldErrors: Record<string, string[]> = {};
  for (const field of fields) fieldErrors[field] = [field === 'username' ? ACCOUNT_TEXT.usernameTaken : ACCOUNT_TEXT.emailTaken];
  return invalidFieldsError(fieldErrors);
}

export function accountAnswer(row: AccountRow): AccountAnswer {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    unconfirmed_email: row.unconfirmed_email,
    first_name: row.first_name,
    last_name: row.last_name,
    homepage: row.homepage,
    orcid: row.orcid,
    twitter: row.twitter,
    mastodon: row.mastodon,
    bluesky: row.bluesky,
    third_party: row.third_party,
    awards: row.awards ?? [],
    role: row.role,
    profile_type: row.profile_type,
    preferences: row.preferences ?? {},
    deactivated: row.deactivated,
    is_curator: row.is_curator,
    is_super_curator: row.is_super_curator,
    confirmed: row.confirmed_at !== null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The site the account mails link to. */
export function mailContextOf({ config }: AccountDependencies): { publicUrl: string; siteName: string } {
  return { publicUrl: config.publicUrl, siteName: config.siteName };
}

export async function sendMail(deps: AccountDependencies, mail: Mail): Promise<void> {
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    deps.warn('account mail not sent', error);
  }
}

export async function requireAccount(deps: AccountDependencies, id: number): Promise<AccountRow> {
  const account = await deps.repository.findAccount(id);
  if (!account) throw new DomainError(404, ACCOUNT_TEXT.userNotFound);
  return account;
}

export async function issueSession(deps: AccountDependencies, user: ViewerRow): Promise<SignInAnswer> {
  const sessionId = randomUUID();
  const lifetime = deps.config.sessionLifetimeSeconds;
  const expiresAt = new Date(Date.now() + lifetime * 1000);
  const expiry = Math.floor(expiresAt.getTime() / 1000);
  await deps.repository.createSession(sessionId, user.id, expiresAt);
  const viewer = viewerForUser(user, 'session');
  return {
    success: true,
    jwt: deps.signToken({ sub: String(user.id), sid: sessionId }, expiry),
    expiry,
    username: user.username,
    id: user.id,
    is_curator: viewer.isCurator,
    is_super_curator: viewer.isSuperCurator,
    role: user.role,
  };
}
