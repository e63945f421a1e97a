/**
 * Every SQL statement about accounts, including the only reads of secrets (password hashes,
 * token digests, API-key hashes). Users are always read with explicit column lists.
 */
import type { Knex } from 'knex';
import { activeUsersOnly, PUBLIC_USER_COLUMNS, type UserRole } from '@registry/schemas';
import type { Database } from '@registry/platform';

/** The public columns of a user (`PUBLIC_USER_COLUMNS`); private fields are read by the accounts code. */
export interface UserRow {
  id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
  homepage: string | null;
  orcid: string | null;
  twitter: string | null;
  mastodon: string | null;
  bluesky: string | null;
  third_party: boolean;
  awards: string[];
  role: UserRole;
  deactivated: boolean;
}

/** What a user may see and edit of their own account (and super curators of anyone's). */
export const ACCOUNT_COLUMNS = [
  ...PUBLIC_USER_COLUMNS, 'email', 'unconfirmed_email', 'profile_type', 'preferences', 'is_curator', 'is_super_curator', 'confirmed_at', 'created_at',
] as const;

/** A user row as the accounts code reads it: the public columns plus the private ones. */
export interface AccountRow extends UserRow {
  email: string | null;
  /** A new address waiting for its confirmation link to be followed; `email` stays the confirmed one. */
  unconfirmed_email: string | null;
  profile_type: string | null;
  preferences: Record<string, unknown>;
  is_curator: boolean;
  is_super_curator: boolean;
  confirmed_at: Date | null;
  created_at: Date;
}

/** The fields the sign-in and token checks need, secrets included. */
export interface CredentialRow {
  id: number;
  username: string;
  email: string | null;
  unconfirmed_email: string | null;
  role: UserRole;
  password_hash: string | null;
  confirmed_at: Date | null;
  deactivated: boolean;
  deleted_at: Date | null;
  confirmation_sent_at: Date | null;
  reset_password_sent_at: Date | null;
}

const CREDENTIAL_COLUMNS = [
  'id', 'username', 'email', 'unconfirmed_email', 'role', 'password_hash', 'confirmed_at', 'deactivated', 'deleted_at',
  'confirmation_sent_at', 'reset_password_sent_at',
] as const;

export interface ViewerRow {
  id: number;
  username: string;
  role: UserRole;
}

export interface NewUser {
  username: string;
  email: string | null;
  password_hash: string | null;
  role?: UserRole;
  confirmed_at?: Date | null;
  confirmation_token?: string | null;
  confirmation_sent_at?: Date | null;
  third_party?: boolean;
  orcid?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

export type ProfileChanges = Partial<Pick<AccountRow,
  'username' | 'email' | 'first_name' | 'last_name' | 'homepage' | 'orcid' | 'twitter' | 'mastodon' | 'bluesky' | 'profile_type'
>>;

export interface AccountOrganisation {
  id: number;
  name: string;
}

export interface ApiKeyRow {
  id: number;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** Postgres' unique-violation code, and the indexes that make a username or e-mail taken. */
const UNIQUE_VIOLATION = '23505';

export function takenField(error: unknown): 'username' | 'email' | null {
  const pgError = error as { code?: string; constraint?: string };
  if (pgError?.code !== UNIQUE_VIOLATION) return null;
  if (pgError.constraint === 'users_lower_username_key') return 'username';
  if (pgError.constraint === 'users_lower_email_key') return 'email';
  return null;
}

/** API keys' last use is written at most this often, so reads by key stay reads. */
const API_KEY_TOUCH_INTERVAL = "interval '10 minutes'";

export function createAccountRepository(db: Database) {
  const users = () => db('users');
  const credentials = () => users().select(CREDENTIAL_COLUMNS);

  return {
    // --- sign-in and tokens ---------------------------------------------------------------
    findCredentialsByLogin(login: string): Promise<CredentialRow | undefined> {
      const normalised = login.trim().toLowerCase();
      return credentials()
        .whereRaw('lower(username) = ?', [normalised])
        .orWhereRaw('lower(email) = ?', [normalised])
        .orderByRaw('lower(username) = ? DESC', [normalised])
        .first();
    },
    findCredentialsById(id: number): Promise<CredentialRow | undefined> {
      return credentials().where({ id }).first();
    },
    findCredentialsByEmail(email: string): Promise<CredentialRow | undefined> {
      return credentials().whereRaw('lower(email) = ?', [email.trim().toLowerCase()]).first();
    },
    findCredentialsByConfirmationDigest(digest: string): Promise<CredentialRow | undefined> {
      return credentials().where({ confirmation_token: digest }).first();
    },
    findCredentialsByResetDigest(digest: string): Promise<CredentialRow | undefined> {
      return credentials().where({ reset_password_token: digest }).first();
    },

    async insertUser(user: NewUser): Promise<number> {
      const [row] = await users().insert(user).returning('id');
      return row.id as number;
    },
    /**
     * Following a confirmation link confirms the account and makes a waiting new address its
     * e-mail. The token's digest stays (until a newer link replaces it), so following the link
     * again can say the account is already confirmed instead of calling the link invalid.
     */
    async confirm(id: number): Promise<void> {
      await users().where({ id }).update({
        email: db.raw('coalesce(unconfirmed_email, email)'), unconfirmed_email: null,
        confirmed_at: db.fn.now(), updated_at: db.fn.now(),
      });
    },
    /** The account's current address proved reachable (a reset link followed); a waiting new one still needs its own link. */
    async confirmCurrentEmail(id: number): Promise<void> {
      await users().where({ id }).whereNull('confirmed_at').update({ confirmed_at: db.fn.now(), updated_at: db.fn.now() });
    },
    /** A new address waits for its link; a newer request replaces an older one (and its token). */
    async setPendingEmail(id: number, email: string, digest: string): Promise<void> {
      await users().where({ id }).update({ unconfirmed_email: email, confirmation_token: digest, confirmation_sent_at: db.fn.now() });
    },
    /** An account that never confirmed its address gives it up to someone a provider vouches for. */
    async releaseUnconfirmedEmail(id: number): Promise<void> {
      await users().where({ id }).whereNull('confirmed_at').update({ email: null, confirmation_token: null, updated_at: db.fn.now() });
    },
    async setConfirmationDigest(id: number, digest: string): Promise<void> {
      await users().where({ id }).update({ confirmation_token: digest, confirmation_sent_at: db.fn.now() });
    },
    async setResetDigest(id: number, digest: string): Promise<void> {
      await users().where({ id }).update({ reset_password_token: digest, reset_password_sent_at: db.fn.now() });
    },
    /**
     * A new password ends every session and API key of the user and uses up any reset token:
     * whoever knew the old password may have made either.
     */
    async setPassword(id: number, passwordHash: string): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('users').where({ id }).update({
          password_hash: passwordHash, reset_password_token: null, reset_password_sent_at: null, updated_at: trx.fn.now(),
        });
        await revokeSessions(trx, id);
        await trx('api_keys').where({ user_id: id }).whereNull('revoked_at').update({ revoked_at: trx.fn.now() });
      });
    },

    // --- sessions -------------------------------------------------------------------------
    /** Starts a session; the user's ended ones go at the same time, so the table holds live sessions only. */
    async createSession(id: string, userId: number, expiresAt: Date): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('user_sessions').where({ user_id: userId }).where((ended) => ended.whereNotNull('revoked_at').orWhere('expires_at', '<=', trx.fn.now())).delete();
        await trx('user_sessions').insert({ id, user_id: userId, expires_at: expiresAt });
      });
    },
    /** The viewer of a live session: not revoked, not expired, its user active. One query per request. */
    sessionViewer(sessionId: string, userId: number): Promise<ViewerRow | undefined> {
      return db('user_sessions as s')
        .join('users', 'users.id', 's.user_id')
        .select('users.id', 'users.username', 'users.role')
        .where({ 's.id': sessionId, 's.user_id': userId })
        .whereNull('s.revoked_at')
        .where('s.expires_at', '>', db.fn.now())
        .whereNull('users.deleted_at')
        .modify(activeUsersOnly('users'))
        .first();
    },
    async revokeSession(sessionId: string): Promise<void> {
      await db('user_sessions').where({ id: sessionId }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
    },
    revokeSessionsOfUser(userId: number): Promise<void> {
      return revokeSessions(db, userId);
    },

    // --- own account ----------------------------------------------------------------------
    /** A profile anyone may read: public columns, never a deleted account. */
    findPublicProfile(id: number): Promise<UserRow | undefined> {
      return users().select(PUBLIC_USER_COLUMNS).where({ id }).whereNull('deleted_at').first();
    },
    findAccount(id: number): Promise<AccountRow | undefined> {
      return users().select(ACCOUNT_COLUMNS).where({ id }).whereNull('deleted_at').first();
    },
    async updateProfile(id: number, changes: ProfileChanges): Promise<void> {
      await users().where({ id }).update({ ...changes, updated_at: db.fn.now() });
    },
    /** The organisations a user says they belong to, by name. */
    accountOrganisations(userId: number): Promise<AccountOrganisation[]> {
      return db('user_organisations')
        .join('organisations', 'organisations.id', 'user_organisations.organisation_id')
        .where('user_organisations.user_id', userId)
        .orderBy('organisations.name')
        .select('organisations.id', 'organisations.name');
    },
    async unknownOrganisationIds(ids: readonly number[]): Promise<number[]> {
      const known = new Set(((await db('organisations').whereIn('id', ids).select('id')) as { id: number }[]).map((row) => row.id));
      return ids.filter((id) => !known.has(id));
    },
    /** Preferences are merged into the stored ones; the organisation list replaces the user's. One transaction. */
    async saveProfileSettings(userId: number, settings: { preferences?: Record<string, boolean>; organisationIds?: readonly number[] }): Promise<void> {
      await db.transaction(async (trx) => {
        if (settings.preferences && Object.keys(settings.preferences).length > 0) {
          await trx('users').where({ id: userId }).update({ preferences: trx.raw('preferences || ?::jsonb', [JSON.stringify(settings.preferences)]), updated_at: trx.fn.now() });
        }
        if (settings.organisationIds) {
          await trx('user_organisations').where({ user_id: userId }).whereNotIn('organisation_id', settings.organisationIds).delete();
          if (settings.organisationIds.length > 0) {
            await trx('user_organisations')
              .insert(settings.organisationIds.map((organisation_id) => ({ user_id: userId, organisation_id })))
              .onConflict(['user_id', 'organisation_id'])
              .ignore();
          }
        }
      });
    },
    /**
     * Deleting an account removes the person, not the history: the row stays so the records they
     * created or edited keep an editor, named "deleted user", and everything personal goes.
     */
    async deletePersonalData(id: number): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('users').where({ id }).update({
          username: `deleted user ${id}`, email: null, unconfirmed_email: null, password_hash: null, first_name: null, last_name: null,
          homepage: null, orcid: null, twitter: null, mastodon: null, bluesky: null, awards: [], profile_type: null,
          preferences: {}, confirmation_token: null, reset_password_token: null, role: 'user',
          deleted_at: trx.fn.now(), updated_at: trx.fn.now(),
        });
        for (const table of ['user_sessions', 'api_keys', 'user_identities', 'user_organisations', 'record_watchers', 'saved_search_users']) {
          await trx(table).where({ user_id: id }).delete();
        }
      });
    },

    // --- availability -----------------------------------------------------------------------
    async takenFields(username: string | null, email: string | null, exceptId: number | null = null): Promise<Set<'username' | 'email'>> {
      const taken = new Set<'username' | 'email'>();
      const others = () => users().modify((query) => { if (exceptId !== null) query.whereNot({ id: exceptId }); });
      if (username !== null && (await others().whereRaw('lower(username) = ?', [username.toLowerCase()]).first('id'))) taken.add('username');
      if (email !== null && (await others().whereRaw('lower(email) = ?', [email.toLowerCase()]).first('id'))) taken.add('email');
      return taken;
    },

    // --- API keys -----------------------------------------------------------------------------
    async insertApiKey(userId: number, name: string, keyHash: string): Promise<ApiKeyRow> {
      const [row] = await db('api_keys').insert({ user_id: userId, name, key_hash: keyHash }).returning(['id', 'name', 'created_at', 'last_used_at']);
      return row as ApiKeyRow;
    },
    listApiKeys(userId: number): Promise<ApiKeyRow[]> {
      return db('api_keys').select('id', 'name', 'created_at', 'last_used_at').where({ user_id: userId }).whereNull('revoked_at').orderBy('id');
    },
    async revokeApiKey(userId: number, keyId: number): Promise<boolean> {
      const changed = await db('api_keys').where({ id: keyId, user_id: userId }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
      return changed > 0;
    },
    /** Whether a key that no longer stands for anyone was revoked (by its user, or with every key at a password change). */
    async apiKeyWasRevoked(keyHash: string): Promise<boolean> {
      return (await db('api_keys').where('key_hash', keyHash).whereNotNull('revoked_at').first('id')) !== undefined;
    },
    async apiKeyViewer(keyHash: string): Promise<ViewerRow | undefined> {
      const row: (ViewerRow & { key_id: number; stale: boolean }) | undefined = await db('api_keys as k')
        .join('users', 'users.id', 'k.user_id')
        .select('users.id', 'users.username', 'users.role', 'k.id as key_id',
          db.raw(`(k.last_used_at IS NULL OR k.last_used_at < now() - ${API_KEY_TOUCH_INTERVAL}) AS stale`))
        .where('k.key_hash', keyHash)
        .whereNull('k.revoked_at')
        .whereNull('users.deleted_at')
        .modify(activeUsersOnly('users'))
        .first();
      if (!row) return undefined;
      if (row.stale) await db('api_keys').where({ id: row.key_id }).update({ last_used_at: db.fn.now() });
      return { id: row.id, username: row.username, role: row.role };
    },

    // --- super curators -------------------------------------------------------------------------
    listAccounts(text: string): Promise<AccountRow[]> {
      const query = users().select(ACCOUNT_COLUMNS).whereNull('deleted_at').orderBy('username').limit(10_000);
      if (text !== '') {
        const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
        query.where((match) => match.whereRaw('lower(username) like ?', [pattern]).orWhereRaw('lower(email) like ?', [pattern]));
      }
      return query;
    },
    /** A role or activation change ends the user's sessions, so no token outlives the old rights. */
    async setRoleAndActivation(id: number, changes: { role?: UserRole; deactivated?: boolean }): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('users').where({ id }).update({ ...changes, updated_at: trx.fn.now() });
        await revokeSessions(trx, id);
      });
    },
    async superCuratorExists(): Promise<boolean> {
      return (await users().where({ role: 'super_curator' }).whereNull('deleted_at').modify(activeUsersOnly()).first('id')) !== undefined;
    },
    async findIdByUsername(username: string): Promise<number | undefined> {
      const row = await users().whereRaw('lower(username) = ?', [username.toLowerCase()]).whereNull('deleted_at').first('id');
      return row?.id;
    },

    // --- third-party identities -------------------------------------------------------------------
    async userIdForIdentity(provider: string, subject: string): Promise<number | undefined> {
      const row = await db('user_identities').where({ provider, subject }).first('user_id');
      return row?.user_id;
    },
    async linkIdentity(userId: number, provider: string, subject: string): Promise<void> {
      await db('user_identities').insert({ user_id: userId, provider, subject }).onConflict(['provider', 'subject']).ignore();
    },
  };
}

async function revokeSessions(db: Knex, userId: number): Promise<void> {
  await db('user_sessions').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
