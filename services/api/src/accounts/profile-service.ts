/** The own account (read, edit, new e-mail, deletion) and users' profiles as others see them. */
import { can, emailFormSchema, passwordResetFormSchema, profileFormSchema, type Viewer } from '@registry/schemas';
import { PROFILE_SETTINGS_MESSAGES, profileSettingsSchema, type ProfileSettings } from '@registry/schemas/forms/profile-settings.ts';
import { DomainError, invalidFieldsError } from '../domain-errors.ts';
import { ACCOUNT_TEXT } from './account-errors.ts';
import { takenField, type AccountRow, type ProfileChanges, type UserRow } from './account-repository.ts';
import {
  accountAnswer, authorise, mailContextOf, requireAccount, sendMail, takenError, text, validated,
  type AccountAnswer, type AccountDependencies, type Body, type Done, type OwnAccountAnswer,
} from './account-actions.ts';
import { addressInUseMail, emailChangeMail, emailChangeNoticeMail } from './mailer.ts';
import { currentPasswordMatches, replacePassword } from './password-service.ts';
import { randomToken, tokenDigest } from './secrets.ts';

/** SPEC §3 User profile types offered by the profile screen. */
const PROFILE_TYPES = [
  'Researcher', 'Curator', 'Developer', 'Data manager', 'Librarian', 'Publisher', 'Funder', 'Trainer', 'Student', 'Other',
] as const;

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
export function profileForm(row: AccountRow): Record<string, string> {
  return {
    username: row.username, email: row.email ?? '', first_name: row.first_name ?? '', last_name: row.last_name ?? '',
    homepage: row.homepage ?? '', orcid: row.orcid ?? '', twitter: row.twitter ?? '', mastodon: row.mastodon ?? '',
    bluesky: row.bluesky ?? '', profile_type: row.profile_type ?? '',
  };
}

function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
}

/**
 * A new e-mail address takes effect only once the link mailed to it is followed (until then the
 * account keeps its confirmed address, which is told of the change). An address that already
 * has an account is not revealed: its owner is mailed instead, and the answer is the same.
 */
async function requestEmailChange(deps: AccountDependencies, account: Pick<AccountRow, 'id' | 'username' | 'email'>, newEmail: string): Promise<void> {
  const mailContext = mailContextOf(deps);
  const owner = await deps.repository.findCredentialsByEmail(newEmail);
  if (owner && owner.id !== account.id) {
    await sendMail(deps, addressInUseMail(mailContext, newEmail, owner.username));
    return;
  }
  const token = randomToken();
  await deps.repository.setPendingEmail(account.id, newEmail, tokenDigest(token));
  await sendMail(deps, emailChangeMail(mailContext, newEmail, account.username, token));
  if (account.email) await sendMail(deps, emailChangeNoticeMail(mailContext, account.email, account.username, newEmail));
}

/** Applies a profile edit over the current values, with the shared rules and unique names; answers whether a new e-mail awaits its link. */
export async function editProfile(deps: AccountDependencies, account: AccountRow, input: Body): Promise<boolean> {
  const form = await validated(profileFormSchema, { ...profileForm(account), ...input });
  const taken = await deps.repository.takenFields(form.username, null, account.id);
  if (taken.size > 0) throw takenError(taken);
  try {
    await deps.repository.updateProfile(account.id, profileChanges(form));
  } catch (error) {
    const field = takenField(error);
    if (field) throw takenError([field]);
    throw error;
  }
  if (sameAddress(form.email, account.email)) return false;
  await requestEmailChange(deps, account, form.email);
  return true;
}

async function ownAccountAnswer(deps: AccountDependencies, userId: number): Promise<OwnAccountAnswer> {
  return { ...accountAnswer(await requireAccount(deps, userId)), organisations: await deps.repository.accountOrganisations(userId) };
}

/** Preferences and organisations of PUT /users; an unknown preference or organisation is refused (422). */
async function validatedProfileSettings(deps: AccountDependencies, input: Body): Promise<ProfileSettings> {
  // Unknown preference keys are refused, not stripped: a client's typo must not pass as saved.
  const settings = await validated(profileSettingsSchema, input, false);
  const unknown = settings.organisation_ids ? await deps.repository.unknownOrganisationIds(settings.organisation_ids) : [];
  if (unknown.length > 0) throw invalidFieldsError({ organisation_ids: [PROFILE_SETTINGS_MESSAGES.unknownOrganisation(unknown)] });
  return settings;
}

/** GET /users/edit: the account's fields at the top level, as FAIRsharing's client reads them, and under `user`. */
export async function ownAccount(deps: AccountDependencies, viewer: Viewer): Promise<OwnAccountAnswer & { success: true; user: OwnAccountAnswer }> {
  authorise(viewer, 'user.viewPrivate');
  const user = await ownAccountAnswer(deps, viewer.userId);
  return { ...user, success: true, user };
}

/**
 * PUT /users: profile fields; a new password (with the current one) ends every session and
 * API key; a new e-mail waits for the link mailed to it.
 */
export async function updateOwnAccount(deps: AccountDependencies, viewer: Viewer, input: Body, ip: string): Promise<Done & { user: AccountAnswer }> {
  authorise(viewer, 'user.editOwn');
  const account = await requireAccount(deps, viewer.userId);
  const { current_password: _current, password, password_confirmation: _repeat, preferences, organisation_ids, ...profile } = input;
  const settings = await validatedProfileSettings(deps, { preferences, organisation_ids });
  const emailChanges = typeof profile.email === 'string' && profile.email.trim().toLowerCase() !== (account.email ?? '').toLowerCase();
  // Every rule is checked before anything is written.
  const newPassword = password === undefined ? null : (await validated(passwordResetFormSchema, input)).password;
  if (emailChanges || newPassword !== null) {
    const credentials = await deps.repository.findCredentialsById(viewer.userId);
    const currentPassword = text(input.current_password);
    // Accounts made by ORCID or GitHub sign-in have no password to ask for.
    if (credentials?.password_hash && currentPassword === '') throw invalidFieldsError({ current_password: [ACCOUNT_TEXT.currentPasswordRequired] });
    if (credentials?.password_hash && !(await currentPasswordMatches(deps, viewer, currentPassword, ip))) {
      throw invalidFieldsError({ current_password: [ACCOUNT_TEXT.currentPasswordInvalid] });
    }
  }
  const emailPending = await editProfile(deps, account, profile);
  await deps.repository.saveProfileSettings(viewer.userId, { preferences: settings.preferences, organisationIds: settings.organisation_ids });
  if (newPassword !== null) await replacePassword(deps, viewer.userId, newPassword);
  const message = newPassword !== null ? ACCOUNT_TEXT.passwordChanged : emailPending ? ACCOUNT_TEXT.emailChangePending : ACCOUNT_TEXT.updated;
  return { success: true, message, user: await ownAccountAnswer(deps, viewer.userId) };
}

export async function deleteOwnAccount(deps: AccountDependencies, viewer: Viewer): Promise<Done> {
  authorise(viewer, 'user.editOwn');
  await deps.repository.deletePersonalData(viewer.userId);
  return { success: true, message: ACCOUNT_TEXT.deleted };
}

/** POST /users/orcid/sendEmail: an account made by ORCID sign-in without an e-mail gets one, once its link is followed. */
export async function addMissingEmail(deps: AccountDependencies, viewer: Viewer, input: Body): Promise<Done> {
  authorise(viewer, 'user.editOwn');
  const form = await validated(emailFormSchema, input);
  const account = await requireAccount(deps, viewer.userId);
  if (account.email !== null) throw new DomainError(422, ACCOUNT_TEXT.emailAlreadySet);
  await requestEmailChange(deps, account, form.email);
  return { success: true, message: ACCOUNT_TEXT.emailChangePending };
}

export function profileTypes(): readonly string[] {
  return PROFILE_TYPES;
}

/**
 * A user's profile row: with the e-mail for the user themself and super curators, public
 * columns for everyone else; deactivated users only for super curators, deleted ones never.
 */
export async function profile(deps: AccountDependencies, viewer: Viewer, id: number): Promise<AccountRow | UserRow | null> {
  const row = can(viewer, 'user.viewPrivate', { userId: id }) ? await deps.repository.findAccount(id) : await deps.repository.findPublicProfile(id);
  if (!row || (row.deactivated && !can(viewer, 'user.admin'))) return null;
  return row;
}
