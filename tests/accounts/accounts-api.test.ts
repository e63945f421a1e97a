/**
 * The account calls of SPEC §7 against the real database, Redis and an SMTP sink: sign-up,
 * confirmation, sign-in and sign-out, tokens that stop working, password reset and change, the
 * §5 rules word for word, profile edits and deletion, rate limits, and no secret in any log line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@registry/schemas';
import { parseOptions } from '@node-rs/argon2';
import { call, signedUpUser, startAccountsHarness, tokenInMail, type AccountsHarness } from './support.ts';

let harness: AccountsHarness;
/** Every secret the tests saw: none may appear in a log line. */
const secrets: string[] = [];
/** The token of the first confirmation mail, followed once by the sign-up test. */
let adaConfirmationToken = '';

beforeAll(async () => {
  harness = await startAccountsHarness('accounts_api');
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

const signUpBody = (username: string, overrides: Record<string, string> = {}) => ({
  user: { username, email: `${username}@example.org`, password: 'correct horse battery', password_confirmation: 'correct horse battery', ...overrides },
});

async function signUpAndConfirm(username: string) {
  const user = await signedUpUser(harness, username);
  secrets.push(user.jwt, user.password);
  return user;
}

describe('sign-up and confirmation', () => {
  it('creates an unconfirmed account, mails a link built from PUBLIC_URL (text and HTML), and refuses sign-in until it is followed', async () => {
    const signUp = await call(harness.app, { method: 'POST', url: '/users', payload: signUpBody('ada') });
    expect(signUp.status).toBe(201);
    expect(signUp.body.success).toBe(true);

    const mail = await harness.sink.waitFor((m) => m.to.includes('ada@example.org'));
    expect(mail.text).toContain('http://registry.test/users/confirmation?confirmation_token=');
    expect(mail.html).toContain('http://registry.test/users/confirmation?confirmation_token=');
    const token = tokenInMail(mail, 'confirmation_token');
    secrets.push(token);
    adaConfirmationToken = token;

    const early = await call(harness.app, { method: 'POST', url: '/users/sign_in', payload: { user: { login: 'ada', password: 'correct horse battery' } } });
    expect(early.status).toBe(401);
    expect(early.body).toMatchObject({ success: false, message: 'You have to confirm your email address before continuing.' });

    const confirmed = await call(harness.app, { url: `/users/confirmation?confirmation_token=${encodeURIComponent(token)}` });
    expect(confirmed).toMatchObject({ status: 200, body: { success: true } });

    const signIn = await call(harness.app, { method: 'POST', url: '/users/sign_in', payload: { user: { login: 'ADA@example.org', password: 'correct horse battery' } } });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ success: true, username: 'ada', is_curator: false, is_super_curator: false, role: 'user' });
    // An instant in seconds since 1970, one session lifetime from now.
    expect(Math.abs((signIn.body.expiry as number) - (Date.now() / 1000 + harness.config.sessionLifetimeSeconds))).toBeLessThan(60);
    expect(typeof signIn.body.jwt).toBe('string');
    secrets.push(signIn.body.jwt as string);
  });

  it('stores the password with argon2id at OWASP parameters or stronger, never in the clear', async () => {
    const row = await harness.env.db('users').where({ username: 'ada' }).first('password_hash', 'confirmation_token');
    const options = parseOptions(row.password_hash);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(options.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(options.timeCost).toBeGreaterThanOrEqual(2);
    // Only the digest of the used confirmation token stays (to tell a link followed again).
    expect(secrets).not.toContain(row.confirmation_token);
  });

  it('refuses an unknown confirmation token', async () => {
    const unknown = await call(harness.app, { url: '/users/confirmation?confirmation_token=nope' });
    expect(unknown).toMatchObject({ status: 422, body: { success: false, message: 'Confirmation token is invalid.' } });
  });

  it('says a confirmation link followed again has already confirmed the account', async () => {
    const again = await call(harness.app, { url: `/users/confirmation?confirmation_token=${encodeURIComponent(adaConfirmationToken)}` });
    expect(again).toMatchObject({ status: 200, body: { success: true, already_confirmed: true, message: 'This account is already confirmed. You can log in.' } });
  });

  it('refuses a duplicate username in any letter case (usernames are public)', async () => {
    const username = await call(harness.app, { method: 'POST', url: '/users', payload: signUpBody('ADA', { email: 'other@example.org' }) });
    expect(username).toMatchObject({ status: 422, body: { errors: { username: ['Username has already been taken'] } } });
  });

  it('does not reveal a registered e-mail: the answer of a fresh sign-up, and the owner is mailed instead', async () => {
    const fresh = await call(harness.app, { method: 'POST', url: '/users', payload: signUpBody('newcomer') });
    const mailsBefore = harness.sink.mails.length;
    const taken = await call(harness.app, { method: 'POST', url: '/users', payload: signUpBody('ada2', { email: 'Ada@Example.org' }) });
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual(fresh.body);
    const notice = await harness.sink.waitFor((m) => m.to.includes('ada@example.org') && /someone tried/i.test(m.subject));
    expect(notice.text).toContain('already belongs to your account');
    expect(notice.text).toContain('http://registry.test/accounts/forgotPassword');
    expect(await harness.env.db('users').where({ username: 'ada2' }).first('id')).toBeUndefined();
    // No confirmation link went anywhere for the refused sign-up.
    expect(harness.sink.mails.slice(mailsBefore).filter((m) => /confirm/i.test(m.subject) && m.to.includes('ada@example.org'))).toEqual([]);
  });

  it('answers each SPEC §5 rule with its exact message', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ email: 'not-an-address' }, 'email', ACCOUNT_MESSAGES.email],
      [{ password_confirmation: 'something else' }, 'password_confirmation', ACCOUNT_MESSAGES.repeatedPassword],
      [{ password: 'short', password_confirmation: 'short' }, 'password', 'Value is not long enough (5/8)'],
      [{ username: '' }, 'username', ACCOUNT_MESSAGES.required],
    ];
    for (const [overrides, field, message] of cases) {
      const answer = await call(harness.app, { method: 'POST', url: '/users', payload: signUpBody('rules', overrides) });
      expect(answer.status, field).toBe(422);
      expect((answer.body.errors as Record<string, string[]>)[field], field).toEqual([message]);
    }
  });

  it('resends the confirmation mail and answers alike for an unknown address', async () => {
    await call(harness.app, { method: 'POST', url: '/users', payload: signUpBody('grace') });
    const known = await call(harness.app, { method: 'POST', url: '/users/confirmation', payload: { user: { email: 'grace@example.org' } } });
    const unknown = await call(harness.app, { method: 'POST', url: '/users/confirmation', payload: { user: { email: 'nobody@example.org' } } });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    await harness.sink.waitFor((m) => m.to.includes('grace@example.org') && harness.sink.mails.filter((x) => x.to.includes('grace@example.org')).length >= 2);
  });
});

describe('sign-in, sessions and tokens', () => {
  it('refuses a wrong password and an unknown user with the same answer', async () => {
    await signUpAndConfirm('linus');
    const wrong = await call(harness.app, { method: 'POST', url: '/users/sign_in', payload: { user: { login: 'linus', password: 'wrong password' } } });
    const unknown = await call(harness.app, { method: 'POST', url: '/users/sign_in', payload: { user: { login: 'nobody', password: 'wrong password' } } });
    expect(wrong).toMatchObject({ status: 401, body: { success: false, message: 'Invalid login or password.' } });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('validates a live token, and ends it at once on sign-out', async () => {
    const user = await signUpAndConfirm('margaret');
    const valid = await call(harness.app, { url: '/users/valid', token: user.jwt });
    expect(valid.status).toBe(200);
    expect(valid.body).toMatchObject({ success: true, username: 'margaret', id: user.id });
    expect(valid.body.expiry).toBe(user.expiry);

    const out = await call(harness.app, { method: 'DELETE', url: '/users/sign_out', token: user.jwt });
    expect(out).toMatchObject({ status: 200, body: { success: true } });
    expect((await call(harness.app, { url: '/users/valid', token: user.jwt })).status).toBe(401);
    expect((await call(harness.app, { url: '/users/edit', token: user.jwt })).status).toBe(401);
    // The ended session goes at the user's next sign-in: only live sessions are kept.
    const again = await call(harness.app, { method: 'POST', url: '/users/sign_in', payload: { user: { login: 'margaret', password: user.password } } });
    secrets.push(again.body.jwt as string);
    expect(await harness.env.db('user_sessions').where({ user_id: user.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('refuses an expired token', async () => {
    const user = await signUpAndConfirm('barbara');
    const { sid } = harness.app.jwt.decode<{ sid: string }>(user.jwt) ?? { sid: '' };
    const expired = harness.app.jwt.sign({ sub: String(user.id), sid }, { expiresIn: -10 });
    expect((await call(harness.app, { url: '/users/valid', token: expired })).status).toBe(401);
    // The session itself ending (server side) ends the token too.
    await harness.env.db('user_sessions').where({ id: sid }).update({ expires_at: new Date(Date.now() - 1000) });
    expect((await call(harness.app, { url: '/users/valid', token: user.jwt })).status).toBe(401);
  });

  it('refuses a deactivated user: no sign-in, and their live tokens stop working', async () => {
    const user = await signUpAndConfirm('dennis');
    await harness.env.db('users').where({ id: user.id }).update({ deactivated: true });
    expect((await call(harness.app, { url: '/users/valid', token: user.jwt })).status).toBe(401);
    const signIn = await call(harness.app, { method: 'POST', url: '/users/sign_in', payload: { user: { login: 'dennis', password: user.password } } });
    expect(signIn).toMatchObject({ status: 401, body: { success: false, message: 'Your account has been deactivated.' } });
  });

  it('slows a client guessing one account with a clear 429, without locking the owner out of another client', async () => {
    const user = await signUpAndConfirm('kenneth');
    const attacker = '10.66.0.1';
    const statuses: number[] = [];
    let last = { status: 0, body: {} as Record<string, unknown>, headers: {} as Record<string, unknown> };
    for (let attempt = 0; attempt < 10; attempt += 1) {
      last = await call(harness.app, { method: 'POST', url: '/users/sign_in', remoteAddress: attacker, payload: { user: { login: 'kenneth', password: `guess ${attempt}` } } });
      statuses.push(last.status);
    }
    // The first failures are free, then the client backs off (1 s, 2 s, 4 s …).
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(last.status).toBe(429);
    expect(last.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minute/);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits on that client: the password is not looked at while it backs off.
    const right = await call(harness.app, { method: 'POST', url: '/users/sign_in', remoteAddress: attacker, payload: { user: { login: 'kenneth', password: user.password } } });
    expect(right.status).toBe(429);
    // The owner, on another client, signs in at once (by username or e-mail).
    const owner = await call(harness.app, { method: 'POST', url: '/users/sign_in', remoteAddress: '10.66.0.2', payload: { user: { login: 'kenneth@example.org', password: user.password } } });
    expect(owner.status).toBe(200);
    secrets.push(owner.body.jwt as string);
  });

  it('lets a reset mail lift the back-off of every client, the owner’s shared address included', async () => {
    const user = await signUpAndConfirm('edsger');
    const shared = '10.66.1.1';
    for (let attempt = 0; attempt < 7; attempt += 1) {
      await call(harness.app, { method: 'POST', url: '/users/sign_in', remoteAddress: shared, payload: { user: { login: 'edsger', password: `guess ${attempt}` } } });
    }
    expect((await call(harness.app, { method: 'POST', url: '/users/sign_in', remoteAddress: shared, payload: { user: { login: 'edsger', password: user.password } } })).status).toBe(429);
    await call(harness.app, { method: 'POST', url: '/users/password', remoteAddress: shared, payload: { user: { email: user.email } } });
    const mail = await harness.sink.waitFor((m) => m.to.includes(user.email) && /password/i.test(m.subject));
    const token = tokenInMail(mail, 'reset_password_token');
    secrets.push(token);
    const reset = await call(harness.app, { method: 'PUT', url: '/users/password', remoteAddress: shared, payload: { user: { reset_password_token: token, password: 'edsger new pass', password_confirmation: 'edsger new pass' } } });
    expect(reset.status).toBe(200);
    const signIn = await call(harness.app, { method: 'POST', url: '/users/sign_in', remoteAddress: shared, payload: { user: { login: 'edsger', password: 'edsger new pass' } } });
    expect(signIn.status).toBe(200);
    secrets.push('edsger new pass', signIn.body.jwt as string);
  });

  it('rate-limits sign-in per IP across accounts', async () => {
    const remoteAddress = '10.9.9.9';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 32; attempt += 1) {
      const answer = await call(harness.app, { method: 'POST', url: '/users/sign_in', remoteAddress, payload: { user: { login: `someone${attempt}`, password: 'x' } } });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describe('forgotten password', () => {
  it('mails a one-time link; the new password ends every older session', async () => {
    const user = await signUpAndConfirm('frances');
    const request = await call(harness.app, { method: 'POST', url: '/users/password', payload: { user: { email: user.email } } });
    expect(request.status).toBe(200);
    const mail = await harness.sink.waitFor((m) => m.to.includes(user.email) && /password/i.test(m.subject));
    expect(mail.text).toContain('http://registry.test/users/password/edit?reset_password_token=');
    const token = tokenInMail(mail, 'reset_password_token');
    secrets.push(token);

    const mismatch = await call(harness.app, { method: 'PUT', url: '/users/password', payload: { user: { reset_password_token: token, password: 'a new password', password_confirmation: 'another' } } });
    expect(mismatch).toMatchObject({ status: 422, body: { errors: { password_confirmation: [ACCOUNT_MESSAGES.repeatedPassword] } } });

    const reset = await call(harness.app, { method: 'PUT', url: '/users/password', payload: { user: { reset_password_token: token, password: 'a new password', password_confirmation: 'a new password' } } });
    expect(reset).toMatchObject({ status: 200, body: { success: true, message: 'Password change successful. Please log back in.' } });
    expect((await call(harness.app, { url: '/users/valid', token: user.jwt })).status).toBe(401);

    const reused = await call(harness.app, { method: 'PUT', url: '/users/password', payload: { user: { reset_password_token: token, password: 'third password', password_confirmation: 'third password' } } });
    expect(reused).toMatchObject({ status: 422, body: { message: 'Reset password token is invalid.' } });
    const signIn = await call(harness.app, { method: 'POST', url: '/users/sign_in', payload: { user: { login: 'frances', password: 'a new password' } } });
    expect(signIn.status).toBe(200);
    secrets.push('a new password', signIn.body.jwt as string);
  });

  it('refuses an expired reset token', async () => {
    const user = await signUpAndConfirm('hedy');
    await call(harness.app, { method: 'POST', url: '/users/password', payload: { user: { email: user.email } } });
    const mail = await harness.sink.waitFor((m) => m.to.includes(user.email) && /password/i.test(m.subject));
    const token = tokenInMail(mail, 'reset_password_token');
    secrets.push(token);
    await harness.env.db('users').where({ id: user.id }).update({ reset_password_sent_at: new Date(Date.now() - 7 * 3600 * 1000) });
    const expired = await call(harness.app, { method: 'PUT', url: '/users/password', payload: { user: { reset_password_token: token, password: 'a new password', password_confirmation: 'a new password' } } });
    expect(expired).toMatchObject({ status: 422, body: { message: 'Reset password token has expired, please request a new one.' } });
  });

  it('answers alike for an unknown address and mails nothing', async () => {
    const before = harness.sink.mails.length;
    const unknown = await call(harness.app, { method: 'POST', url: '/users/password', payload: { user: { email: 'nobody@example.org' } } });
    expect(unknown.status).toBe(200);
    expect(harness.sink.mails.length).toBe(before);
  });
});

describe('own account', () => {
  it('reads and edits the profile with the §5 rules; a password change needs the current one and ends sessions', async () => {
    const user = await signUpAndConfirm('katherine');
    const edit = await call(harness.app, { url: '/users/edit', token: user.jwt });
    expect(edit.body).toMatchObject({ success: true, user: { id: user.id, username: 'katherine', email: user.email } });
    expect(JSON.stringify(edit.body)).not.toMatch(/password|token|hash/i);

    for (const [field, value, message] of [
      ['homepage', 'not a url', ACCOUNT_MESSAGES.url],
      // Stored like every URL (the `httpUrl` rule): yup's own `.url()` took both.
      ['homepage', 'ftp://evil.example/x', ACCOUNT_MESSAGES.url],
      ['homepage', '//evil.example/x', ACCOUNT_MESSAGES.url],
      ['orcid', '1234', ACCOUNT_MESSAGES.orcid],
      ['mastodon', 'katherine', ACCOUNT_MESSAGES.mastodon],
      ['bluesky', 'katherine', ACCOUNT_MESSAGES.bluesky],
      ['username', 'ka', 'Value is not long enough (2/3)'],
    ] as const) {
      const answer = await call(harness.app, { method: 'PUT', url: '/users', token: user.jwt, payload: { user: { [field]: value } } });
      expect(answer.status, field).toBe(422);
      expect((answer.body.errors as Record<string, string[]>)[field], field).toEqual([message]);
    }

    const updated = await call(harness.app, {
      method: 'PUT', url: '/users', token: user.jwt,
      payload: { user: { first_name: 'Katherine', homepage: 'https://example.org/k', orcid: '0000-0002-1825-009X', mastodon: '@k@example.social', bluesky: '@k.example.org' } },
    });
    expect(updated).toMatchObject({ status: 200, body: { message: 'Update successful !', user: { first_name: 'Katherine', orcid: '0000-0002-1825-009X' } } });

    const halfValid = await call(harness.app, { method: 'PUT', url: '/users', token: user.jwt, payload: { user: { last_name: 'Johnson', current_password: user.password, password: 'brand new pass', password_confirmation: 'other' } } });
    expect(halfValid).toMatchObject({ status: 422, body: { errors: { password_confirmation: [ACCOUNT_MESSAGES.repeatedPassword] } } });
    expect((await harness.env.db('users').where({ id: user.id }).first('last_name')).last_name).toBeNull();
    const noCurrent = await call(harness.app, { method: 'PUT', url: '/users', token: user.jwt, payload: { user: { password: 'brand new pass', password_confirmation: 'brand new pass' } } });
    expect(noCurrent).toMatchObject({ status: 422, body: { errors: { current_password: ['Enter your current password to change your e-mail address or password.'] } } });
    const changed = await call(harness.app, {
      method: 'PUT', url: '/users', token: user.jwt,
      payload: { user: { current_password: user.password, password: 'brand new pass', password_confirmation: 'brand new pass' } },
    });
    expect(changed).toMatchObject({ status: 200, body: { message: 'Password change successful. Please log back in.' } });
    expect((await call(harness.app, { url: '/users/valid', token: user.jwt })).status).toBe(401);
    secrets.push('brand new pass');
  });

  it('checks a password for the signed-in user', async () => {
    const user = await signUpAndConfirm('annie');
    expect((await call(harness.app, { method: 'POST', url: '/users/check_password', token: user.jwt, payload: { password: user.password } })).body).toEqual({ success: true });
    expect((await call(harness.app, { method: 'POST', url: '/users/check_password', token: user.jwt, payload: { password: 'nope' } })).body).toEqual({ success: false });
  });

  it('deletes the account: personal data gone, records keep a "deleted user" editor, the token ends', async () => {
    const user = await signUpAndConfirm('radia');
    const [registry] = await harness.env.db('registries').insert({ name: 'Standard' }).returning('id');
    const [record] = await harness.env.db('records').insert({ registry_id: registry.id, name: 'Edited by Radia', last_editor_id: user.id, created_by_id: user.id }).returning('id');
    const deleted = await call(harness.app, { method: 'DELETE', url: '/users', token: user.jwt });
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Delete successful !' } });
    const row = await harness.env.db('users').where({ id: user.id }).first('username', 'email', 'password_hash');
    expect(row).toEqual({ username: `deleted user ${user.id}`, email: null, password_hash: null });
    expect((await harness.env.db('records').where({ id: record.id }).first('last_editor_id')).last_editor_id).toBe(user.id);
    expect((await call(harness.app, { url: '/users/valid', token: user.jwt })).status).toBe(401);
    const signIn = await call(harness.app, { method: 'POST', url: '/users/sign_in', payload: { user: { login: 'radia', password: user.password } } });
    expect(signIn.status).toBe(401);
  });

  it('lists profile types to anyone', async () => {
    const answer = await call(harness.app, { url: '/users/profile_types' });
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body)).toBe(true);
  });
});

describe('attempt limits on mails and sign-up', () => {
  it('limit password-reset and confirmation-resend requests per client: another client still gets its mail', async () => {
    const user = await signUpAndConfirm('barbara-liskov');
    for (const url of ['/users/password', '/users/confirmation']) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        statuses.push((await call(harness.app, { method: 'POST', url, remoteAddress: '10.67.0.1', payload: { user: { email: user.email } } })).status);
      }
      expect(statuses, url).toEqual([200, 200, 200, 429]);
      expect((await call(harness.app, { method: 'POST', url, remoteAddress: '10.67.0.2', payload: { user: { email: user.email } } })).status, url).toBe(200);
    }
    // The owner's own request, after someone else's four, still brings a working link.
    const resetMails = () => harness.sink.mails.filter((m) => m.to.includes(user.email) && /password/i.test(m.subject));
    await harness.sink.waitFor(() => resetMails().length >= 4);
    const token = tokenInMail(resetMails()[3], 'reset_password_token');
    secrets.push(token);
    const reset = await call(harness.app, { method: 'PUT', url: '/users/password', payload: { user: { reset_password_token: token, password: 'liskov new pass', password_confirmation: 'liskov new pass' } } });
    expect(reset.status).toBe(200);
    secrets.push('liskov new pass');
  });

  it('limit sign-ups per IP', async () => {
    const remoteAddress = '10.8.8.8';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await call(harness.app, { method: 'POST', url: '/users', remoteAddress, payload: signUpBody(`bulk${attempt}`) })).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('logs', () => {
  it('never hold a password, hash, token or reset link', async () => {
    expect(harness.logLines.length).toBeGreaterThan(10);
    const hashes = (await harness.env.db('users').whereNotNull('password_hash').select('password_hash')).map((row) => row.password_hash as string);
    const log = harness.logLines.join('\n');
    expect(log).toContain('/users/confirmation?confirmation_token=[redacted]');
    for (const secret of [...secrets, ...hashes]) {
      expect(log.includes(secret), `a secret of ${secret.length} characters is in the log`).toBe(false);
    }
    expect(log).not.toMatch(/reset_password_token=[^[&\s"]/);
    expect(log).not.toMatch(/\$argon2id\$/);
  });
});
