/**
 * ORCID (OpenID Connect) and GitHub (OAuth 2) sign-in, the whole flow against local providers
 * speaking the real protocols: start → provider login → callback with code and state → account
 * created or linked → /login_success?jwt=…&expiry=…; replayed or forged callbacks fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@registry/api';
import { call, signedUpUser, startAccountsHarness, type AccountsHarness } from './support.ts';
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
    expect(landing.searchParams.get('expiry')).toBe(String(harness.config.sessionLifetimeSeconds));
    expect(landing.searchParams.get('goTo')).toBe('/users/orcid/sendEmail');
    const jwt = landing.searchParams.get('jwt') ?? '';

    const valid = await call(harness.app, { url: '/users/valid', token: jwt });
    expect(valid.status).toBe(200);
    const account = await call(harness.app, { url: '/users/edit', token: jwt });
    expect(account.body).toMatchObject({ user: { username: 'JosiahCarberry', orcid: orcidId, first_name: 'Josiah', third_party: true, email: null } });

    const email = await call(harness.app, { method: 'POST', url: '/users/orcid/sendEmail', token: jwt, payload: { user: { email: 'josiah@example.org' } } });
    expect(email.status).toBe(200);
    await harness.sink.waitFor((mail) => mail.to.includes('josiah@example.org'));
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
