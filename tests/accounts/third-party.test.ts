/**
 * ORCID (OpenID Connect) and GitHub (OAuth 2) sign-in, the whole flow against local providers
 * speaking the real protocols: start → provider login → callback with code and state → account
 * created or linked → /login_success?jwt=…&expiry=…; replayed or forged callbacks fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@registry/api';
import { call, signedUpUser, startAccountsHarness, tokenInMail, type AccountsHarness } from './support.ts';
import { ORCID_PEOPLE, signInAt, startGithubStandIn, startOrcidStandIn, TEST_CLIENT, type GithubPerson, type LocalProvider } from './providers.ts';

const PUBLIC_URL = 'http://registry.test';
let harness: AccountsHarness;
let orcid: LocalProvider;
let github: LocalProvider;
let githubPerson: GithubPerson = { id: 101, login: 'octo-linked', name: 'Octo Linked', emails: [] };

beforeAll(async () => {
  orcid = await startOrcidStandIn(`${PUBLIC_URL}/users/auth/orcid/callback`);
  github = await startGithubStandIn(() => githubPerson);
  harness = await startAccountsHarness('accounts_third_party', {
    publicUrl: PUBLIC_URL,
    orcid: { ...TEST_CLIENT, issuerUrl: orcid.url, apiUrl: orcid.url },
    github: { ...TEST_CLIENT, issuerUrl: github.url, apiUrl: github.url },
  });
}, 120_000);

afterAll(async () => {
  await harness?.close();
  await orcid?.close();
  await github?.close();
});

/** Starts sign-in at the registry and plays the browser at the provider: the callback URL. */
async function providerCallback(provider: 'orcid' | 'github', login: string): Promise<URL> {
  const start = await harness.app.inject({ url: `/users/auth/${provider}` });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  return signInAt(authorize.href, `${PUBLIC_URL}/users/auth/${provider}/callback`, login);
}

async function finish(callback: URL): Promise<URL> {
  const answer = await harness.app.inject({ url: `${callback.pathname}${callback.search}` });
  expect(answer.statusCode).toBe(302);
  return new URL(answer.headers.location as string);
}

describe('third-party sign-in', () => {
  it('says which providers are configured', async () => {
    expect((await call(harness.app, { url: '/users/auth/providers' })).body).toEqual({ orcid: true, github: true });
    const plain = await buildApp({ config: { ...harness.config, orcid: null, github: null }, db: harness.env.db, logger: false });
    await plain.ready();
    try {
      expect((await plain.inject({ url: '/users/auth/providers' })).json()).toEqual({ orcid: false, github: false });
      expect((await plain.inject({ url: '/users/auth/orcid' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('ORCID: creates a confirmed account for a new ORCID iD, asks for an e-mail, and signs the same person in again', async () => {
    const orcidId = Object.keys(ORCID_PEOPLE)[0];
    const landing = await finish(await providerCallback('orcid', orcidId));
    expect(`${landing.origin}${landing.pathname}`).toBe(`${PUBLIC_URL}/login_success`);
    expect(Number(landing.searchParams.get('expiry')) - Date.now() / 1000).toBeGreaterThan(harness.config.sessionLifetimeSeconds - 60);
    expect(landing.searchParams.get('goTo')).toBe('/users/orcid/sendEmail');
    const jwt = landing.searchParams.get('jwt') ?? '';

    const valid = await call(harness.app, { url: '/users/valid', token: jwt });
    expect(valid.status).toBe(200);
    const account = await call(harness.app, { url: '/users/edit', token: jwt });
    expect(account.body).toMatchObject({ user: { username: 'JosiahCarberry', orcid: orcidId, first_name: 'Josiah', third_party: true, email: null } });

    const email = await call(harness.app, { method: 'POST', url: '/users/orcid/sendEmail', token: jwt, payload: { user: { email: 'josiah@example.org' } } });
    expect(email.status).toBe(200);
    const link = await harness.sink.waitFor((mail) => mail.to.includes('josiah@example.org'));
    // The address is the account's only once its link is followed.
    expect((await call(harness.app, { url: '/users/edit', token: jwt })).body).toMatchObject({ user: { email: null, unconfirmed_email: 'josiah@example.org' } });
    expect((await call(harness.app, { url: `/users/confirmation?confirmation_token=${encodeURIComponent(tokenInMail(link, 'confirmation_token'))}` })).status).toBe(200);
    const again = await call(harness.app, { method: 'POST', url: '/users/orcid/sendEmail', token: jwt, payload: { user: { email: 'other@example.org' } } });
    expect(again.status).toBe(422);

    const second = await finish(await providerCallback('orcid', orcidId));
    expect(second.searchParams.get('goTo')).toBeNull();
    const secondValid = await call(harness.app, { url: '/users/valid', token: second.searchParams.get('jwt') ?? '' });
    expect(secondValid.body.id).toBe(valid.body.id);
  });

  it('GitHub: links to the account with the same verified e-mail, or creates one', async () => {
    const existing = await signedUpUser(harness, 'octocat');
    githubPerson = { id: 583231, login: 'octocat', name: 'The Octocat', emails: [{ email: existing.email, verified: true, primary: true }] };
    const linked = await finish(await providerCallback('github', 'octocat'));
    expect(linked.pathname).toBe('/login_success');
    expect((await call(harness.app, { url: '/users/valid', token: linked.searchParams.get('jwt') ?? '' })).body.id).toBe(existing.id);

    githubPerson = { id: 9001, login: 'octocat', name: 'Another Cat', emails: [{ email: 'unverified@example.org', verified: false, primary: true }] };
    const created = await finish(await providerCallback('github', 'another'));
    const createdValid = await call(harness.app, { url: '/users/valid', token: created.searchParams.get('jwt') ?? '' });
    expect(createdValid.body.id).not.toBe(existing.id);
    expect(createdValid.body.username).toBe('octocat1');
  });

  it('never attaches to an account whose e-mail is unconfirmed: the verified owner gets an account of their own', async () => {
    // Someone signs up with another person's address and never confirms it (account pre-hijacking).
    const planted = await call(harness.app, {
      method: 'POST', url: '/users',
      payload: { user: { username: 'planted', email: 'victim@example.org', password: 'attacker password', password_confirmation: 'attacker password' } },
    });
    expect(planted.status).toBe(201);
    githubPerson = { id: 4242, login: 'victim', name: 'Real Victim', emails: [{ email: 'victim@example.org', verified: true, primary: true }] };
    const landing = await finish(await providerCallback('github', 'victim'));
    expect(landing.pathname).toBe('/login_success');
    const signedIn = await call(harness.app, { url: '/users/edit', token: landing.searchParams.get('jwt') ?? '' });
    const plantedRow = await harness.env.db('users').where({ username: 'planted' }).first('id', 'email', 'confirmed_at');
    expect(signedIn.body).toMatchObject({ user: { username: 'victim', email: 'victim@example.org' } });
    expect((signedIn.body.user as { id: number }).id).not.toBe(plantedRow.id);
    // The planted account gave the address up and is still unconfirmed: its password opens nothing.
    expect(plantedRow).toMatchObject({ email: null, confirmed_at: null });
    expect(await harness.env.db('user_identities').where({ user_id: plantedRow.id })).toEqual([]);
    const attacker = await call(harness.app, { method: 'POST', url: '/users/sign_in', payload: { user: { login: 'planted', password: 'attacker password' } } });
    expect(attacker.status).toBe(401);
  });

  it('does not link by an address that only waits for confirmation (a pending e-mail change)', async () => {
    const schemer = await signedUpUser(harness, 'schemer');
    const change = await call(harness.app, { method: 'PUT', url: '/users', token: schemer.jwt, payload: { user: { email: 'someone-else@example.org', current_password: schemer.password } } });
    expect(change.status).toBe(200);
    githubPerson = { id: 4343, login: 'someone-else', name: 'Someone Else', emails: [{ email: 'someone-else@example.org', verified: true, primary: true }] };
    const landing = await finish(await providerCallback('github', 'someone-else'));
    const signedIn = await call(harness.app, { url: '/users/valid', token: landing.searchParams.get('jwt') ?? '' });
    expect(signedIn.body.id).not.toBe(schemer.id);
  });

  it('refuses a replayed, forged or foreign callback', async () => {
    githubPerson = { id: 583231, login: 'octocat', name: 'The Octocat', emails: [] };
    const callback = await providerCallback('github', 'octocat');
    expect((await finish(callback)).pathname).toBe('/login_success');
    expect((await finish(callback)).pathname).toBe('/login_failure');

    const forged = await providerCallback('github', 'octocat');
    forged.searchParams.set('state', 'forged-state');
    expect((await finish(forged)).pathname).toBe('/login_failure');

    const foreign = await providerCallback('github', 'octocat');
    expect((await finish(new URL(`${PUBLIC_URL}/users/auth/orcid/callback${foreign.search}`))).pathname).toBe('/login_failure');
  });

  it('logs no code, state or token', () => {
    const log = harness.logLines.join('\n');
    expect(log).toContain('/users/auth/github/callback?code=[redacted]&state=[redacted]');
    expect(log).not.toMatch(/[?&](code|state|jwt)=(?!\[redacted\])/);
  });
});
