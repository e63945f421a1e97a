/**
 * What a change of password or e-mail does to everything else of the account, against the real
 * database, Redis and SMTP sink: a new password (changed or reset) ends every session and API
 * key; a new e-mail takes effect only once the link mailed to it is followed, the old address is
 * told, and an address that already has an account is never revealed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedUpUser, startAccountsHarness, tokenInMail, type AccountsHarness } from './support.ts';

let harness: AccountsHarness;

beforeAll(async () => {
  harness = await startAccountsHarness('accounts_credential_changes');
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

async function apiKeyOf(jwt: string): Promise<string> {
  const created = await call(harness.app, { method: 'POST', url: '/users/api_keys', token: jwt, payload: { api_key: { name: 'script' } } });
  expect(created.status).toBe(201);
  return created.body.key as string;
}

const readsWithKey = async (key: string) => (await call(harness.app, { url: '/users/api_keys', headers: { 'x-graphql-key': key } })).status;

describe('a new password', () => {
  it('changed while signed in, ends every session and API key of the account', async () => {
    const user = await signedUpUser(harness, 'alan');
    const key = await apiKeyOf(user.jwt);
    const otherSession = await call(harness.app, { method: 'POST', url: '/users/sign_in', payload: { user: { login: 'alan', password: user.password } } });
    expect(await readsWithKey(key)).toBe(200);

    const changed = await call(harness.app, {
      method: 'PUT', url: '/users', token: user.jwt,
      payload: { user: { current_password: user.password, password: 'alan new password', password_confirmation: 'alan new password' } },
    });
    expect(changed.status).toBe(200);
    expect(await readsWithKey(key)).toBe(401);
    expect((await call(harness.app, { url: '/users/valid', token: otherSession.body.jwt as string })).status).toBe(401);
    expect((await harness.env.db('api_keys').where({ user_id: user.id }).whereNull('revoked_at')).length).toBe(0);
  });

  it('set with a reset link, ends every session and API key of the account', async () => {
    const user = await signedUpUser(harness, 'grace');
    const key = await apiKeyOf(user.jwt);
    expect(await readsWithKey(key)).toBe(200);
    await call(harness.app, { method: 'POST', url: '/users/password', payload: { user: { email: user.email } } });
    const mail = await harness.sink.waitFor((m) => m.to.includes(user.email) && /password/i.test(m.subject));
    const reset = await call(harness.app, {
      method: 'PUT', url: '/users/password',
      payload: { user: { reset_password_token: tokenInMail(mail, 'reset_password_token'), password: 'grace new password', password_confirmation: 'grace new password' } },
    });
    expect(reset.status).toBe(200);
    expect(await readsWithKey(key)).toBe(401);
    expect((await call(harness.app, { url: '/users/valid', token: user.jwt })).status).toBe(401);
  });
});

describe('a new e-mail address', () => {
  it('waits for the link mailed to it; the old address is told; the account keeps its confirmed address meanwhile', async () => {
    const user = await signedUpUser(harness, 'hopper');
    const changed = await call(harness.app, {
      method: 'PUT', url: '/users', token: user.jwt, payload: { user: { email: 'hopper-new@example.org', current_password: user.password } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toMatch(/verify your new email address/);
    expect(changed.body.user).toMatchObject({ email: user.email, unconfirmed_email: 'hopper-new@example.org', confirmed: true });
    expect(await harness.env.db('users').where({ id: user.id }).first('email', 'unconfirmed_email')).toEqual({ email: user.email, unconfirmed_email: 'hopper-new@example.org' });

    const notice = await harness.sink.waitFor((m) => m.to.includes(user.email) && /being changed/i.test(m.subject));
    expect(notice.text).toContain('hopper-new@example.org');
    const link = await harness.sink.waitFor((m) => m.to.includes('hopper-new@example.org') && /confirm your new/i.test(m.subject));

    // Until the link is followed the old address signs in and the new one does not.
    expect((await call(harness.app, { method: 'POST', url: '/users/sign_in', payload: { user: { login: 'hopper-new@example.org', password: user.password } } })).status).toBe(401);
    expect((await call(harness.app, { method: 'POST', url: '/users/sign_in', payload: { user: { login: user.email, password: user.password } } })).status).toBe(200);

    const confirmed = await call(harness.app, { url: `/users/confirmation?confirmation_token=${encodeURIComponent(tokenInMail(link, 'confirmation_token'))}` });
    expect(confirmed.status).toBe(200);
    expect(await harness.env.db('users').where({ id: user.id }).first('email', 'unconfirmed_email')).toEqual({ email: 'hopper-new@example.org', unconfirmed_email: null });
    expect((await call(harness.app, { method: 'POST', url: '/users/sign_in', payload: { user: { login: 'hopper-new@example.org', password: user.password } } })).status).toBe(200);
  });

  it('needs the current password', async () => {
    const user = await signedUpUser(harness, 'lovelace');
    const answer = await call(harness.app, { method: 'PUT', url: '/users', token: user.jwt, payload: { user: { email: 'elsewhere@example.org' } } });
    expect(answer).toMatchObject({ status: 422, body: { errors: { current_password: ['Enter your current password to change your e-mail address or password.'] } } });
    const wrong = await call(harness.app, { method: 'PUT', url: '/users', token: user.jwt, payload: { user: { email: 'elsewhere@example.org', current_password: 'not the password' } } });
    expect(wrong).toMatchObject({ status: 422, body: { errors: { current_password: ['Current password is invalid.'] } } });
  });

  it('does not reveal an address that has an account: the same answer, and its owner is mailed', async () => {
    const owner = await signedUpUser(harness, 'noether');
    const other = await signedUpUser(harness, 'germain');
    const free = await call(harness.app, { method: 'PUT', url: '/users', token: other.jwt, payload: { user: { email: 'germain-2@example.org', current_password: other.password } } });
    const taken = await call(harness.app, { method: 'PUT', url: '/users', token: other.jwt, payload: { user: { email: owner.email.toUpperCase(), current_password: other.password } } });
    expect(taken.status).toBe(free.status);
    expect(taken.body.message).toBe(free.body.message);
    await harness.sink.waitFor((m) => m.to.includes(owner.email) && /someone tried/i.test(m.subject));
    // The other account neither got the address nor a link for it.
    expect(await harness.env.db('users').where({ id: other.id }).first('email', 'unconfirmed_email')).toEqual({ email: other.email, unconfirmed_email: 'germain-2@example.org' });
    expect(harness.sink.mails.some((m) => m.to.includes(owner.email) && /confirm your new/i.test(m.subject))).toBe(false);
  });

  it('is not made the account\'s by a reset link, which went to the old address', async () => {
    const signUp = await call(harness.app, {
      method: 'POST', url: '/users', payload: { user: { username: 'shannon', email: 'shannon@example.org', password: 'shannon password', password_confirmation: 'shannon password' } },
    });
    expect(signUp.status).toBe(201);
    const id = (await harness.env.db('users').where({ username: 'shannon' }).first('id')).id as number;
    await harness.env.db('users').where({ id }).update({ unconfirmed_email: 'shannon-new@example.org' });
    await call(harness.app, { method: 'POST', url: '/users/password', payload: { user: { email: 'shannon@example.org' } } });
    const mail = await harness.sink.waitFor((m) => m.to.includes('shannon@example.org') && /password/i.test(m.subject));
    const reset = await call(harness.app, {
      method: 'PUT', url: '/users/password',
      payload: { user: { reset_password_token: tokenInMail(mail, 'reset_password_token'), password: 'shannon new password', password_confirmation: 'shannon new password' } },
    });
    expect(reset.status).toBe(200);
    const row = await harness.env.db('users').where({ id }).first('email', 'unconfirmed_email', 'confirmed_at');
    expect(row).toMatchObject({ email: 'shannon@example.org', unconfirmed_email: 'shannon-new@example.org' });
    expect(row.confirmed_at).not.toBeNull();
  });

  it('changed by a super curator waits for its link too', async () => {
    const user = await signedUpUser(harness, 'mirzakhani');
    const [admin] = await harness.env.db('users').insert({ username: 'admin-cc', email: 'admin-cc@example.org', role: 'super_curator', confirmed_at: new Date() }).returning('id');
    const token = (await harness.app.accounts.sessionForUser(admin.id)).jwt;
    const answer = await call(harness.app, { method: 'PUT', url: `/user_admin/${user.id}`, token, payload: { user: { email: 'mirzakhani-2@example.org' } } });
    expect(answer.status).toBe(200);
    expect(await harness.env.db('users').where({ id: user.id }).first('email', 'unconfirmed_email')).toEqual({ email: user.email, unconfirmed_email: 'mirzakhani-2@example.org' });
    await harness.sink.waitFor((m) => m.to.includes('mirzakhani-2@example.org') && /confirm your new/i.test(m.subject));
  });
});
