/**
 * The account calls of SPEC §7 (Users, Admin) as the screens use them, and the GraphQL
 * profile query. Bodies are the ones FAIRsharing clients send ({user: {...}}).
 */
import { graphqlQuery, restDelete, restGet, restPost, restPut, type RequestOptions } from '../api/client.ts';
import { DIGEST_PREFERENCE } from '@registry/schemas/forms/community.ts';
import type { SignInAnswer } from '../state/sessionSlice.ts';
import { withFragments } from '@registry/schemas/search/client/graphql-literals.ts';
import type { ProfileRecordFragment, UserProfileFragment } from './account-api.generated.ts';

/** SPEC §4/§8: this exact sign-in failure offers to resend the confirmation mail. */
export const UNCONFIRMED_MESSAGE = 'You have to confirm your email address before continuing.';
export const PASSWORD_CHANGED_MESSAGE = 'Password change successful. Please log back in.';
export const UPDATE_SUCCESS_MESSAGE = 'Update successful !';
export const DELETE_SUCCESS_MESSAGE = 'Delete successful !';

export interface AccountAnswer {
  success?: boolean;
  message?: string;
}

/** A user as the account calls answer (snake_case, as the REST API writes it). */
export interface AccountUser {
  id: number;
  username: string;
  email?: string | null;
  /** A new address waiting for the link mailed to it; `email` stays the confirmed one until then. */
  unconfirmed_email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  homepage?: string | null;
  orcid?: string | null;
  twitter?: string | null;
  mastodon?: string | null;
  bluesky?: string | null;
  third_party?: boolean;
  awards?: string[] | null;
  role?: string | null;
  profile_type?: string | null;
  preferences?: Record<string, unknown> | null;
  /** Own account only: the organisations the user belongs to. */
  organisations?: { id: number; name: string }[];
  deactivated?: boolean;
  is_curator?: boolean;
  is_super_curator?: boolean;
}

export const signIn = (login: string, password: string) => restPost<SignInAnswer>('/users/sign_in', { user: { login, password } }, { withToken: false });
export const signOut = () => restDelete<AccountAnswer>('/users/sign_out');
export const validateToken = (options?: RequestOptions) => restGet<SignInAnswer>('/users/valid', options);

export const signUp = (user: { username: string; email: string; password: string; password_confirmation: string }) =>
  restPost<AccountAnswer>('/users', { user }, { withToken: false });
export const confirmAccount = (token: string) =>
  restGet<AccountAnswer>(`/users/confirmation?confirmation_token=${encodeURIComponent(token)}`, { withToken: false });
export const resendConfirmation = (email: string) => restPost<AccountAnswer>('/users/confirmation', { user: { email } }, { withToken: false });
export const requestPasswordReset = (email: string) => restPost<AccountAnswer>('/users/password', { user: { email } }, { withToken: false });
export const resetPassword = (user: { reset_password_token: string; password: string; password_confirmation: string }) =>
  restPut<AccountAnswer>('/users/password', { user }, { withToken: false });
export const addMissingEmail = (email: string) => restPost<AccountAnswer>('/users/orcid/sendEmail', { user: { email } });

export async function loadOwnAccount(): Promise<AccountUser> {
  return (await restGet<{ user: AccountUser }>('/users/edit')).user;
}
export const updateOwnAccount = (user: Record<string, unknown>) => restPut<AccountAnswer>('/users', { user });

/** Whether the account gets the hourly mails about changes to the records it watches or maintains (on unless turned off). */
export function changeMailsEnabled(account: AccountUser): boolean {
  return account.preferences?.[DIGEST_PREFERENCE] !== false;
}
export const setChangeMails = (enabled: boolean) =>
  restPut<{ message: string; record_change_mails: boolean }>('/users/notification_preferences', { [DIGEST_PREFERENCE]: enabled });
export const deleteOwnAccount = () => restDelete<AccountAnswer>('/users');

export const loadProfileTypes = () => restGet<string[]>('/users/profile_types');

export interface ApiKey {
  id: number;
  name: string;
  createdAt?: string | null;
  lastUsedAt?: string | null;
}

/** A new key: the secret is in this answer only. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}

export const API_KEYS_PATH = '/users/api_keys';
export const listApiKeys = () => restGet<ApiKey[]>(API_KEYS_PATH);
export const createApiKey = (name: string) => restPost<CreatedApiKey>(API_KEYS_PATH, { api_key: { name } });
export const revokeApiKey = (id: number) => restDelete<AccountAnswer>(`${API_KEYS_PATH}/${id}`);

/** Which third-party sign-ins the server has credentials for; the buttons stay hidden otherwise. */
export interface SignInProviders {
  orcid: boolean;
  github: boolean;
}

/** POST /users/auth/identify_user: the site's sign-in methods and the one to offer first for a login (never says whether it exists). */
export interface SignInMethods {
  methods: string[];
  suggested: string;
}
export const identifyUser = (login: string) => restPost<SignInMethods>('/users/auth/identify_user', { user: { login } }, { withToken: false });

export async function loadSignInProviders(): Promise<SignInProviders> {
  try {
    const answer = await restGet<Partial<SignInProviders>>('/users/auth/providers', { withToken: false });
    return { orcid: !!answer.orcid, github: !!answer.github };
  } catch {
    return { orcid: false, github: false };
  }
}

// Super curators (SPEC §7 Admin).
export const listUsers = () => restGet<AccountUser[]>('/user_admin/');
export async function loadUserAsAdmin(id: number): Promise<AccountUser> {
  return (await restGet<{ user: AccountUser }>(`/user_admin/${id}`)).user;
}
export const updateUserAsAdmin = (id: number, user: Record<string, unknown>) => restPut<AccountAnswer>(`/user_admin/${id}`, { user });
export const deleteUserAsAdmin = (id: number) => restDelete<AccountAnswer>(`/user_admin/${id}`);
export const loadUserRoles = () => restGet<string[]>('/user_roles');

// GraphQL profile (SPEC §3 User; fields as FAIRsharing's client asks for them). The answer types are
// generated from these fragments and the API's schema (`npm run codegen`: account-api.generated.ts);
// the query sends them with it.
export const PROFILE_RECORD_FRAGMENT = /* GraphQL */ `
  fragment ProfileRecord on FairsharingRecord { id type name doi registry isApproved }
`;

export const USER_PROFILE_FRAGMENT = /* GraphQL */ `
  fragment UserProfile on User {
    id username email firstName lastName homepage orcid twitter mastodon bluesky thirdParty awards role
    organisations{id name homepage organisationTypes{name}}
    watchedRecords{...ProfileRecord} createdRecords{...ProfileRecord} maintainedRecords{...ProfileRecord}
    maintenanceRequests{createdAt status fairsharingRecord{...ProfileRecord}}
    editEvents{id createdAt description fairsharingRecord{id name type}}
  }
`;

export type RecordSummary = ProfileRecordFragment;
export type UserProfile = UserProfileFragment;

export function userProfileQuery(id: number): string {
  return withFragments(`{user(id:${id}){...UserProfile}}`, USER_PROFILE_FRAGMENT, PROFILE_RECORD_FRAGMENT);
}

export async function loadUserProfile(id: number): Promise<UserProfile> {
  const data = await graphqlQuery<{ user: UserProfile | null }>(userProfileQuery(id));
  if (!data.user) throw new Error('User not found');
  return data.user;
}
