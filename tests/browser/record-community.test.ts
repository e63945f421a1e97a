/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, hence the DOM types.
/**
 * The community side of a record page in a real browser against the real server, its own
 * database (the demo catalogue) and a local SMTP sink: anonymous visitors get a sign-in hint; a
 * user claims a record from its page (the dialog says when to expect an answer) → a curator
 * approves the claim → the claimant sees Edit, edits the record and finds the claim on their
 * profile, then stops maintaining; a curator sees "needs review" and marks the record reviewed;
 * the page explains why a record has no DOI; a user watches a record → a curator edits it → the
 * hourly digest (the job the server runs on a timer, called here) mails the watcher, naming the
 * record and the changed section, with a history link that opens the history and a one-click
 * unsubscribe link that turns the preference off on the profile edit form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadConfig } from '@registry/platform';
import { createSmtpMailer } from '@registry/api/accounts/mailer.ts';
import { DOI_RULE_SENTENCE } from '@registry/schemas/curation/doi-rule.ts';
import { sendChangeDigests } from '@registry/api/watching/watching-service.ts';
import { startMailSink, type MailSink, type ReceivedMail } from '../../scripts/mail-sink/mail-sink.ts';
import type { IsolatedEnvironment } from '../support/environment.ts';
import { checkAccessibility, collectConsoleErrors, openPage, poll, saveScreenshotsAtBothWidths, type TestServer } from './support/index.ts';
import { linkPath, startWritableSuite, SUITE_PASSWORD, type WritableSuite } from './support/writable-suite.ts';

// Real demo catalogue records: the first has no DOI (it is not marked complete), the second is watched.
const CLAIMED_NAME = 'Ontology of the amphioxus anatomy and life cycle';
const WATCHED_NAME = 'EngMeta';
const JWT_SECRET = 'record-community-suite-secret-of-enough-length';
const EXPECTED_FAILURES = [/Failed to load resource/];

let suite: WritableSuite;
let environment: IsolatedEnvironment;
let server: TestServer;
let mailSink: MailSink;
let claimed: { id: number; name: string };
let watched: { id: number; name: string };

async function recordNamed(name: string): Promise<{ id: number; name: string }> {
  const row = await environment.db('records').where({ name }).first('id', 'name');
  if (!row) throw new Error(`${name} is not in the demo catalogue`);
  return { id: Number(row.id), name: row.name };
}

/** A curator's session token, for the API call a curator's screen would make. */
async function tokenOf(login: string): Promise<string> {
  const response = await fetch(`${server.url}/users/sign_in`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: { login, password: SUITE_PASSWORD } }),
  });
  return ((await response.json()) as { jwt: string }).jwt;
}

async function addSupportContact(page: Page, recordId: number, name: string): Promise<void> {
  await page.goto(`/${recordId}/edit`);
  const support = page.getByTestId('section-support');
  await support.getByRole('button', { name: 'Add a contact' }).click();
  await support.getByLabel('Contact name').last().fill(name);
  await support.getByLabel('Contact e-mail').last().fill(`${name.toLowerCase().replace(/\W+/g, '.')}@example.org`);
  await page.getByTestId('save-support').click();
  await page.getByTestId('outcome-support').getByText('Record successfully updated!').waitFor();
}


beforeAll(async () => {
  mailSink = await startMailSink();
  suite = await startWritableSuite({ name: 'browser_record_community', env: { SMTP_URL: mailSink.url, JWT_SECRET } });
  ({ environment, server } = suite);
  await suite.addUser('claire');
  await suite.addUser('wendy');
  await suite.addUser('curtis', 'curator');
  claimed = await recordNamed(CLAIMED_NAME);
  watched = await recordNamed(WATCHED_NAME);
});

afterAll(async () => {
  await suite?.close();
  await mailSink?.close();
});

describe('claiming a record', () => {
  it('shows anonymous visitors a sign-in hint instead of the buttons, and why the record has no DOI', async () => {
    const page = await openPage(suite.browser, server.url);
    await page.goto(`/${claimed.id}`);
    const hint = page.getByTestId('community-sign-in');
    await hint.waitFor();
    expect(await page.getByRole('button', { name: 'Claim' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Watch' }).count()).toBe(0);
    expect(await hint.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/accounts/login?goTo=${encodeURIComponent(`/${claimed.id}`)}`);
    expect(await page.getByTestId('missing-doi').textContent()).toBe(`No DOI yet. ${DOI_RULE_SENTENCE}`);
    expect(await page.getByTestId('last-reviewed').textContent()).toBe('Not reviewed by a curator yet');
    await saveScreenshotsAtBothWidths(page, 'record-community-anonymous');
    expect(await checkAccessibility(page)).toEqual([]);
  });

  it('a user claims the record, a curator approves it, the claimant edits it and can stop maintaining it', { timeout: 240_000 }, async () => {
    const page = await suite.signedInPage('claire');
    const errors = collectConsoleErrors(page, EXPECTED_FAILURES);
    await page.goto(`/${claimed.id}`);
    await page.getByRole('button', { name: 'Claim' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Ask to maintain ${claimed.name}?` });
    await dialog.getByText('answer within five working days').waitFor();
    const message = dialog.getByLabel('Message to the curators (optional)');
    await message.fill('x'.repeat(1001));
    await dialog.getByText('A message has at most 1000 characters').waitFor();
    expect(await dialog.getByRole('button', { name: 'Send request' }).isDisabled()).toBe(true);
    await message.fill('I lead the group that develops this ontology.');
    await saveScreenshotsAtBothWidths(page, 'record-community-claim-dialog');
    expect(await checkAccessibility(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await page.getByTestId('claim-state').getByText(/You asked to maintain this record on .+\. A curator will answer within five working days/).waitFor();
    expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Withdraw request' }).waitFor();
    await saveScreenshotsAtBothWidths(page, 'record-community-claim-pending');
    expect(await checkAccessibility(page)).toEqual([]);
    await mailSink.waitFor((mail) => mail.to.includes('curtis@example.org') && mail.text.includes('I lead the group that develops this ontology.'));

    // The curator decides through the API call of the curator's screens (PUT /maintenance_requests/{id}).
    const claim = await environment.db('maintenance_requests').where({ record_id: claimed.id, status: 'pending' }).first('id');
    const approval = await fetch(`${server.url}/maintenance_requests/${claim.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenOf('curtis')}` },
      body: JSON.stringify({ maintenance_request: { status: 'approved', message: 'Welcome aboard.' } }),
    });
    expect(approval.status).toBe(200);
    await mailSink.waitFor((mail) => mail.to.includes('claire@example.org') && mail.text.includes('Welcome aboard.'));

    await page.reload();
    await page.getByTestId('claim-state').getByText('You maintain this record').waitFor();
    await page.getByRole('button', { name: 'Stop maintaining' }).waitFor();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(`**/${claimed.id}/edit`);
    await addSupportContact(page, claimed.id, 'Amphioxus Team');
    await page.goto(`/${claimed.id}`);
    await page.getByText('Amphioxus Team').first().waitFor();
    await page.getByRole('link', { name: 'claire' }).first().waitFor();

    await page.goto('/accounts/profile');
    await page.getByTestId('claims').getByTestId('claim-status').getByText('approved: you maintain this record').waitFor();
    await page.getByTestId('maintained-records').getByRole('link', { name: claimed.name }).waitFor();
    await page.getByTestId('edits').getByRole('link', { name: claimed.name }).first().waitFor();
    // The edit reads as the record's history titles it, with the fields it changed, not as the stored diff's type.
    const edit = page.getByTestId('edits').getByTestId('edit-event').filter({ hasText: claimed.name }).first();
    expect(await edit.textContent()).toMatch(/Edited: Support \(.+\)/);
    expect(await edit.textContent()).not.toMatch(/\bupdate\b|[{}"_]/);
    await saveScreenshotsAtBothWidths(page, 'record-community-profile');
    expect(await checkAccessibility(page)).toEqual([]);

    await page.goto(`/${claimed.id}`);
    await page.getByRole('button', { name: 'Stop maintaining' }).click();
    const stop = page.getByRole('alertdialog', { name: `Stop maintaining ${claimed.name}?` });
    await stop.getByRole('button', { name: 'Stop maintaining' }).click();
    await page.getByRole('button', { name: 'Claim' }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(errors.messages).toEqual([]);
  });

  it('shows curators alone that a record needs review, and marks it reviewed', async () => {
    const user = await suite.signedInPage('claire');
    await user.goto(`/${claimed.id}`);
    await user.getByRole('button', { name: 'Watch' }).waitFor();
    expect(await user.getByTestId('needs-review').count()).toBe(0);
    expect(await user.getByRole('button', { name: 'Mark reviewed' }).count()).toBe(0);

    const curator = await suite.signedInPage('curtis');
    await curator.goto(`/${claimed.id}`);
    await curator.getByTestId('needs-review').getByText('Needs review').waitFor();
    await saveScreenshotsAtBothWidths(curator, 'record-community-needs-review');
    expect(await checkAccessibility(curator)).toEqual([]);
    await curator.getByRole('button', { name: 'Mark reviewed' }).click();
    // The page reloads the record: its review date, no badge.
    await poll(() => curator.getByTestId('last-reviewed').textContent()).not.toBe('Not reviewed by a curator yet');
    await curator.getByRole('button', { name: 'Mark reviewed' }).waitFor();
    expect(await curator.getByTestId('needs-review').count()).toBe(0);
  });
});

describe('watching a record', () => {
  let digest: ReceivedMail;

  it('a user watches a record, a curator edits it, and the digest mail names the record and the changed section', { timeout: 240_000 }, async () => {
    const page = await suite.signedInPage('wendy');
    await page.goto(`/${watched.id}`);
    await page.getByRole('button', { name: 'Watch' }).click();
    await page.getByRole('button', { name: 'Unwatch' }).waitFor();
    await page.getByTestId('community-notice').getByText('You are watching this record.').waitFor();
    await saveScreenshotsAtBothWidths(page, 'record-community-watching');
    await page.goto('/accounts/profile');
    await page.getByTestId('watched-records').getByRole('link', { name: watched.name }).waitFor();

    const curator = await suite.signedInPage('curtis');
    await addSupportContact(curator, watched.id, 'Metadata Desk');

    // The server's timer runs this job every few minutes; the test runs it once, now.
    const config = loadConfig({ ...process.env, SMTP_URL: mailSink.url, JWT_SECRET });
    const sent = await sendChangeDigests({
      db: environment.db,
      mailer: createSmtpMailer(config),
      mailContext: { publicUrl: server.url, siteName: config.siteName },
      secret: config.jwtSecret,
      warn: (message, error) => { throw new Error(`${message}: ${String(error)}`); },
    }, new Date());
    expect(sent).toBeGreaterThanOrEqual(1);
    digest = await mailSink.waitFor((mail) => mail.to.includes('wendy@example.org') && /changes to 1 record /.test(mail.subject));
    expect(digest.text).toContain(`- ${watched.name} (1 edit): Support\n  History: ${server.url}/${watched.id}#history`);
    expect(digest.html).toContain(`href="${server.url}/${watched.id}#history"`);
  });

  it('the history link opens the record with its history shown', async () => {
    const link = new URL(/History: (\S+)/.exec(digest.text)![1]);
    const page = await suite.signedInPage('wendy');
    await page.goto(link.pathname + link.hash);
    const history = page.getByTestId('record-history');
    await history.waitFor();
    await history.getByTestId('history-entry').filter({ hasText: 'Edited: Support' }).filter({ hasText: '· curtis' }).first().waitFor();
    expect(await history.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    await saveScreenshotsAtBothWidths(page, 'record-community-history');
    expect(await checkAccessibility(page)).toEqual([]);
  });

  it('the unsubscribe link turns the mails off, as the profile edit form then shows; the form turns them on again', async () => {
    const anonymous = await openPage(suite.browser, server.url);
    await anonymous.goto(linkPath(digest.text, '/users/notifications/unsubscribe'));
    await anonymous.getByText(/no longer get e-mails about changes/).waitFor();

    const page = await suite.signedInPage('wendy');
    await page.goto('/profiles/edit');
    const preference = page.getByTestId('change-mails');
    const checkbox = preference.getByRole('checkbox', { name: /E-mail me when records I watch or maintain change/ });
    await checkbox.waitFor({ state: 'attached' });
    expect(await checkbox.isChecked()).toBe(false);
    await preference.getByText(/E-mail me when records I watch or maintain change/).click();
    await preference.getByText('You will get hourly mails about changes to the records you follow.').waitFor();
    expect(await checkbox.isChecked()).toBe(true);
    const row = await environment.db('users').where({ username: 'wendy' }).first('preferences');
    expect(row.preferences).toMatchObject({ record_change_mails: true });
    await saveScreenshotsAtBothWidths(page, 'record-community-preference');
    expect(await checkAccessibility(page)).toEqual([]);
  });
});
