/** Passwords: checking one under the sign-in limits, replacing one, and the reset by mailed link. */
import { emailFormSchema, passwordChangeFormSchema, passwordResetFormSchema, type Viewer } from '@registry/schemas';
import { invalidFieldsError } from '../domain-errors.ts';
import { ACCOUNT_TEXT } from './account-errors.ts';
import type { CredentialRow } from './account-repository.ts';
import { authorise, mailContextOf, sendMail, text, validated, type AccountDependencies, type Body, type Done } from './account-actions.ts';
import { passwordResetMail } from './mailer.ts';
import { hashPassword, randomToken, tokenDigest, verifyPassword } from './secrets.ts';

/** Reset links work much shorter than confirmation links (they grant the account). */
const RESET_LIFETIME_MS = 6 * 3600 * 1000;

/** The limiter's name for an account: its id, whichever login (username or e-mail) named it. */
const limitedAccount = (userId: number) => `user:${userId}`;

/**
 * Checks a password under the sign-in limits (a stolen session is no password oracle either):
 * a client backing off from the account is refused before the password is looked at.
 */
export async function passwordMatches(
  deps: AccountDependencies, user: Pick<CredentialRow, 'id' | 'password_hash'> | undefined, login: string, password: string, ip: string,
): Promise<boolean> {
  const attempt = await deps.limiter.beginSignIn(ip, user ? limitedAccount(user.id) : login);
  const matches = await verifyPassword(user?.password_hash ?? null, password);
  await (matches ? attempt.succeeded() : attempt.failed());
  return matches;
}

export async function currentPasswordMatches(deps: AccountDependencies, viewer: Viewer & { userId: number }, password: string, ip: string): Promise<boolean> {
  return passwordMatches(deps, await deps.repository.findCredentialsById(viewer.userId), '', password, ip);
}

/** A new password ends every session and API key of the account, and lifts every client's sign-in back-off. */
export async function replacePassword(deps: AccountDependencies, userId: number, password: string): Promise<void> {
  await deps.repository.setPassword(userId, await hashPassword(password));
  await deps.limiter.clearSignInFailures(limitedAccount(userId));
}

async function changePasswordWithCurrent(deps: AccountDependencies, viewer: Viewer & { userId: number }, input: Body, ip: string): Promise<string> {
  const form = await validated(passwordChangeFormSchema, input);
  if (!(await currentPasswordMatches(deps, viewer, form.current_password, ip))) {
    throw invalidFieldsError({ current_password: [ACCOUNT_TEXT.currentPasswordInvalid] });
  }
  await replacePassword(deps, viewer.userId, form.password);
  return ACCOUNT_TEXT.passwordChanged;
}

export async function requestPasswordReset(deps: AccountDependencies, input: Body, ip: string): Promise<Done> {
  const form = await validated(emailFormSchema, input);
  await deps.limiter.hit('passwordReset', ip, form.email);
  const user = await deps.repository.findCredentialsByEmail(form.email);
  if (user && user.deleted_at === null && !user.deactivated && user.email) {
    const token = randomToken();
    await deps.repository.setResetDigest(user.id, tokenDigest(token));
    await sendMail(deps, passwordResetMail(mailContextOf(deps), user.email, user.username, token));
  }
  return { success: true, message: ACCOUNT_TEXT.resetSent };
}

/**
 * PUT /users/password: with the mailed reset token, or signed in with the current password.
 * Either way every session of the user ends; the reset token works once.
 */
export async function resetPassword(deps: AccountDependencies, viewer: Viewer, input: Body, ip: string): Promise<Done> {
  const token = text(input.reset_password_token);
  if (token === '' && viewer.userId !== null) {
    authorise(viewer, 'user.editOwn');
    return { success: true, message: await changePasswordWithCurrent(deps, viewer, input, ip) };
  }
  const form = await validated(passwordResetFormSchema, input);
  const user = token === '' ? undefined : await deps.repository.findCredentialsByResetDigest(tokenDigest(token));
  if (!user || user.deleted_at !== null || user.deactivated) throw invalidFieldsError({ reset_password_token: [ACCOUNT_TEXT.resetInvalid] });
  if (Date.now() - (user.reset_password_sent_at?.getTime() ?? 0) > RESET_LIFETIME_MS) {
    throw invalidFieldsError({ reset_password_token: [ACCOUNT_TEXT.resetExpired] });
  }
  await replacePassword(deps, user.id, form.password);
  // The link came to their mailbox: that confirms that address too (not a new one waiting for its own link).
  if (user.confirmed_at === null) await deps.repository.confirmCurrentEmail(user.id);
  return { success: true, message: ACCOUNT_TEXT.passwordChanged };
}

export async function checkPassword(deps: AccountDependencies, viewer: Viewer, password: string, ip: string): Promise<{ success: boolean }> {
  authorise(viewer, 'user.editOwn');
  return { success: await currentPasswordMatches(deps, viewer, password, ip) };
}
