/** Sign-up and e-mail confirmation, one function per action (bound as `app.accounts.<action>`). */
import { emailFormSchema, signUpFormSchema } from '@registry/schemas';
import { DomainError } from '../domain-errors.ts';
import { ACCOUNT_TEXT } from './account-errors.ts';
import { takenField, type CredentialRow } from './account-repository.ts';
import { mailContextOf, sendMail, takenError, text, validated, type AccountDependencies, type Body, type Done } from './account-actions.ts';
import { addressInUseMail, confirmationMail } from './mailer.ts';
import { hashPassword, randomToken, tokenDigest } from './secrets.ts';

/** Confirmation links work this long. */
const CONFIRMATION_LIFETIME_MS = 3 * 24 * 3600 * 1000;

export async function sendConfirmation(deps: AccountDependencies, user: Pick<CredentialRow, 'id' | 'username'>, email: string): Promise<void> {
  const token = randomToken();
  await deps.repository.setConfirmationDigest(user.id, tokenDigest(token));
  await sendMail(deps, confirmationMail(mailContextOf(deps), email, user.username, token));
}

/**
 * Usernames are public, so a taken one is said; a registered e-mail address is not: the
 * answer is a fresh sign-up's, and the address's owner is mailed instead.
 */
export async function signUp(deps: AccountDependencies, input: Body, ip: string): Promise<Done> {
  const { repository } = deps;
  await deps.limiter.hit('signUp', ip, text(input.email));
  const form = await validated(signUpFormSchema, input);
  const signedUp = { success: true, message: ACCOUNT_TEXT.signedUp } as const;
  // Hashed first, whatever follows, so a registered address answers no faster.
  const passwordHash = await hashPassword(form.password);
  const taken = await repository.takenFields(form.username, form.email);
  if (taken.has('username')) throw takenError(['username']);
  const tellOwner = async () => {
    const owner = await repository.findCredentialsByEmail(form.email);
    if (owner) await sendMail(deps, addressInUseMail(mailContextOf(deps), form.email, owner.username));
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
  await sendConfirmation(deps, { id, username: form.username }, form.email);
  return signedUp;
}

export async function confirm(deps: AccountDependencies, token: string): Promise<Done & { already_confirmed?: true }> {
  const user = token === '' ? undefined : await deps.repository.findCredentialsByConfirmationDigest(tokenDigest(token));
  if (!user || user.deleted_at !== null) throw new DomainError(422, ACCOUNT_TEXT.confirmationInvalid);
  const confirmsSomething = user.confirmed_at === null || user.unconfirmed_email !== null;
  // A link followed again (only its holder can): no account is discovered by saying so.
  if (!confirmsSomething) return { success: true, message: ACCOUNT_TEXT.alreadyConfirmed, already_confirmed: true };
  const sentAt = user.confirmation_sent_at?.getTime() ?? 0;
  if (Date.now() - sentAt > CONFIRMATION_LIFETIME_MS) {
    throw new DomainError(422, ACCOUNT_TEXT.confirmationExpired);
  }
  try {
    await deps.repository.confirm(user.id);
  } catch (error) {
    // The new address found an account of its own while the link was on its way.
    if (takenField(error) === 'email') throw takenError(['email']);
    throw error;
  }
  return { success: true, message: ACCOUNT_TEXT.confirmed };
}

/** Answers alike whether or not the address has an account (no account discovery). */
export async function resendConfirmation(deps: AccountDependencies, input: Body, ip: string): Promise<Done> {
  const form = await validated(emailFormSchema, input);
  await deps.limiter.hit('confirmationResend', ip, form.email);
  const user = await deps.repository.findCredentialsByEmail(form.email);
  if (user && user.confirmed_at === null && user.deleted_at === null && !user.deactivated && user.email) {
    await sendConfirmation(deps, user, user.email);
  }
  return { success: true, message: ACCOUNT_TEXT.confirmationSent };
}
