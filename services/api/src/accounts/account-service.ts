/**
 * The account actions, one function each: sign-up to deletion, sessions, API keys, third-party
 * identities and the super curators' user administration. Every permission is asked of the
 * access module; the form rules and their messages are the shared ones of `@registry/schemas`.
 */
import { randomUUID } from 'node:crypto';
import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import {
  can, isUserRole, profileFormSchema, signUpFormSchema, emailFormSchema, passwordResetFormSchema, passwordChangeFormSchema,
  USER_ROLES, viewerForUser, type Action, type UserRole, type Viewer,
} from '@registry/schemas';
import { PROFILE_SETTINGS_MESSAGES, profileSettingsSchema, type ProfileSettings } from '@registry/schemas/forms/profile-settings.ts';
import type { RegistryConfig } from '@registry/platform';
import { DomainError, invalidFieldsError } from '../domain-errors.ts';
import { ACCOUNT_TEXT } from './account-errors.ts';
import {
  takenField, type AccountOrganisation, type AccountRepository, type AccountRow, type CredentialRow, type ProfileChanges, type PublicProfileRow, type ViewerRow,
} from './account-repository.ts';
import type { AttemptLimiter } from './attempt-limits.ts';
import {
  addressInUseMail, confirmationMail, emailChangeMail, emailChangeNoticeMail, passwordResetMail, type Mail, type Mailer,
} from './mailer.ts';
import { apiKeyHasher, hashPassword, looksLikeApiKey, newApiKey, randomToken, tokenDigest, verifyPassword } from './secrets.ts';

/** Settings only the account's owner changes (PUT /users), never a super curator's user edit. */
const OWNER_SETTINGS = ['preferences', 'organisation_ids'] as const;

/** Confirmation links work this long; reset links much shorter (they grant the account). */
const CONFIRMATION_LIFETIME_MS = 3 * 24 * 3600 * 1000;
const RESET_LIFETIME_MS = 6 * 3600 * 1000;

/** SPEC §3 User profile types offered by the profile screen. */
export const PROFILE_TYPES = [
  'Researcher', 'Curator', 'Developer', 'Data manager', 'Librarian', 'Publisher', 'Funder', 'Trainer', 'Student', 'Other',
] as const;

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

export interface ApiKeyAnswer {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

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

export interface AccountServiceDependencies {
  repository: AccountRepository;
  mailer: Mailer;
  limiter: AttemptLimiter;
  config: Pick<RegistryConfig, 'publicUrl' | 'siteName' | 'sessionLifetimeSeconds' | 'jwtSecret'>;
  signToken(claims: SessionClaims, expiresInSeconds: number): string;
  /** Mail failures are reported here (never with the mail's content: it holds tokens). */
  warn(message: string, error: unknown): void;
}

type Body = Record<string, unknown>;

/** Runs a shared form schema; every failing rule comes back under its field with its SPEC §5 message. */
async function validated<S extends AnyObjectSchema>(schema: S, input: Body, stripUnknown = true): Promise<InferType<S>> {
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

function takenError(fields: Iterable<'username' | 'email'>): DomainError {
  const fieldErrors: Record<string, string[]> = {};
  for (const field of fields) fieldErrors[field] = [field === 'username' ? ACCOUNT_TEXT.usernameTaken : ACCOUNT_TEXT.emailTaken];
  return invalidFieldsError(fieldErrors);
}

function accountAnswer(row: AccountRow): AccountAnswer {
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

function emptyToNull(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

/** The profile columns a form may change at once, from the validated form (a new e-mail waits for its link). */
function profileChanges(form: Record<string, string | undefined>): ProfileChanges {
  return {
    username: form.username,
    first_name: emptyToNull(form.first_name),
    last_name: emptyToNull(form.last_name),
    homepage: emptyToNull(form.homepage),
    orcid: emptyToNull(form.orcid),
    twitter: emptyToNull(form.twitter),
    mastodon: emptyToNull(form.mastodon),
    bluesky: emptyToNull(form.bluesky),
    profile_type: emptyToNull(form.profile_type),
  };
}

/** The editable profile of a row, as a form holds it (empty strings, not nulls). */
function profileForm(row: AccountRow): Record<string, string> {
  return {
    username: row.username, email: row.email ?? '', first_name: row.first_name ?? '', last_name: row.last_name ?? '',
    homepage: row.homepage ?? '', orcid: row.orcid ?? '', twitter: row.twitter ?? '', mastodon: row.mastodon ?? '',
    bluesky: row.bluesky ?? '', profile_type: row.profile_type ?? '',
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
}

/** The limiter's name for an account: its id, whichever login (username or e-mail) named it. */
const limitedAccount = (userId: number) => `user:${userId}`;

export function createAccountService(deps: AccountServiceDependencies) {
  const { repository, mailer, limiter, config } = deps;
  const hashApiKey = apiKeyHasher(config.jwtSecret);
  const mailContext = { publicUrl: config.publicUrl, siteName: config.siteName };

  /** Refuses unless the access module allows it; API keys get their own explanation. */
  function authorise(viewer: Viewer, action: Action, userId?: number): asserts viewer is Viewer & { userId: number } {
    if (viewer.userId === null) throw new DomainError(401, ACCOUNT_TEXT.needSignIn);
    if (can(viewer, action, { userId: userId ?? viewer.userId })) return;
    throw new DomainError(403, viewer.credential === 'api_key' ? ACCOUNT_TEXT.apiKeyReadOnly : ACCOUNT_TEXT.forbidden);
  }

  async function sendMail(mail: Mail): Promise<void> {
    try {
      await mailer.send(mail);
    } catch (error) {
      deps.warn('account mail not sent', error);
    }
  }

  async function issueSession(user: ViewerRow): Promise<SignInAnswer> {
    const sessionId = randomUUID();
    const lifetime = config.sessionLifetimeSeconds;
    const expiresAt = new Date(Date.now() + lifetime * 1000);
    await repository.createSession(sessionId, user.id, expiresAt);
    const viewer = viewerForUser(user, 'session');
    return {
      success: true,
      jwt: deps.signToken({ sub: String(user.id), sid: sessionId }, lifetime),
      expiry: Math.floor(expiresAt.getTime() / 1000),
      username: user.username,
      id: user.id,
      is_curator: viewer.isCurator,
      is_super_curator: viewer.isSuperCurator,
      role: user.role,
    };
  }

  async function sendConfirmation(user: Pick<CredentialRow, 'id' | 'username'>, email: string): Promise<void> {
    const token = randomToken();
    await repository.setConfirmationDigest(user.id, tokenDigest(token));
    await sendMail(confirmationMail(mailContext, email, user.username, token));
  }

  async function requireAccount(id: number): Promise<AccountRow> {
    const account = await repository.findAccount(id);
    if (!account) throw new DomainError(404, ACCOUNT_TEXT.userNotFound);
    return account;
  }

  /**
   * A new e-mail address takes effect only once the link mailed to it is followed (until then the
   * account keeps its confirmed address, which is told of the change). An address that already
   * has an account is not revealed: its owner is mailed instead, and the answer is the same.
   */
  async function requestEmailChange(account: Pick<AccountRow, 'id' | 'username' | 'email'>, newEmail: string): Promise<void> {
    const owner = await repository.findCredentialsByEmail(newEmail);
    if (owner && owner.id !== account.id) {
      await sendMail(addressInUseMail(mailContext, newEmail, owner.username));
      return;
    }
    const token = randomToken();
    await repository.setPendingEmail(account.id, newEmail, tokenDigest(token));
    await sendMail(emailChangeMail(mailContext, newEmail, account.username, token));
    if (account.email) await sendMail(emailChangeNoticeMail(mailContext, account.email, account.username, newEmail));
  }

  /** Applies a profile edit over the current values, with the shared rules and unique names; answers whether a new e-mail awaits its link. */
  async function ownAccountAnswer(userId: number): Promise<OwnAccountAnswer> {
    return { ...accountAnswer(await requireAccount(userId)), organisations: await repository.accountOrganisations(userId) };
  }

  /** Preferences and organisations of PUT /users; an unknown preference or organisation is refused (422). */
  async function validatedProfileSettings(input: Body): Promise<ProfileSettings> {
    // Unknown preference keys are refused, not stripped: a client's typo must not pass as saved.
    const settings = await validated(profileSettingsSchema, input, false);
    const unknown = settings.organisation_ids ? await repository.unknownOrganisationIds(settings.organisation_ids) : [];
    if (unknown.length > 0) throw invalidFieldsError({ organisation_ids: [PROFILE_SETTINGS_MESSAGES.unknownOrganisation(unknown)] });
    return settings;
  }

  async function editProfile(account: AccountRow, input: Body): Promise<boolean> {
    const form = await validated(profileFormSchema, { ...profileForm(account), ...input });
    const taken = await repository.takenFields(form.username, null, account.id);
    if (taken.size > 0) throw takenError(taken);
    try {
      await repository.updateProfile(account.id, profileChanges(form));
    } catch (error) {
      const field = takenField(error);
      if (field) throw takenError([field]);
      throw error;
    }
    if (sameAddress(form.email, account.email)) return false;
    await requestEmailChange(account, form.email);
    return true;
  }

  /**
   * Checks a password under the sign-in limits (a stolen session is no password oracle either):
   * a client backing off from the account is refused before the password is looked at.
   */
  async function passwordMatches(user: Pick<CredentialRow, 'id' | 'password_hash'> | undefined, login: string, password: string, ip: string): Promise<boolean> {
    const attempt = await limiter.beginSignIn(ip, user ? limitedAccount(user.id) : login);
    const matches = await verifyPassword(user?.password_hash ?? null, password);
    await (matches ? attempt.succeeded() : attempt.failed());
    return matches;
  }

  async function currentPasswordMatches(viewer: Viewer & { userId: number }, password: string, ip: string): Promise<boolean> {
    return passwordMatches(await repository.findCredentialsById(viewer.userId), '', password, ip);
  }

  /** A new password ends every session and API key of the account, and lifts every client's sign-in back-off. */
  async function replacePassword(userId: number, password: string): Promise<void> {
    await repository.setPassword(userId, await hashPassword(password));
    await limiter.clearSignInFailures(limitedAccount(userId));
  }

  async function changePasswordWithCurrent(viewer: Viewer & { userId: number }, input: Body, ip: string): Promise<string> {
    const form = await validated(passwordChangeFormSchema, input);
    if (!(await currentPasswordMatches(viewer, form.current_password, ip))) {
      throw invalidFieldsError({ current_password: [ACCOUNT_TEXT.currentPasswordInvalid] });
    }
    await replacePassword(viewer.userId, form.password);
    return ACCOUNT_TEXT.passwordChanged;
  }

  /** Every account matching q (`*` or empty: all), for super curators. */
  async function accountRows(viewer: Viewer, q = ''): Promise<AccountRow[]> {
    authorise(viewer, 'user.admin');
    const query = q.trim();
    return repository.listAccounts(query === '*' ? '' : query);
  }

  return {
    // --- sessions -------------------------------------------------------------------------
    async signIn(login: string, password: string, ip: string): Promise<SignInAnswer> {
      const user = login.trim() === '' ? undefined : await repository.findCredentialsByLogin(login);
      const matches = await passwordMatches(user, login, password, ip);
      if (!user || user.deleted_at !== null || !matches) throw new DomainError(401, ACCOUNT_TEXT.invalidLogin);
      if (user.deactivated) throw new DomainError(401, ACCOUNT_TEXT.deactivated);
      if (user.confirmed_at === null) throw new DomainError(401, ACCOUNT_TEXT.unconfirmed);
      return issueSession(user);
    },

    async signOut(sessionId: string): Promise<{ success: true; message: string }> {
      await repository.revokeSession(sessionId);
      return { success: true, message: ACCOUNT_TEXT.signedOut };
    },

    /** The viewer a session token stands for, or null when the session has ended. */
    async viewerForSession(claims: Partial<SessionClaims>): Promise<Viewer | null> {
      const userId = Number(claims.sub);
      const sessionId = claims.sid;
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sessionId !== 'string' || !/^[0-9a-f-]{36}$/.test(sessionId)) return null;
      const user = await repository.sessionViewer(sessionId, userId);
      return user && isUserRole(user.role) ? viewerForUser(user, 'session') : null;
    },

    async viewerForApiKey(key: string): Promise<Viewer | null> {
      if (!looksLikeApiKey(key)) return null;
      const user = await repository.apiKeyViewer(hashApiKey(key));
      return user && isUserRole(user.role) ? viewerForUser(user, 'api_key') : null;
    },

    /** GET /users/valid: the signed-in user, as sign-in answered, without a new token. */
    sessionAnswer(viewer: Viewer, expiresAt: number): Omit<SignInAnswer, 'jwt'> {
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
    },

    // --- sign-up and confirmation -------------------------------------------------------------
    /**
     * Usernames are public, so a taken one is said; a registered e-mail address is not: the
     * answer is a fresh sign-up's, and the address's owner is mailed instead.
     */
    async signUp(input: Body, ip: string): Promise<{ success: true; message: string }> {
      await limiter.hit('signUp', ip, text(input.email));
      const form = await validated(signUpFormSchema, input);
      const signedUp = { success: true, message: ACCOUNT_TEXT.signedUp } as const;
      // Hashed first, whatever follows, so a registered address answers no faster.
      const passwordHash = await hashPassword(form.password);
      const taken = await repository.takenFields(form.username, form.email);
      if (taken.has('username')) throw takenError(['username']);
      const tellOwner = async () => {
        const owner = await repository.findCredentialsByEmail(form.email);
        if (owner) await sendMail(addressInUseMail(mailContext, form.email, owner.username));
        return signedUp;
      };
      if (taken.has('email')) return tellOwner();
      let id: number;
      try {
        id = await repository.insertUser({ username: form.username, email: form.email, password_hash: passwordHash });
      } catch (error) {
        const field = takenField(error);
        if (field === 'email') return tellOwner();
        if (field) throw takenError([field]);
        throw error;
      }
      await sendConfirmation({ id, username: form.username }, form.email);
      return signedUp;
    },

    async confirm(token: string): Promise<{ success: true; message: string; already_confirmed?: true }> {
      const user = token === '' ? undefined : await repository.findCredentialsByConfirmationDigest(tokenDigest(token));
      if (!user || user.deleted_at !== null) throw new DomainError(422, ACCOUNT_TEXT.confirmationInvalid);
      const confirmsSomething = user.confirmed_at === null || user.unconfirmed_email !== null;
      // A link followed again (only its holder can): no account is discovered by saying so.
      if (!confirmsSomething) return { success: true, message: ACCOUNT_TEXT.alreadyConfirmed, already_confirmed: true };
      const sentAt = user.confirmation_sent_at?.getTime() ?? 0;
      if (Date.now() - sentAt > CONFIRMATION_LIFETIME_MS) {
        throw new DomainError(422, ACCOUNT_TEXT.confirmationExpired);
      }
      try {
        await repository.confirm(user.id);
      } catch (error) {
        // The new address found an account of its own while the link was on its way.
        if (takenField(error) === 'email') throw takenError(['email']);
        throw error;
      }
      return { success: true, message: ACCOUNT_TEXT.confirmed };
    },

    /** Answers alike whether or not the address has an account (no account discovery). */
    async resendConfirmation(input: Body, ip: string): Promise<{ success: true; message: string }> {
      const form = await validated(emailFormSchema, input);
      await limiter.hit('confirmationResend', ip, form.email);
      const user = await repository.findCredentialsByEmail(form.email);
      if (user && user.confirmed_at === null && user.deleted_at === null && !user.deactivated && user.email) {
        await sendConfirmation(user, user.email);
      }
      return { success: true, message: ACCOUNT_TEXT.confirmationSent };
    },

    // --- passwords ------------------------------------------------------------------------------
    async requestPasswordReset(input: Body, ip: string): Promise<{ success: true; message: string }> {
      const form = await validated(emailFormSchema, input);
      await limiter.hit('passwordReset', ip, form.email);
      const user = await repository.findCredentialsByEmail(form.email);
      if (user && user.deleted_at === null && !user.deactivated && user.email) {
        const token = randomToken();
        await repository.setResetDigest(user.id, tokenDigest(token));
        await sendMail(passwordResetMail(mailContext, user.email, user.username, token));
      }
      return { success: true, message: ACCOUNT_TEXT.resetSent };
    },

    /**
     * PUT /users/password: with the mailed reset token, or signed in with the current password.
     * Either way every session of the user ends; the reset token works once.
     */
    async resetPassword(viewer: Viewer, input: Body, ip: string): Promise<{ success: true; message: string }> {
      const token = text(input.reset_password_token);
      if (token === '' && viewer.userId !== null) {
        authorise(viewer, 'user.editOwn');
        return { success: true, message: await changePasswordWithCurrent(viewer, input, ip) };
      }
      const form = await validated(passwordResetFormSchema, input);
      const user = token === '' ? undefined : await repository.findCredentialsByResetDigest(tokenDigest(token));
      if (!user || user.deleted_at !== null || user.deactivated) throw invalidFieldsError({ reset_password_token: [ACCOUNT_TEXT.resetInvalid] });
      if (Date.now() - (user.reset_password_sent_at?.getTime() ?? 0) > RESET_LIFETIME_MS) {
        throw invalidFieldsError({ reset_password_token: [ACCOUNT_TEXT.resetExpired] });
      }
      await replacePassword(user.id, form.password);
      // The link came to their mailbox: that confirms that address too (not a new one waiting for its own link).
      if (user.confirmed_at === null) await repository.confirmCurrentEmail(user.id);
      return { success: true, message: ACCOUNT_TEXT.passwordChanged };
    },

    async checkPassword(viewer: Viewer, password: string, ip: string): Promise<{ success: boolean }> {
      authorise(viewer, 'user.editOwn');
      return { success: await currentPasswordMatches(viewer, password, ip) };
    },

    // --- own account ------------------------------------------------------------------------------
    /** GET /users/edit: the account's fields at the top level, as FAIRsharing's client reads them, and under `user`. */
    async ownAccount(viewer: Viewer): Promise<OwnAccountAnswer & { success: true; user: OwnAccountAnswer }> {
      authorise(viewer, 'user.viewPrivate');
      const user = await ownAccountAnswer(viewer.userId);
      return { ...user, success: true, user };
    },

    /**
     * PUT /users: profile fields; a new password (with the current one) ends every session and
     * API key; a new e-mail waits for the link mailed to it.
     */
    async updateOwnAccount(viewer: Viewer, input: Body, ip: string): Promise<{ success: true; message: string; user: AccountAnswer }> {
      authorise(viewer, 'user.editOwn');
      const account = await requireAccount(viewer.userId);
      const { current_password: _current, password, password_confirmation: _repeat, preferences, organisation_ids, ...profile } = input;
      const settings = await validatedProfileSettings({ preferences, organisation_ids });
      const emailChanges = typeof profile.email === 'string' && profile.email.trim().toLowerCase() !== (account.email ?? '').toLowerCase();
      // Every rule is checked before anything is written.
      const newPassword = password === undefined ? null : (await validated(passwordResetFormSchema, input)).password;
      if (emailChanges || newPassword !== null) {
        const credentials = await repository.findCredentialsById(viewer.userId);
        // Accounts made by ORCID or GitHub sign-in have no password to ask for.
        if (credentials?.password_hash && !(await currentPasswordMatches(viewer, text(input.current_password), ip))) {
          throw invalidFieldsError({ current_password: [ACCOUNT_TEXT.currentPasswordInvalid] });
        }
      }
      const emailPending = await editProfile(account, profile);
      await repository.saveProfileSettings(viewer.userId, { preferences: settings.preferences, organisationIds: settings.organisation_ids });
      if (newPassword !== null) await replacePassword(viewer.userId, newPassword);
      const message = newPassword !== null ? ACCOUNT_TEXT.passwordChanged : emailPending ? ACCOUNT_TEXT.emailChangePending : ACCOUNT_TEXT.updated;
      return { success: true, message, user: await ownAccountAnswer(viewer.userId) };
    },

    async deleteOwnAccount(viewer: Viewer): Promise<{ success: true; message: string }> {
      authorise(viewer, 'user.editOwn');
      await repository.deletePersonalData(viewer.userId);
      return { success: true, message: ACCOUNT_TEXT.deleted };
    },

    /** POST /users/orcid/sendEmail: an account made by ORCID sign-in without an e-mail gets one, once its link is followed. */
    async addMissingEmail(viewer: Viewer, input: Body): Promise<{ success: true; message: string }> {
      authorise(viewer, 'user.editOwn');
      const form = await validated(emailFormSchema, input);
      const account = await requireAccount(viewer.userId);
      if (account.email !== null) throw new DomainError(422, ACCOUNT_TEXT.emailAlreadySet);
      await requestEmailChange(account, form.email);
      return { success: true, message: ACCOUNT_TEXT.emailChangePending };
    },

    profileTypes(): readonly string[] {
      return PROFILE_TYPES;
    },

    // --- API keys -----------------------------------------------------------------------------------
    async createApiKey(viewer: Viewer, name: string): Promise<ApiKeyAnswer & { key: string }> {
      authorise(viewer, 'user.editOwn');
      const trimmed = name.trim();
      if (trimmed === '') throw invalidFieldsError({ name: ['Required'] });
      const key = newApiKey();
      const row = await repository.insertApiKey(viewer.userId, trimmed, hashApiKey(key));
      return { id: row.id, name: row.name, createdAt: new Date(row.created_at).toISOString(), lastUsedAt: null, key };
    },

    async listApiKeys(viewer: Viewer): Promise<ApiKeyAnswer[]> {
      authorise(viewer, 'user.viewPrivate');
      return (await repository.listApiKeys(viewer.userId)).map((row) => ({
        id: row.id,
        name: row.name,
        createdAt: new Date(row.created_at).toISOString(),
        lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
      }));
    },

    async revokeApiKey(viewer: Viewer, keyId: number): Promise<{ success: true; message: string }> {
      authorise(viewer, 'user.editOwn');
      if (!(await repository.revokeApiKey(viewer.userId, keyId))) throw new DomainError(404, ACCOUNT_TEXT.apiKeyNotFound);
      return { success: true, message: ACCOUNT_TEXT.deleted };
    },

    // --- profiles (GraphQL) ------------------------------------------------------------------------------
    /**
     * A user's profile row: with the e-mail for the user themself and super curators, public
     * columns for everyone else; deactivated users only for super curators, deleted ones never.
     */
    async profile(viewer: Viewer, id: number): Promise<AccountRow | PublicProfileRow | null> {
      const row = can(viewer, 'user.viewPrivate', { userId: id }) ? await repository.findAccount(id) : await repository.findPublicProfile(id);
      if (!row || (row.deactivated && !can(viewer, 'user.admin'))) return null;
      return row;
    },

    /** `allUsers(q)`: the same list as GET /user_admin, as rows for the GraphQL User type. */
    accountRows,

    // --- super curators ---------------------------------------------------------------------------------
    async listUsers(viewer: Viewer, q = ''): Promise<AccountAnswer[]> {
      return (await accountRows(viewer, q)).map(accountAnswer);
    },

    async userForAdmin(viewer: Viewer, id: number): Promise<{ success: true; user: AccountAnswer }> {
      authorise(viewer, 'user.admin');
      return { success: true, user: accountAnswer(await requireAccount(id)) };
    },

    /** PUT /user_admin/{id}: role, deactivation and the public profile. Role or activation changes end the user's sessions. */
    async updateUserAsAdmin(viewer: Viewer, id: number, input: Body): Promise<{ success: true; message: string; user: AccountAnswer }> {
      authorise(viewer, 'user.manage', id);
      const account = await requireAccount(id);
      const { role, deactivated, ...profile } = input;
      const ownersOnly = OWNER_SETTINGS.filter((key) => key in input);
      if (ownersOnly.length > 0) throw invalidFieldsError(Object.fromEntries(ownersOnly.map((key) => [key, [ACCOUNT_TEXT.ownerOnlySetting]])));
      if (role !== undefined && !isUserRole(role)) throw invalidFieldsError({ role: [`Role must be one of ${USER_ROLES.join(', ')}`] });
      if (deactivated !== undefined && typeof deactivated !== 'boolean') throw invalidFieldsError({ deactivated: ['Must be true or false'] });
      const profileKeys = Object.keys(profile).filter((key) => key in profileForm(account));
      if (profileKeys.length > 0) await editProfile(account, Object.fromEntries(profileKeys.map((key) => [key, profile[key]])));
      const changes: { role?: UserRole; deactivated?: boolean } = {};
      if (role !== undefined && role !== account.role) changes.role = role;
      if (deactivated !== undefined && deactivated !== account.deactivated) changes.deactivated = deactivated;
      if (Object.keys(changes).length > 0) await repository.setRoleAndActivation(id, changes);
      return { success: true, message: ACCOUNT_TEXT.updated, user: accountAnswer(await requireAccount(id)) };
    },

    async deleteUserAsAdmin(viewer: Viewer, id: number): Promise<{ success: true; message: string }> {
      authorise(viewer, 'user.manage', id);
      await requireAccount(id);
      await repository.deletePersonalData(id);
      return { success: true, message: ACCOUNT_TEXT.deleted };
    },

    userRoles(viewer: Viewer): readonly UserRole[] {
      authorise(viewer, 'user.admin');
      return USER_ROLES;
    },

    // --- third-party sign-in --------------------------------------------------------------------------------
    /**
     * The account of a person a provider vouches for: the one linked to that identity, else the
     * one whose confirmed e-mail is that verified address (then linked), else a new confirmed
     * account. An account whose address was never confirmed is never attached (whoever signed
     * it up may not own the address: account pre-hijacking); it gives the address up instead.
     */
    async signInWithIdentity(identity: ProviderIdentity): Promise<SignInAnswer & { needsEmail: boolean }> {
      let userId = await repository.userIdForIdentity(identity.provider, identity.subject);
      if (userId === undefined && identity.email) {
        const byEmail = await repository.findCredentialsByEmail(identity.email);
        if (byEmail && byEmail.deleted_at === null && byEmail.confirmed_at !== null) userId = byEmail.id;
        else if (byEmail && byEmail.confirmed_at === null) await repository.releaseUnconfirmedEmail(byEmail.id);
      }
      if (userId === undefined) {
        userId = await repository.insertUser({
          username: await freeUsername(identity.preferredUsername),
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
      return { ...(await issueSession(user)), needsEmail: user.email === null };
    },

    // --- operators (command line) ---------------------------------------------------------------------------
    /** An account made by an operator: same rules as sign-up, optionally confirmed at once, any role. */
    async addUserAsOperator(input: { username: string; email: string; password: string; role: UserRole; confirmed: boolean }): Promise<number> {
      const form = await validated(signUpFormSchema, { ...input, password_confirmation: input.password });
      const taken = await repository.takenFields(form.username, form.email);
      if (taken.size > 0) throw takenError(taken);
      const id = await repository.insertUser({
        username: form.username,
        email: form.email,
        password_hash: await hashPassword(form.password),
        role: input.role,
        confirmed_at: input.confirmed ? new Date() : null,
      });
      if (!input.confirmed) await sendConfirmation({ id, username: form.username }, form.email);
      return id;
    },

    async setRoleAsOperator(username: string, role: UserRole): Promise<void> {
      const id = await repository.findIdByUsername(username);
      if (id === undefined) throw new DomainError(404, ACCOUNT_TEXT.userNotFound);
      await repository.setRoleAndActivation(id, { role });
    },

    superCuratorExists: () => repository.superCuratorExists(),

    /** A session for an account without its password: the third-party callbacks' and tests' way in. */
    async sessionForUser(userId: number): Promise<SignInAnswer> {
      const user = await repository.findCredentialsById(userId);
      if (!user || user.deleted_at !== null) throw new DomainError(404, ACCOUNT_TEXT.userNotFound);
      return issueSession(user);
    },
  };

  async function freeUsername(wanted: string): Promise<string> {
    const base = wanted.replace(/[^\w.-]+/g, '').slice(0, 40) || 'user';
    for (let suffix = 0; ; suffix += 1) {
      const candidate = suffix === 0 ? base : `${base}${suffix}`;
      if (candidate.length >= 3 && (await repository.findIdByUsername(candidate)) === undefined) return candidate;
      if (suffix > 1000) return `${base}-${randomToken().slice(0, 8)}`;
    }
  }
}

export type AccountService = ReturnType<typeof createAccountService>;
