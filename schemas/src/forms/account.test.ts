import { describe, expect, it } from 'vitest';
import { ValidationError, type AnyObjectSchema } from 'yup';
import {
  ACCOUNT_TEXT_MAX,
  ACCOUNT_URL_MAX,
  API_KEY_NAME_MAX,
  apiKeyFormSchema,
  loginFormSchema,
  passwordResetFormSchema,
  profileFormSchema,
  signUpFormSchema,
  tooShortMessage,
} from './account.ts';

/** The first message for one field, or null when the value passes. */
async function messageFor(schema: AnyObjectSchema, values: Record<string, unknown>, field: string): Promise<string | null> {
  try {
    await schema.validateAt(field, values);
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error.errors[0];
    throw error;
  }
}

const profile = { username: 'alice', email: 'alice@example.org' };

describe('account form rules (SPEC §5 wording)', () => {
  it('requires both login fields', async () => {
    expect(await messageFor(loginFormSchema, { login: '  ', password: 'x' }, 'login')).toBe('Required');
    expect(await messageFor(loginFormSchema, { login: 'alice', password: '' }, 'password')).toBe('Required');
    expect(await loginFormSchema.isValid({ login: 'alice', password: 'x' })).toBe(true);
  });

  it('checks e-mail, repeated password and minimum length on sign-up', async () => {
    const values = { username: 'al', email: 'not-an-address', password: 'short', password_confirmation: 'other' };
    expect(await messageFor(signUpFormSchema, values, 'email')).toBe('Invalid e-mail.');
    expect(await messageFor(signUpFormSchema, values, 'password')).toBe('Value is not long enough (5/8)');
    expect(await messageFor(signUpFormSchema, values, 'username')).toBe('Value is not long enough (2/3)');
    expect(await messageFor(signUpFormSchema, values, 'password_confirmation')).toBe('Invalid repeated password');
    expect(tooShortMessage(1, 8)).toBe('Value is not long enough (1/8)');
    expect(
      await signUpFormSchema.isValid({ username: 'alice', email: 'a@b.org', password: 'long enough', password_confirmation: 'long enough' }),
    ).toBe(true);
  });

  it('matches the reset form passwords', async () => {
    const values = { password: 'a new password', password_confirmation: 'a new passwort' };
    expect(await messageFor(passwordResetFormSchema, values, 'password_confirmation')).toBe('Invalid repeated password');
  });

  it('checks the optional profile handles and identifiers only when given', async () => {
    const cases: Array<[string, string, string | null]> = [
      ['mastodon', '@user@mastodon.social', null],
      ['mastodon', 'user@mastodon.social', 'Invalid mastodon handle: Use @user@server.'],
      ['bluesky', '@someone.bsky.social', null],
      ['bluesky', 'someone', 'Invalid Bluesky handle: Use @username.domain.name'],
      ['orcid', '0000-0002-1825-009X', null],
      ['orcid', '0000-0002-1825', "Doesn't look like a valid ORCID ID."],
      ['homepage', 'https://example.org/me', null],
      ['homepage', 'example', 'Invalid URL.'],
      ['email', '', 'Required'],
    ];
    for (const [field, value, message] of cases) {
      expect(await messageFor(profileFormSchema, { ...profile, [field]: value }, field), `${field}=${value}`).toBe(message);
    }
    for (const field of ['mastodon', 'bluesky', 'orcid', 'homepage']) {
      expect(await messageFor(profileFormSchema, { ...profile, [field]: '' }, field)).toBeNull();
    }
  });

  it('refuses an API key name longer than the API stores, in words (not the route schema\'s)', async () => {
    expect(await messageFor(apiKeyFormSchema, { name: 'k'.repeat(API_KEY_NAME_MAX) }, 'name')).toBeNull();
    expect(await messageFor(apiKeyFormSchema, { name: 'k'.repeat(API_KEY_NAME_MAX + 1) }, 'name')).toBe(`Must be at most ${API_KEY_NAME_MAX} characters`);
    expect(await messageFor(apiKeyFormSchema, { name: '   ' }, 'name')).toBe('Required');
  });

  it('refuses profile texts longer than the API stores, in words; a homepage may be longer than a name', async () => {
    const tooLong = 'F'.repeat(ACCOUNT_TEXT_MAX + 1);
    for (const field of ['username', 'email', 'first_name', 'last_name', 'twitter']) {
      expect(await messageFor(profileFormSchema, { ...profile, [field]: tooLong }, field), field).toBe(`Must be at most ${ACCOUNT_TEXT_MAX} characters`);
    }
    expect(await messageFor(profileFormSchema, { ...profile, first_name: 'F'.repeat(ACCOUNT_TEXT_MAX) }, 'first_name')).toBeNull();
    const longHomepage = `https://example.org/${'p'.repeat(ACCOUNT_URL_MAX - 20)}`;
    expect(await messageFor(profileFormSchema, { ...profile, homepage: longHomepage }, 'homepage')).toBeNull();
    expect(await messageFor(profileFormSchema, { ...profile, homepage: `${longHomepage}p` }, 'homepage')).toBe(`Must be at most ${ACCOUNT_URL_MAX} characters`);
  });
});
