/** Failures of account actions, with the text the client shows (SPEC §4, §5, §8 where it gives one). */
import { ACCOUNT_MESSAGES } from '@registry/schemas/forms/account.ts';

export const ACCOUNT_TEXT = {
  invalidLogin: 'Invalid login or password.',
  unconfirmed: 'You have to confirm your email address before continuing.',
  deactivated: 'Your account has been deactivated.',
  signedOut: 'Signed out successfully.',
  signedUp: 'A message with a confirmation link has been sent to your email address. Please follow the link to activate your account.',
  confirmed: 'Your email address has been successfully confirmed.',
  confirmationInvalid: 'Confirmation token is invalid.',
  alreadyConfirmed: 'This account is already confirmed. You can log in.',
  confirmationExpired: 'Confirmation token has expired, please request a new one.',
  confirmationSent: 'If your email address exists in our database, you will receive an email with instructions for how to confirm your email address in a few minutes.',
  resetSent: 'If your email address exists in our database, you will receive a password recovery link at your email address in a few minutes.',
  resetInvalid: 'Reset password token is invalid.',
  resetExpired: 'Reset password token has expired, please request a new one.',
  passwordChanged: 'Password change successful. Please log back in.',
  currentPasswordInvalid: 'Current password is invalid.',
  currentPasswordRequired: ACCOUNT_MESSAGES.currentPasswordRequired,
  updated: 'Update successful !',
  ownerOnlySetting: "Only the account's owner changes this",
  emailChangePending: 'You updated your account successfully, but we need to verify your new email address. Please check your email and follow the confirmation link to confirm your new email address.',
  deleted: 'Delete successful !',
  needSignIn: 'You need to sign in or sign up before continuing.',
  apiKeyRevoked: 'This API key was revoked: create a new one on your profile page.',
  forbidden: 'You are not allowed to do this.',
  apiKeyReadOnly: 'API keys can only read: sign in to change an account.',
  usernameTaken: 'Username has already been taken',
  emailTaken: 'E-mail has already been taken',
  userNotFound: 'User not found.',
  apiKeyNotFound: 'API key not found.',
  emailAlreadySet: 'This account already has an e-mail address.',
  /** FAIRsharing's ORCID e-mail page shows success on exactly these words. */
  orcidEmailSent: 'Verification email sent successfully!',
  orcidEmailNeedsSession: 'Sign in with ORCID first: the address is added to the account that signed in (send its session token in Authorization, or as user.identifier).',
} as const;

/**
 * The body of a failed account call: `success: false` and the text in `error`, which FAIRsharing's
 * client shows and compares (e.g. the unconfirmed-address text offers the resend button); the same
 * text in `message` and the status in `statusCode`, as every other error of the API answers.
 */
export interface AccountFailureBody {
  success: false;
  error: string;
  message: string;
  statusCode: number;
  errors?: Record<string, string[]>;
}

export function accountFailureBody(statusCode: number, message: string, fieldErrors: Record<string, string[]> = {}): AccountFailureBody {
  const body: AccountFailureBody = { success: false, error: message, message, statusCode };
  if (Object.keys(fieldErrors).length > 0) body.errors = fieldErrors;
  return body;
}
