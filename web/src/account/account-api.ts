/**
 * The account calls of SPEC §7 (Users, Admin) as the screens use them, and the GraphQL
 * profile query. Bodies are the ones FAIRsharing clients send ({user: {...}}).
 */
import { graphqlQuery, rest, type RequestOptions, type RestAnswer } from '../api/client.ts';
import { DIGEST_PREFERENCE } from '@registry/schemas/forms/community.ts';
import { withFragments } from '@registry/schemas/search/client/graphql-literals.ts';
import type { ProfileRecordFragment, UserProfileFragment } from './account-api.generated.ts';

/** SPEC §4/§8: this exact sign-in failure offers to resend the confirmation mail. */
export const UNCONFIRMED_MESSAGE = 'You have to confirm your email address before continuing.';
export const PASSWORD_CHANGED_MESSAGE = 'Password change successful. Please log back in.';
export const UPDATE_SUCCESS_MESSAGE = 'Update successful !';
export const DELETE_SUCCESS_MESSAGE = 'Delete successful !';

/** What an account write answers (its route's response schema, through the generated types). */
export type AccountAnswer = RestAnswer<'/users/password', 'post'>;

/** A user as the account calls answer (snake_case, as the REST API writes it). */
export type AccountUser = RestAnswer<'/users/edit', 'get'>['user'];

export const signIn = (login: string, password: string) => rest('post', '/users/sign_in', { body: { user: { login, password } }, withToken: false });
export const signOut = () => rest('delete', '/users/sign_out');
export const validateToken = (options?: RequestOptions) => rest('get', '/users/valid', options);

export const signUp = (user: { username: string; email: string; password: string; password_confirmation: string }) =>
  rest('post', '/users', { body: { user }, withToken: false });
export const confirmAccount = (token: string) =>
  rest('get', '/users/confirmation', { query: { confirmation_token: token }, withToken: false });
export const resendConfirmation = (email: string) => rest('post', '/users/confirmation', { body: { user: { email } }, withToken: false });
export const requestPasswordReset = (email: string) => rest('post', '/users/password', { body: { user: { email } }, withToken: false });
export const resetPassword = (user: { reset_password_token: string; password: string; password_confirmation: string }) =>
  rest('put', '/users/password', { body: { user }, withToken: false });
export const addMissingEmail = (email: string) => rest('post', '/users/orcid/sendEmail', { body: { user: { email } } });

export async function loadOwnAccount(): Promise<AccountUser> {
  return (await rest('get', '/users/edit')).user;
}
export const updateOwnAccount = (user: Record<string, unknown>) => rest('put', '/users', { body: { user } });

/** Whether the account gets the hourly mails about changes to the records it watches or maintains (on unless turned off). */
export function changeMailsEnabled(account: AccountUser): boolean {
  return account.preferences?.[DIGEST_PREFERENCE] !== false;
}
export const setChangeMails = (enabled: boolean) =>
  rest('put', '/users/notification_preferences', { body: { [DIGEST_PREFERENCE]: enabled } });
export const deleteOwnAccount = () => rest('delete', '/users');

export const loadProfileTypes = () => rest('get', '/users/profile_types');

export type ApiKey = RestAnswer<'/users/api_keys', 'get'>[number];
/** A new key: the secret is in this answer only. */
export type CreatedApiKey = RestAnswer<'/users/api_keys', 'post'>;

export const listApiKeys = () => rest('get', '/users/api_keys');
export const createApiKey = (name: string) => rest('post', '/users/api_keys', { body: { api_key: { name } } });
export const revokeApiKey = (id: number) => rest('delete', '/users/api_keys/{id}', { path: { id } });

/** Which third-party sign-ins the server has credentials for; the buttons stay hidden otherwise. */
export type SignInProviders = RestAnswer<'/users/auth/providers', 'get'>;

/** POST /users/auth/identify_user: the site's sign-in methods and the one to offer first for a login (never says whether it exists). */
export const identifyUser = (login: string) => rest('post', '/users/auth/identify_user', { body: { user: { login } }, withToken: false });

export async function loadSignInProviders(): Promise<SignInProviders> {
  try {
    return await rest('get', '/users/auth/providers', { withToken: false });
  } catch {
    return { orcid: false, github: false };
  }
}

// Super curators (SPEC §7 Admin).
export const listUsers = () => rest('get', '/user_admin');
export async function loadUserAsAdmin(id: number): Promise<AccountUser> {
  return (await rest('get', '/user_admin/{id}', { path: { id } })).user;
}
export const updateUserAsAdmin = (id: number, user: Record<string, unknown>) => rest('put', '/user_admin/{id}', { path: { id }, body: { user } });
export const deleteUserAsAdmin = (id: number) => rest('delete', '/user_admin/{id}', { path: { id } });
export const loadUserRoles = () => rest('get', '/user_roles');

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
