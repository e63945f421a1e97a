/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, hence the DOM types.
/**
 * Two workflows in a real browser against the real server, its own database (the demo
 * catalogue) and a local SMTP sink. A record's creator keeps it: a curator approves it from its
 * page → the creator is mailed, follows the mail's link, edits and saves; someone who may not
 * edit it gets no edit form. Read-only mode: once a super curator switches it on, open pages
 * (without reloading) disable Edit, Watch and Claim, hide saving a search, and the editor and
 * sign-up show the banner's reason with their controls disabled; switched off, they work again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { READ_ONLY_MESSAGE } from '@registry/api/http/site-mode.ts';
import { startMailSink, type MailSink } from '../../scripts/mail-sink/mail-sink.ts';
import { checkAccessibility, openPage, poll, reloadedBy, saveScreenshotsAtBothWidths } from './support/index.ts';
import { linkPath, startWritableSuite, SUITE_PASSWORD, type WritableSuite } from './support/writable-suite.ts';

const JWT_SECRET = 'creator-and-read-only-suite-secret-of-enough-length';

let suite: WritableSuite;
let mailSink: MailSink;
let created: { id: number; name: string };
let publicRecord: { id: number; name: string };

async function tokenOf(login: string): Promise<string> {
  const response = await fetch(`${suite.server.url}/users/sign_in`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: { login, password: SUITE_PASSWORD } }),
  });
  return ((await response.json()) as { jwt: string }).jwt;
}

async function api(login: string, method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${suite.server.url}${path}`, {
    method, headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenOf(login)}` }, body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(answer)).toBeLessThan(300);
  return answer;
}

const switchReadOnly = (on: boolean) => api('sol', 'PUT', '/api/site_modes', { read_only: on });
const banner = (page: Page) => page.getByTestId('read-only-banner');
/** The disabled wrapper of a write button while writes are off, which carries the reason. */
const writesOff = (page: Page, name: string) => page.getByTestId('writes-off').filter({ has: page.getByRole('button', { name, exact: true }) });

async function expectDisabledWithReason(page: Page, name: string): Promise<void> {
  const wrapper = writesOff(page, name);
  await wrapper.waitFor();
  expect(await wrapper.getAttribute('title')).toBe(READ_ONLY_MESSAGE);
  expect(await wrapper.getByRole('button', { name, exact: true }).isDisabled()).toBe(true);
}

beforeAll(async () => {
  mailSink = await startMailSink();
  suite = await startWritableSuite({ name: 'browser_creator_read_only', env: { SMTP_URL: mailSink.url, JWT_SECRET } });
  await suite.addUser('cleo');
  await suite.addUser('stan');
  await suite.addUser('cora', 'curator');
  await suite.addUser('sol', 'super_curator');
  const db = suite.environment.db;
  // Real content: a demo record's own description, under a name that marks the copy.
  const source = await db('records').where({ is_hidden: false, is_approved: true }).orderBy('id').first('id', 'name', 'description', 'homepage');
  publicRecord = { id: Number(source.id), name: source.name };
  const recordType = Number((await db('record_types').where({ name: 'terminology_artefact' }).first('id')).id);
  const objectType = Number((await db('object_types').orderBy('id').first('id')).id);
  const answer = await api('cleo', 'POST', '/fairsharing_records', {
    fairsharing_record: {
      metadata: { name: `${source.name} (described by cleo)`, homepage: source.homepage ?? 'https://example.org/', description: source.description, status: 'ready' },
      record_type_id: recordType,
      object_type_ids: [objectType],
    },
  });
  const id = Number((answer.data as { id: string }).id);
  created = { id, name: (await db('records').where({ id }).first('name')).name };
});

afterAll(async () => {
  await suite?.close();
  await mailSink?.close();
});

describe('a record approved by a curator', () => {
  it('stays editable by its creator, who is mailed the approval, follows its link, edits and saves', { timeout: 240_000 }, async () => {
    const curator = await suite.signedInPage('cora');
    await curator.goto(`/${created.id}`);
    // The page reloads after a decision.
    await reloadedBy(curator, () => curator.getByRole('button', { name: 'Approve' }).click());
    await curator.getByTestId('record-page').waitFor();
    // The approved record no longer says it awaits approval.
    expect((await suite.environment.db('records').where({ id: created.id }).first('is_approved')).is_approved).toBe(true);
    expect(await curator.getByTestId('awaiting-approval').count()).toBe(0);
    await curator.context().close();

    const mail = await mailSink.waitFor((received) => received.to.includes('cleo@example.org') && /was approved/.test(received.subject));
    expect(mail.subject).toContain(created.name);
    const creator = await suite.signedInPage('cleo');
    await creator.goto(linkPath(mail.text, `/${created.id}`));
    await creator.getByRole('link', { name: 'Edit', exact: true }).click();
    await creator.waitForURL(`**/${created.id}/edit`);
    const support = creator.getByTestId('section-support');
    await support.getByRole('button', { name: 'Add a contact' }).click();
    await support.getByLabel('Contact name').last().fill('Cleo');
    await support.getByLabel('Contact e-mail').last().fill('cleo@example.org');
    await creator.getByTestId('save-support').click();
    await creator.getByTestId('outcome-support').getByText('Record successfully updated!').waitFor();
    const contacts = (await suite.environment.db('records').where({ id: created.id }).first('metadata')).metadata.contacts;
    expect(contacts).toEqual(expect.arrayContaining([expect.objectContaining({ contact_name: 'Cleo' })]));
    await creator.context().close();
  });

  it('shows someone who may not edit it no edit form, only why', async () => {
    const stranger = await suite.signedInPage('stan');
    await stranger.goto(`/${created.id}/edit`);
    await stranger.getByTestId('may-not-edit').getByText(`You cannot edit ${created.name}`).waitFor();
    expect(await stranger.getByTestId('editor-sections').count()).toBe(0);
    await saveScreenshotsAtBothWidths(stranger, 'editor-may-not-edit');
    expect(await checkAccessibility(stranger)).toEqual([]);
    await stranger.context().close();
  });
});

describe('read-only mode', () => {
  it('disables or hides every write with the banner’s reason on open pages, and they work again after', { timeout: 300_000 }, async () => {
    const maintainer = await suite.signedInPage('cleo');
    await maintainer.goto(`/${created.id}`);
    await maintainer.getByRole('link', { name: 'Edit', exact: true }).waitFor();
    const editor = await suite.signedInPage('cleo');
    await editor.goto(`/${created.id}/edit`);
    await editor.getByTestId('section-support').waitFor();
    const stranger = await suite.signedInPage('stan');
    await stranger.goto(`/${publicRecord.id}`);
    await stranger.getByRole('button', { name: 'Claim', exact: true }).waitFor();
    const searcher = await suite.signedInPage('stan');
    await searcher.goto(`/search?q=${encodeURIComponent(publicRecord.name)}`);
    await searcher.getByTestId('save-search').waitFor();
    const visitor = await openPage(suite.browser, suite.server.url);
    await visitor.goto('/accounts/signup');
    await visitor.getByRole('button', { name: 'REGISTER' }).waitFor();

    await switchReadOnly(true);
    // No reload: every open page reads the modes in force by itself.
    for (const page of [maintainer, editor, stranger, searcher, visitor]) await banner(page).waitFor({ timeout: 30_000 });

    await expectDisabledWithReason(maintainer, 'Edit');
    await expectDisabledWithReason(maintainer, 'Stop maintaining');
    await expectDisabledWithReason(stranger, 'Watch');
    await expectDisabledWithReason(stranger, 'Claim');
    // The banner and the button read the same state: with the banner shown, the button is gone.
    expect(await searcher.getByTestId('save-search').count()).toBe(0);
    await editor.getByTestId('writes-off-notice').getByText(READ_ONLY_MESSAGE).waitFor();
    expect(await editor.getByTestId('editor-sections').getAttribute('title')).toBe(READ_ONLY_MESSAGE);
    expect(await editor.getByTestId('section-support').getByRole('button', { name: 'Add a contact' }).isDisabled()).toBe(true);
    expect(await editor.getByTestId('section-generalInformation').getByLabel(/^Name/).first().isDisabled()).toBe(true);
    await visitor.getByTestId('writes-off-notice').getByText('Creating an account is not possible while the site is read-only.').waitFor();
    await expectDisabledWithReason(visitor, 'REGISTER');
    await saveScreenshotsAtBothWidths(maintainer, 'read-only-record-actions');
    await saveScreenshotsAtBothWidths(editor, 'read-only-editor');
    await saveScreenshotsAtBothWidths(visitor, 'read-only-signup');
    for (const page of [maintainer, editor, visitor]) expect(await checkAccessibility(page)).toEqual([]);

    await switchReadOnly(false);
    for (const page of [maintainer, editor, stranger, searcher, visitor]) await poll(() => banner(page).count()).toBe(0);
    await maintainer.getByRole('link', { name: 'Edit', exact: true }).waitFor();
    await searcher.getByTestId('save-search').waitFor();
    expect(await editor.getByTestId('writes-off-notice').count()).toBe(0);
    expect(await editor.getByTestId('section-support').getByRole('button', { name: 'Add a contact' }).isDisabled()).toBe(false);
    expect(await visitor.getByTestId('writes-off').count()).toBe(0);
    await stranger.getByRole('button', { name: 'Watch', exact: true }).click();
    await stranger.getByRole('button', { name: 'Unwatch', exact: true }).waitFor();
    const watchers = await suite.environment.db('record_watchers as w').join('users as u', 'u.id', 'w.user_id').where({ 'w.record_id': publicRecord.id }).pluck('u.username');
    expect(watchers).toContain('stan');
    for (const page of [maintainer, editor, stranger, searcher, visitor]) await page.context().close();
  });
});
