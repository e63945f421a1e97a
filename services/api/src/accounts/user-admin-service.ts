/** Administration of users: the super curators' list and edits, and the operators' command-line accounts. */
import { isUserRole, signUpFormSchema, USER_ROLES, type UserRole, type Viewer } from '@registry/schemas';
import { DomainError, invalidFieldsError } from '../domain-errors.ts';
import { ACCOUNT_TEXT } from './account-errors.ts';
import type { AccountRow } from './account-repository.ts';
import {
  accountAnswer, authorise, requireAccount, takenError, validated, type AccountAnswer, type AccountDependencies, type Body, type Done,
} from './account-actions.ts';
import { editProfile, profileForm } from './profile-service.ts';
import { sendConfirmation } from './sign-up-service.ts';
import { hashPassword } from './secrets.ts';

/** Settings only the account's owner changes (PUT /users), never a super curator's user edit. */
const OWNER_SETTINGS = ['preferences', 'organisation_ids'] as const;

/** Every account matching q (`*` or empty: all), for super curators; `allUsers(q)` reads these rows for the GraphQL User type. */
export async function accountRows(deps: AccountDependencies, viewer: Viewer, q = ''): Promise<AccountRow[]> {
  authorise(viewer, 'user.admin');
  const query = q.trim();
  return deps.repository.listAccounts(query === '*' ? '' : query);
}

/** GET /user_admin: the same list as `accountRows`, as the REST API writes users. */
export async function listUsers(deps: AccountDependencies, viewer: Viewer, q = ''): Promise<AccountAnswer[]> {
  return (await accountRows(deps, viewer, q)).map(accountAnswer);
}

export async function userForAdmin(deps: AccountDependencies, viewer: Viewer, id: number): Promise<{ success: true; user: AccountAnswer }> {
  authorise(viewer, 'user.admin');
  return { success: true, user: accountAnswer(await requireAccount(deps, id)) };
}

/** PUT /user_admin/{id}: role, deactivation and the public profile. Role or activation changes end the user's sessions. */
export async function updateUserAsAdmin(deps: AccountDependencies, viewer: Viewer, id: number, input: Body): Promise<Done & { user: AccountAnswer }> {
  authorise(viewer, 'user.manage', id);
  const account = await requireAccount(deps, id);
  const { role, deactivated, ...profile } = input;
  const ownersOnly = OWNER_SETTINGS.filter((key) => key in input);
  if (ownersOnly.length > 0) throw invalidFieldsError(Object.fromEntries(ownersOnly.map((key) => [key, [ACCOUNT_TEXT.ownerOnlySetting]])));
  if (role !== undefined && !isUserRole(role)) throw invalidFieldsError({ role: [`Role must be one of ${USER_ROLES.join(', ')}`] });
  if (deactivated !== undefined && typeof deactivated !== 'boolean') throw invalidFieldsError({ deactivated: ['Must be true or false'] });
  const profileKeys = Object.keys(profile).filter((key) => key in profileForm(account));
  if (profileKeys.length > 0) await editProfile(deps, account, Object.fromEntries(profileKeys.map((key) => [key, profile[key]])));
  const changes: { role?: UserRole; deactivated?: boolean } = {};
  if (role !== undefined && role !== account.role) changes.role = role;
  if (deactivated !== undefined && deactivated !== account.deactivated) changes.deactivated = deactivated;
  if (Object.keys(changes).length > 0) await deps.repository.setRoleAndActivation(id, changes);
  return { success: true, message: ACCOUNT_TEXT.updated, user: accountAnswer(await requireAccount(deps, id)) };
}

export async function deleteUserAsAdmin(deps: AccountDependencies, viewer: Viewer, id: number): Promise<Done> {
  authorise(viewer, 'user.manage', id);
  await requireAccount(deps, id);
  await deps.repository.deletePersonalData(id);
  return { success: true, message: ACCOUNT_TEXT.deleted };
}

export function userRoles(viewer: Viewer): readonly UserRole[] {
  authorise(viewer, 'user.admin');
  return USER_ROLES;
}

/** An account made by an operator: same rules as sign-up, optionally confirmed at once, any role. */
export async function addUserAsOperator(
  deps: AccountDependencies, input: { username: string; email: string; password: string; role: UserRole; confirmed: boolean },
): Promise<number> {
  const form = await validated(signUpFormSchema, { ...input, password_confirmation: input.password });
  const taken = await deps.repository.takenFields(form.username, form.email);
  if (taken.size > 0) throw takenError(taken);
  const id = await deps.repository.insertUser({
    username: form.username,
    email: form.email,
    password_hash: await hashPassword(form.password),
    role: input.role,
    confirmed_at: input.confirmed ? new Date() : null,
  });
  if (!input.confirmed) await sendConfirmation(deps, { id, username: form.username }, form.email);
  return id;
}

export async function setRoleAsOperator(deps: AccountDependencies, username: string, role: UserRole): Promise<void> {
  const id = await deps.repository.findIdByUsername(username);
  if (id === undefined) throw new DomainError(404, ACCOUNT_TEXT.userNotFound);
  await deps.repository.setRoleAndActivation(id, { role });
}

export function superCuratorExists(deps: AccountDependencies): Promise<boolean> {
  return deps.repository.superCuratorExists();
}
