/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, hence the DOM types.
/**
 * Accounts in a real browser against the real server, its own database and a local SMTP sink:
 * sign up → confirmation mail → confirm → log in → edit the profile → create an API key → log
 * out; the expired-session message and a refused token; a forgotten password reset by mail; a
 * guarded route with goTo; the login popup; ORCID sign-in against a local OpenID provider
 * (tests/accounts/providers.ts); a super curator changing a user's role, deactivating and
 * deleting them; every account screen at phone width.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ACCOUNT_MESSAGES } from '@registry/schemas/forms/account.ts';
import type { IsolatedEnvironment } from '../support/environment.ts';
import { startMailSink, type MailSink } from '../../scripts/mail-sink/mail-sink.ts';
import { ORCID_PEOPLE, startOrcidStandIn, TEST_CLIENT, type LocalProvider } from '../accounts/providers.ts';
import {
  PHONE_VIEWPORT,
  checkAccessibility,
  collectConsoleErrors,
  freePort,
  openPage,
  pathAndQuery,
  poll,
  recordVisitedUrls,
  saveScreenshot,
  visitedUrls,
  waitForPathAndQuery,
  type TestServer,
} from './support/index.ts';
import { linkPath, startWritableSuite, submitLogin as logIn, SUITE_PASSWORD as PASSWORD, type WritableSuite } from './support/writable-suite.ts';

let suite: WritableSuite;
let environment: IsolatedEnvironment;
let mailSink: MailSink;
let orcid: LocalProvider;
let server: TestServer;
let browser: Browser;

/** Requests the app makes on its own that a test may legitimately see fail (a refused token, a 401 on purpose). */
const EXPECTED_FAILURES = [/401 \(Unauthorized\)/, /Failed to load resource/];

function addConfirmedUser(username: string, role: 'user' | 'super_curator' = 'user'): Promise<number> {
  return suite.addUser(username, role);
}

beforeAll(async () => {
  mailSink = await startMailSink();
  // ORCID sends the browser back to PUBLIC_URL, so the server's address is fixed before it starts.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  orcid = await startOrcidStandIn(`${publicUrl}/users/auth/orcid/callback`);
  suite = await startWritableSuite({
    name: 'browser_accounts',
    catalogue: false,
    port,
    env: {
      SMTP_URL: mailSink.url,
      PUBLIC_URL: publicUrl,
      ORCID_CLIENT_ID: TEST_CLIENT.clientId,
      ORCID_CLIENT_SECRET: TEST_CLIENT.clientSecret,
      ORCID_ISSUER_URL: orcid.url,
    },
  });
  ({ environment, server, browser } = suite);
});

afterAll(async () => {
  await suite?.close();
  await mailSink?.close();
  await orcid?.close();
});

describe('accounts in the browser', () => {
  it('signs up, confirms by mail, logs in, edits the profile, creates an API key and logs out', { timeout: 240_000 }, async () => {
    const page = await openPage(browser, server.url);
    const errors = collectConsoleErrors(page, EXPECTED_FAILURES);
    page.on('dialog', (dialog) => void dialog.accept());

    // Sign-up: the §5 messages appear under their fields, REGISTER waits for a valid form.
    await page.goto('/accounts/signup');
    const signUp = page.getByRole('form', { name: 'Create an account' });
    await signUp.getByLabel('Username').fill('ada');
    await signUp.getByLabel('Email').fill('ada-at-example');
    await signUp.getByLabel(/^Password/).fill('short');
    await signUp.getByLabel('Repeat password').fill('other');
    await signUp.getByLabel('Username').click();
    await page.getByText('Invalid e-mail.').waitFor();
    await page.getByText('Value is not long enough (5/8)').waitFor();
    await page.getByText('Invalid repeated password').waitFor();
    expect(await signUp.getByRole('button', { name: 'REGISTER' }).isDisabled()).toBe(true);
    await saveScreenshot(page, 'accounts-signup-invalid');
    expect(await checkAccessibility(page)).toEqual([]);

    await signUp.getByLabel('Username').fill('ada_lovelace');
    await signUp.getByLabel('Email').fill('ada@example.org');
    await signUp.getByLabel(/^Password/).fill(PASSWORD);
    await signUp.getByLabel('Repeat password').fill(PASSWORD);
    await signUp.getByRole('button', { name: 'REGISTER' }).click();
    await page.getByTestId('form-success').waitFor();

    // Before confirming, login fails with the exact text and offers to resend the mail.
    await logIn(page, 'ada_lovelace');
    await page.getByText('You have to confirm your email address before continuing.').waitFor();
    await page.getByRole('link', { name: 'Resend me the confirmation email' }).waitFor();
    await saveScreenshot(page, 'accounts-login-unconfirmed');

    const mail = await mailSink.waitFor((received) => received.to.includes('ada@example.org'));
    await page.goto(linkPath(mail.text, '/users/confirmation'));
    await page.getByText('Your account is confirmed. You can now log in.').waitFor();
    // Following the link again says the account is already confirmed and offers to log in.
    await page.goto(linkPath(mail.text, '/users/confirmation'));
    await page.getByText('This account is already confirmed. You can log in.').waitFor();
    expect(await page.getByRole('link', { name: 'Log in', exact: true }).getAttribute('href')).toBe('/accounts/login');

    // Login with goTo absent lands on the profile, with its empty lists.
    await logIn(page, 'ada@example.org');
    await waitForPathAndQuery(page, '/accounts/profile');
    await page.getByRole('heading', { name: 'Hi, ada_lovelace' }).waitFor();
    await page.getByTestId('personal-information').waitFor();
    for (const list of ['watched-records', 'created-records', 'maintained-records', 'records-in-curation', 'saved-searches', 'claims', 'edits']) {
      await page.getByTestId(list).getByTestId('empty-list').waitFor();
    }
    const header = page.locator('header');
    expect(await header.getByRole('link', { name: 'ada_lovelace' }).getAttribute('href')).toBe('/accounts/profile');
    await saveScreenshot(page, 'accounts-profile-empty');
    expect(await checkAccessibility(page)).toEqual([]);

    // Edit the profile: a bad handle shows its §5 message, then a valid edit is saved.
    await page.getByRole('link', { name: 'Edit profile' }).click();
    const edit = page.getByRole('form', { name: 'Edit your profile' });
    await edit.getByLabel('First name').fill('Ada');
    await edit.getByLabel('Last name').fill('Lovelace');
    await edit.getByLabel('Mastodon').fill('ada@mastodon.social');
    await edit.getByLabel('ORCID iD').fill('0000-0002-1825');
    await edit.getByLabel('Homepage').fill('https://example.org/ada');
    await edit.getByLabel('Bluesky').fill('@ada.bsky.social');
    await edit.getByLabel('First name').click();
    await page.getByText('Invalid mastodon handle: Use @user@server.').waitFor();
    await page.getByText("Doesn't look like a valid ORCID ID.").waitFor();
    expect(await edit.getByRole('button', { name: 'Save profile' }).isDisabled()).toBe(true);
    await edit.getByLabel('Mastodon').fill('@ada@mastodon.social');
    await edit.getByLabel('ORCID iD').fill('0000-0002-1825-009X');
    await saveScreenshot(page, 'accounts-profile-edit');
    expect(await checkAccessibility(page)).toEqual([]);
    await edit.getByRole('button', { name: 'Save profile' }).click();
    await waitForPathAndQuery(page, '/accounts/profile');
    await page.getByText('Update successful !').waitFor();
    const information = page.getByTestId('personal-information');
    await information.getByText('Ada Lovelace').waitFor();
    await information.getByText('@ada@mastodon.social').waitFor();
    await information.getByText('0000-0002-1825-009X').waitFor();

    // An API key: named, shown once, listed, and it reads the API as its owner.
    const keys = page.getByTestId('api-keys');
    await keys.getByLabel('Name of the new key').fill('analysis script');
    await keys.getByRole('button', { name: 'Create key' }).click();
    const key = (await keys.getByTestId('new-api-key').textContent())?.trim() ?? '';
    expect(key.length).toBeGreaterThan(20);
    await keys.getByTestId('api-key').getByText('analysis script').waitFor();
    const viaKey = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-GraphQL-Key': key },
      body: JSON.stringify({ query: '{user(id:1){username}}' }),
    });
    expect(viaKey.status).toBe(200);
    await saveScreenshot(page, 'accounts-profile-api-key');
    await page.reload();
    await page.getByTestId('api-key').getByText('analysis script').waitFor();
    expect(await page.getByTestId('new-api-key').count()).toBe(0);

    // Log out: the header offers Login again and the old token no longer works.
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('registry.session') ?? '{}') as { credentials?: { token?: string } }).credentials?.token);
    await header.getByRole('button', { name: 'Log out' }).click();
    await waitForPathAndQuery(page, '/');
    await header.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('registry.session'))).toBeNull();
    const afterLogout = await fetch(`${server.url}/users/valid`, { headers: { Authorization: `Bearer ${token}` } });
    expect(afterLogout.status).toBe(401);

    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('changes the e-mail address: the current password is asked for, the pending address shows, the link keeps one signed in; a revoked key is told so', { timeout: 180_000 }, async () => {
    await addConfirmedUser('mary');
    const page = await suite.signedInPage('mary');
    const errors = collectConsoleErrors(page, EXPECTED_FAILURES);
    await page.goto('/profiles/edit');
    const edit = page.getByRole('form', { name: 'Edit your profile' });
    await edit.getByLabel('Email').fill('mary-somerville@example.org');
    // Said beside the field before any save, not "Current password is invalid." after one.
    await edit.getByTestId('error-current_password').getByText(ACCOUNT_MESSAGES.currentPasswordRequired).waitFor();
    expect(await edit.getByRole('button', { name: 'Save profile' }).isDisabled()).toBe(true);
    await saveScreenshot(page, 'accounts-email-change-password-required');
    expect(await checkAccessibility(page)).toEqual([]);
    await edit.getByLabel(/^Current password/).fill(PASSWORD);
    await edit.getByRole('button', { name: 'Save profile' }).click();
    await waitForPathAndQuery(page, '/accounts/profile');
    // The profile names the address waiting for its link; the account keeps the old one until then.
    await page.getByTestId('pending-email').getByText('mary-somerville@example.org').waitFor();
    await page.getByTestId('personal-information').getByText('mary@example.org').waitFor();
    await saveScreenshot(page, 'accounts-profile-pending-email');

    const mail = await mailSink.waitFor((received) => received.to.includes('mary-somerville@example.org'));
    await page.goto(linkPath(mail.text, '/users/confirmation'));
    await page.getByText('Your e-mail address is confirmed.').waitFor();
    expect(await page.getByText('You can now log in').count()).toBe(0);
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await page.getByTestId('personal-information').getByText('mary-somerville@example.org').waitFor();
    expect(await page.getByTestId('pending-email').count()).toBe(0);

    // A revoked API key is told it was revoked, not asked to sign in (the page accepts the confirmation).
    const keys = page.getByTestId('api-keys');
    await keys.getByLabel('Name of the new key').fill('old script');
    await keys.getByRole('button', { name: 'Create key' }).click();
    const key = (await keys.getByTestId('new-api-key').textContent())?.trim() ?? '';
    await keys.getByRole('button', { name: 'Revoke old script' }).click();
    await poll(async () => keys.getByTestId('api-key').count()).toBe(0);
    const refused = await fetch(`${server.url}/users/edit`, { headers: { 'X-GraphQL-Key': key } });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe('This API key was revoked: create a new one on your profile page.');
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('clears an expired session with the SPEC message, at start and on a later route change', async () => {
    await addConfirmedUser('grace');
    const page = await openPage(browser, server.url);
    await page.goto('/licence');
    await page.evaluate(() => {
      localStorage.setItem('registry.session', JSON.stringify({ id: 1, credentials: { username: 'grace', token: 'x', validity: Date.now() - 1000 } }));
    });
    await page.reload();
    await page.getByText('You session has expired. Please log in again.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('registry.session'))).toBeNull();

    // A real session that runs out while the app is open ends at the next route change.
    await logIn(page, 'grace');
    await waitForPathAndQuery(page, '/accounts/profile');
    // Long enough for the reload on a busy machine; the click waits until it has passed.
    const validity = await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('registry.session') ?? '{}') as { credentials: { validity: number } };
      stored.credentials.validity = Date.now() + 15_000;
      localStorage.setItem('registry.session', JSON.stringify(stored));
      return stored.credentials.validity;
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Hi, grace' }).waitFor();
    await page.waitForFunction((end) => Date.now() > end, validity, { timeout: 30_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add content' }).click();
    await page.getByText('You session has expired. Please log in again.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('registry.session'))).toBeNull();
    await page.locator('header').getByRole('button', { name: 'Login' }).waitFor();

    // A token the server no longer accepts (ended elsewhere) logs out at the next route change.
    await logIn(page, 'grace');
    await waitForPathAndQuery(page, '/accounts/profile');
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('registry.session') ?? '{}') as { credentials: { token: string } }).credentials.token);
    expect((await fetch(`${server.url}/users/sign_out`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add content' }).click();
    await page.getByText('Your session is no longer valid; please log in again.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('registry.session'))).toBeNull();
    await page.context().close();
  });

  it('resets a forgotten password through the mailed link, which works once', async () => {
    await addConfirmedUser('barbara');
    const page = await openPage(browser, server.url);
    await page.goto('/accounts/login');
    await page.getByRole('link', { name: 'Forgotten your password?' }).click();
    const request = page.getByRole('form', { name: 'Forgotten password' });
    await request.getByLabel('Email').fill('barbara@example.org');
    await request.getByRole('button', { name: 'SEND RESET LINK' }).click();
    await page.getByTestId('form-success').waitFor();
    const mail = await mailSink.waitFor((received) => received.to.includes('barbara@example.org'));
    const resetPath = linkPath(mail.text, '/users/password/edit');

    await page.goto(resetPath);
    const reset = page.getByRole('form', { name: 'Choose a new password' });
    await reset.getByLabel(/^New password/).fill('a brand new passphrase');
    await reset.getByLabel(/^Repeat the new password/).fill('a brand new passphrase');
    await reset.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
    await page.getByText('Password change successful. Please log back in.').waitFor();
    await saveScreenshot(page, 'accounts-password-reset');

    await page.goto(resetPath);
    await reset.getByLabel(/^New password/).fill('another passphrase');
    await reset.getByLabel(/^Repeat the new password/).fill('another passphrase');
    await reset.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
    await page.getByText('Reset password token is invalid.').waitFor();

    await page.goto('/accounts/login');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Username or email').fill('barbara');
    await form.getByLabel(/^Password/).fill('a brand new passphrase');
    await form.getByLabel(/^Password/).press('Enter');
    await waitForPathAndQuery(page, '/accounts/profile');
    await page.context().close();
  });

  it('sends a guarded route to login with goTo and returns there after login', async () => {
    await addConfirmedUser('hedy');
    const page = await openPage(browser, server.url);
    await page.goto('/profiles/edit');
    await waitForPathAndQuery(page, '/accounts/login?goTo=%2Fprofiles%2Fedit');
    const form = page.getByRole('form', { name: 'Login' });
    const login = form.getByRole('button', { name: 'LOGIN' });
    expect(await login.isDisabled()).toBe(true);
    await form.getByLabel('Username or email').fill('hedy');
    expect(await login.isDisabled()).toBe(true);
    await form.getByLabel(/^Password/).fill('wrong password');
    await poll(() => login.isDisabled()).toBe(false);

    // Show/hide password.
    const password = form.getByLabel(/^Password/);
    expect(await password.getAttribute('type')).toBe('password');
    await form.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await form.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    for (const link of ['Forgotten your password?', 'Need to create a new account?', "Can't login with ORCID or Github?"]) {
      expect(await form.getByRole('link', { name: link }).count()).toBe(1);
    }
    await login.click();
    await page.getByTestId('form-error').waitFor();
    expect(await page.getByRole('link', { name: 'Resend me the confirmation email' }).count()).toBe(0);
    expect(await checkAccessibility(page)).toEqual([]);

    await password.fill(PASSWORD);
    await password.press('Enter');
    await waitForPathAndQuery(page, '/profiles/edit');
    await page.getByRole('form', { name: 'Edit your profile' }).waitFor();

    // A super-curator page is refused to a plain user: login with goTo, which stays (no loop back).
    await recordVisitedUrls(page);
    await page.goto('/profiles/usersList');
    await waitForPathAndQuery(page, '/accounts/login?goTo=%2Fprofiles%2FusersList');
    await page.getByText('You are logged in as hedy, who may not open /profiles/usersList.', { exact: false }).waitFor();
    // Once the session check of the route change has answered, the app has moved once, to the login page.
    await page.waitForLoadState('networkidle');
    const visited = await visitedUrls(page);
    expect([...new Set(visited)]).toEqual(['/profiles/usersList', '/accounts/login?goTo=%2Fprofiles%2FusersList']);
    expect(visited.lastIndexOf('/profiles/usersList')).toBeLessThan(visited.indexOf('/accounts/login?goTo=%2Fprofiles%2FusersList'));
    await page.context().close();
  });

  it('logs in from the header popup and stays on the page', async () => {
    await addConfirmedUser('katherine');
    const page = await openPage(browser, server.url);
    await page.goto('/licence');
    await page.locator('header').getByRole('button', { name: 'Login' }).click();
    const popup = page.getByTestId('login-popup');
    await popup.getByLabel('Username or email').fill('katherine');
    await popup.getByLabel(/^Password/).fill(PASSWORD);
    await saveScreenshot(page, 'accounts-login-popup');
    await popup.getByRole('button', { name: 'LOGIN' }).click();
    await page.locator('header').getByRole('link', { name: 'katherine' }).waitFor();
    expect(pathAndQuery(page)).toBe('/licence');
    expect(await popup.count()).toBe(0);
    await page.context().close();
  });

  it('deletes one’s own account after a confirmation; the account can no longer log in', async () => {
    await addConfirmedUser('ida');
    const page = await openPage(browser, server.url);
    page.on('dialog', (dialog) => void dialog.accept());
    await logIn(page, 'ida', '/profiles/edit');
    await waitForPathAndQuery(page, '/profiles/edit');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await waitForPathAndQuery(page, '/');
    await page.getByText('Delete successful !').waitFor();
    await page.locator('header').getByRole('button', { name: 'Login' }).waitFor();
    await logIn(page, 'ida');
    await page.getByTestId('form-error').waitFor();
    await page.context().close();
  });

  it('signs in with ORCID at the local provider, then asks for the e-mail ORCID does not share', async () => {
    const [orcidId, person] = Object.entries(ORCID_PEOPLE)[0];
    const page = await openPage(browser, server.url);
    await page.goto('/accounts/login');
    await page.getByTestId('third-party-sign-in').getByRole('link', { name: 'Log in with ORCID' }).click();

    // The provider's own login and consent pages (oidc-provider's development interactions).
    await page.waitForURL((url) => url.origin === orcid.url);
    await page.locator('input[name="login"]').fill(orcidId);
    await page.locator('input[name="password"]').fill('any');
    await saveScreenshot(page, 'accounts-orcid-provider-login');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.origin !== orcid.url || url.pathname.includes('interaction'));
    if (new URL(page.url()).origin === orcid.url) await page.locator('button[type="submit"]').click();

    // Back on the registry: signed in, and sent to give an e-mail address.
    await waitForPathAndQuery(page, '/users/orcid/sendEmail');
    const username = `${person.given_name}${person.family_name}`;
    await page.locator('header').getByRole('link', { name: username }).waitFor();
    const form = page.getByRole('form', { name: 'Your e-mail address' });
    await form.getByLabel('Email').fill('josiah@example.org');
    await form.getByRole('button', { name: 'SAVE MY E-MAIL' }).click();
    await page.getByTestId('form-success').waitFor();
    await mailSink.waitFor((mail) => mail.to.includes('josiah@example.org'));
    await saveScreenshot(page, 'accounts-orcid-email');

    await page.goto('/accounts/profile');
    const information = page.getByTestId('personal-information');
    await information.getByText(orcidId).waitFor();
    await information.getByText(`${person.given_name} ${person.family_name}`).waitFor();
    await page.context().close();
  });

  it('lets a super curator change a user’s role', async () => {
    const rootId = await addConfirmedUser('root', 'super_curator');
    const targetId = await addConfirmedUser('margaret');
    const page = await openPage(browser, server.url);
    const errors = collectConsoleErrors(page, EXPECTED_FAILURES);
    await logIn(page, 'root', '/profiles/usersList');
    await waitForPathAndQuery(page, '/profiles/usersList');
    await page.getByLabel('Filter users by username or e-mail').fill('marg');
    const table = page.getByTestId('users-table');
    await table.getByRole('link', { name: 'margaret', exact: true }).waitFor();
    await saveScreenshot(page, 'accounts-users-list');
    await table.getByRole('link', { name: 'Edit margaret' }).click();
    await waitForPathAndQuery(page, `/profiles/editPublicProfile/${targetId}`);
    const form = page.getByRole('form', { name: 'Edit margaret' });
    await form.getByLabel('Role').selectOption('curator');
    await saveScreenshot(page, 'accounts-edit-public-profile');
    await form.getByRole('button', { name: 'Save' }).click();
    await Promise.race([
      waitForPathAndQuery(page, '/profiles/usersList'),
      page.getByTestId('form-error').waitFor().then(async () => expect.fail(await page.getByTestId('form-error').innerText())),
    ]);
    await page.getByText('Update successful !').waitFor();
    const row = await environment.db('users').select('role').where({ id: targetId }).first<{ role: string }>();
    expect(row.role).toBe('curator');
    expect(errors.messages).toEqual([]);

    // Deactivated, the user cannot log in; deleted, the user is gone from the list.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`/profiles/editPublicProfile/${targetId}`);
    await form.getByLabel(/^Deactivated/).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await waitForPathAndQuery(page, '/profiles/usersList');
    const visitor = await openPage(browser, server.url);
    await logIn(visitor, 'margaret');
    await visitor.getByText('Your account has been deactivated.').waitFor();
    await visitor.context().close();
    await page.goto(`/profiles/editPublicProfile/${targetId}`);
    await form.getByRole('button', { name: 'Delete this user' }).click();
    await waitForPathAndQuery(page, '/profiles/usersList');
    await page.getByText('Delete successful !').waitFor();
    expect(await page.getByTestId('users-table').getByRole('link', { name: 'margaret', exact: true }).count()).toBe(0);

    // The super curator's screens fit a phone too.
    await page.setViewportSize(PHONE_VIEWPORT);
    for (const path of ['/profiles/usersList', `/profiles/editPublicProfile/${rootId}`]) {
      await page.goto(path);
      await page.getByTestId(path.includes('usersList') ? 'users-table' : 'personal-fields').waitFor();
      await saveScreenshot(page, `accounts-phone${path.replace(/\//g, '-')}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
    }
    await page.context().close();
  });

  it('fits every account screen into a phone screen', async () => {
    await addConfirmedUser('phone_user');
    const page = await openPage(browser, server.url, { viewport: PHONE_VIEWPORT });
    const loggedOutScreens = ['/accounts/login', '/accounts/signup', '/users/resendConfirmation', '/accounts/forgotPassword', '/users/password/edit?reset_password_token=x', '/users/confirmation?confirmation_token=x', '/login_failure'];
    for (const path of loggedOutScreens) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await saveScreenshot(page, `accounts-phone${path.split('?')[0].replace(/\//g, '-')}`);
      await page.locator('main h1').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
    }
    await logIn(page, 'phone_user');
    await waitForPathAndQuery(page, '/accounts/profile');
    const id = await page.evaluate(() => (JSON.parse(localStorage.getItem('registry.session') ?? '{}') as { id?: number }).id);
    for (const path of ['/accounts/profile', '/profiles/edit', `/users/${id}`]) {
      await page.goto(path);
      await page.locator('main h1').waitFor();
      await page.waitForLoadState('networkidle');
      await saveScreenshot(page, `accounts-phone${path.replace(/\//g, '-')}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
    }
    await page.context().close();
  });
});
