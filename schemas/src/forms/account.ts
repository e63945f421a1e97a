/**
 * The account forms' rules with the wording of SPEC §5, one yup schema per form. The web forms
 * validate with them, and the accounts service can run the same schema on a request body so a
 * rule and its message live in one place.
 */
import { boolean, object, ref, string, type InferType } from 'yup';
import { USER_ROLES } from '../access/viewer.ts';
import { BOUND_MESSAGES, httpUrl, TEXT_MAX } from './bounds.ts';

export const ACCOUNT_MESSAGES = {
  required: 'Required',
  email: 'Invalid e-mail.',
  url: 'Invalid URL.',
  repeatedPassword: 'Invalid repeated password',
  mastodon: 'Invalid mastodon handle: Use @user@server.',
  bluesky: 'Invalid Bluesky handle: Use @username.domain.name',
  orcid: "Doesn't look like a valid ORCID ID.",
  currentPasswordRequired: 'Enter your current password to change your e-mail address or password.',
} as const;

/** SPEC §5 "Value is not long enough (n/min)": n is the length typed so far. */
export function tooShortMessage(length: number, min: number): string {
  return `Value is not long enough (${length}/${min})`;
}

export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_MIN_LENGTH = 3;

/** Deliberately simple: one @, no spaces, a dot in the domain; the confirmation mail proves the rest. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MASTODON_PATTERN = /^@[\w.-]+@[\w-]+(\.[\w-]+)+$/;
export const BLUESKY_PATTERN = /^@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
/** Four groups of four digits, the last character may be X (ISO 7064 check character). */
export const ORCID_PATTERN = /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/;

function minLength(min: number) {
  return string().test('min-length', ({ value }: { value?: unknown }) => tooShortMessage(String(value ?? '').length, min), (value) =>
    value === undefined || value === null || value === '' ? true : value.length >= min,
  );
}

/** The longest text of an account field the API stores, and of a homepage (its route schemas read them too). */
export const ACCOUNT_TEXT_MAX = 320;
export const ACCOUNT_URL_MAX = TEXT_MAX.url;

const bounded = (max: number) => string().trim().max(max, BOUND_MESSAGES.textLength(max));
const requiredText = () => bounded(ACCOUNT_TEXT_MAX).required(ACCOUNT_MESSAGES.required);
const email = () => requiredText().matches(EMAIL_PATTERN, ACCOUNT_MESSAGES.email);
const optionalText = (max = ACCOUNT_TEXT_MAX) => bounded(max).default('');
/** A homepage is stored like every other URL: yup's own `.url()` took ftp:// and //host. */
const optionalUrl = () => httpUrl(ACCOUNT_MESSAGES.url).default('');
const optionalOrcid = () => optionalText().matches(ORCID_PATTERN, { message: ACCOUNT_MESSAGES.orcid, excludeEmptyString: true });
const username = () => minLength(USERNAME_MIN_LENGTH).trim().max(ACCOUNT_TEXT_MAX, BOUND_MESSAGES.textLength(ACCOUNT_TEXT_MAX)).required(ACCOUNT_MESSAGES.required);
const password = () => minLength(PASSWORD_MIN_LENGTH).required(ACCOUNT_MESSAGES.required);
const repeatedPassword = (of: string) =>
  string()
    .required(ACCOUNT_MESSAGES.required)
    .oneOf([ref(of)], ACCOUNT_MESSAGES.repeatedPassword);

/** SPEC §2 login form: both fields required. */
export const loginFormSchema = object({
  login: requiredText(),
  password: string().required(ACCOUNT_MESSAGES.required),
});

export const signUpFormSchema = object({
  username: username(),
  email: email(),
  password: password(),
  password_confirmation: repeatedPassword('password'),
});

/** Forgotten password, confirmation resend and the ORCID e-mail request ask for an e-mail only. */
export const emailFormSchema = object({ email: email() });

/** /users/password/edit: a new password twice (the reset token comes from the mail's link). */
export const passwordResetFormSchema = object({
  password: password(),
  password_confirmation: repeatedPassword('password'),
});

/** Password change on the profile edit screen: the current password and the new one twice. */
export const passwordChangeFormSchema = object({
  current_password: string().required(ACCOUNT_MESSAGES.required),
  password: password(),
  password_confirmation: repeatedPassword('password'),
});

/** The fields a user edits on their own profile (SPEC §3 User). */
export const profileFormSchema = object({
  username: username(),
  email: email(),
  first_name: optionalText(),
  last_name: optionalText(),
  homepage: optionalUrl(),
  orcid: optionalOrcid(),
  twitter: optionalText(),
  mastodon: optionalText().matches(MASTODON_PATTERN, { message: ACCOUNT_MESSAGES.mastodon, excludeEmptyString: true }),
  bluesky: optionalText().matches(BLUESKY_PATTERN, { message: ACCOUNT_MESSAGES.bluesky, excludeEmptyString: true }),
  profile_type: optionalText(),
});

/** A super curator's edit of another user: the profile fields plus role and deactivation. */
export const adminUserFormSchema = profileFormSchema.shape({
  role: string().required(ACCOUNT_MESSAGES.required).oneOf([...USER_ROLES], ACCOUNT_MESSAGES.required),
  deactivated: boolean().default(false),
});

/** The longest API key name the API stores (its route schema reads it too). */
export const API_KEY_NAME_MAX = 100;

export const apiKeyFormSchema = object({ name: requiredText().max(API_KEY_NAME_MAX, BOUND_MESSAGES.textLength(API_KEY_NAME_MAX)) });

export type LoginForm = InferType<typeof loginFormSchema>;
export type SignUpForm = InferType<typeof signUpFormSchema>;
export type EmailForm = InferType<typeof emailFormSchema>;
export type PasswordResetForm = InferType<typeof passwordResetFormSchema>;
export type PasswordChangeForm = InferType<typeof passwordChangeFormSchema>;
export type ProfileForm = InferType<typeof profileFormSchema>;
export type AdminUserForm = InferType<typeof adminUserFormSchema>;
export type ApiKeyForm = InferType<typeof apiKeyFormSchema>;
