/// <reference lib="dom" />
/**
 * The curator dashboard in a real browser against the real server and its own database (the demo
 * catalogue): a user's new record appears on the approvals tab; the curator assigns it a curator
 * (it stays unapproved), adds a processing note and approves it, and it leaves the tab and is
 * public. On the claims tab the curator approves a user's claim, which makes them a maintainer.
 * The tab is in the URL; a curator does not see the super-curator tabs. The incomplete, needs-review
 * and created-by-curators tabs list their records. Screenshots on desktop
 * and a 390 px phone, and axe on each tab.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSink, type MailSink } from '../../scripts/mail-sink/mail-sink.ts';
import type { IsolatedEnvironment } from '../support/environment.ts';
import { checkAccessibility, collectConsoleErrors, poll, saveScreenshotsAtBothWidths, type TestServer } from './support/index.ts';
import { startWritableSuite, SUITE_PASSWORD, type WritableSuite } from './support/writable-suite.ts';

const JWT_SECRET = 'curator-dashboard-suite-secret-of-enough-length';
/** A copy of FAIRsharing's own collection description, created by the user. */
const NEW_NAME = 'Community curation collection (dashboard copy)';

let mailSink: MailSink;
let suite: WritableSuite;
let environment: IsolatedEnvironment;
let server: TestServer;
let userId: number;
let curatorId: number;
let newRecordId: number;
let claimedId: number;
let claimedName: string;

async function tokenOf(login: string): Promise<string> {
  const response = await fetch(`${server.url}/users/sign_in`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: { login, password: SUITE_PASSWORD } }),
  });
  return ((await response.json()) as { jwt: string }).jwt;
}

async function postAs(token: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** The record's name as an anonymous visitor's GraphQL sees it (null while it is not public). */
async function publicName(id: number): Promise<string | null> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: `{fairsharingRecord(id:${id}){name}}` }),
  });
  const body = (await response.json()) as { data: { fairsharingRecord: { name: string } | null } | null };
  return body.data?.fairsharingRecord?.name ?? null;
}



beforeAll(async () => {
  mailSink = await startMailSink();
  suite = await startWritableSuite({ name: 'browser_curator_dashboard', env: { SMTP_URL: mailSink.url, JWT_SECRET } });
  ({ environment, server } = suite);
  userId = await suite.addUser('ulla');
  curatorId = await suite.addUser('cora', 'curator');
  await suite.addUser('cyrus', 'curator');
  const userToken = await tokenOf('ulla');
  const collectionType = await environment.db('record_types').where({ name: 'collection' }).first('id');
  const created = await postAs(userToken, '/fairsharing_records', {
    fairsharing_record: {
      metadata: { name: NEW_NAME, homepage: 'https://fairsharing.org/collections', description: 'A collection of standards, databases and policies curated together for one community.', status: 'ready' },
      record_type_id: collectionType.id,
    },
  });
  newRecordId = Number((created.data as { id: string }).id);
  // LOINC (registry id 2), claimed by the user.
  const claimed = await environment.db('records').where({ id: 2 }).first('id', 'name');
  claimedId = Number(claimed.id);
  claimedName = claimed.name;
  await postAs(userToken, '/maintenance_requests', { maintenance_request: { fairsharing_record_id: claimedId, message: 'I maintain this terminology at my institute.' } });
}, 240_000);

afterAll(async () => {
  await suite?.close();
  await mailSink?.close();
});

describe('the curator dashboard', () => {
  it('a curator works through the approvals tab: assign, note, approve; the record leaves the tab and is public', { timeout: 240_000 }, async () => {
    expect(await publicName(newRecordId)).toBeNull();
    const page = await suite.signedInPage('cora');
    const errors = collectConsoleErrors(page);
    await page.goto('/curator');
    // A curator sees the curators' tabs only; the first one opens.
    await page.getByRole('tab', { name: 'Approvals', selected: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Site modes' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Messages' }).count()).toBe(0);

    const row = page.getByTestId(`awaiting-approval-row-${newRecordId}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('ulla');

    await row.getByLabel(`Curator of ${NEW_NAME}`).selectOption({ label: 'cyrus' });
    await poll(async () => (await environment.db('record_curator_assignments').where({ record_id: newRecordId }).first('curator_id'))?.curator_id).toBeGreaterThan(0);
    expect((await environment.db('records').where({ id: newRecordId }).first('is_approved')).is_approved).toBe(false);
    expect(await publicName(newRecordId)).toBeNull();

    await row.getByTestId(`notes-${newRecordId}`).click();
    const dialog = page.getByRole('dialog', { name: `Processing notes: ${NEW_NAME}` });
    await dialog.getByLabel('New note').fill('Checked the homepage; the description is FAIRsharing’s own.');
    expect(await checkAccessibility(page)).toEqual([]);
    await saveScreenshotsAtBothWidths(page, 'curator-dashboard-notes');
    await dialog.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Processing note added.').waitFor();
    await row.getByRole('button', { name: `Processing notes of ${NEW_NAME} (1)` }).waitFor();

    expect(await checkAccessibility(page)).toEqual([]);
    await saveScreenshotsAtBothWidths(page, 'curator-dashboard-approvals');
    await row.getByRole('button', { name: `Approve ${NEW_NAME}` }).click();
    await page.getByText(`${NEW_NAME} approved.`).waitFor();
    await poll(() => row.count()).toBe(0);
    expect(await publicName(newRecordId)).toBe(NEW_NAME);
    const [note] = await environment.db('processing_notes').where({ record_id: newRecordId });
    expect(note).toMatchObject({ user_id: curatorId });
    expect(errors.messages).toEqual([]);
  });

  it('the claims tab approves a claim; the tab is in the URL', { timeout: 240_000 }, async () => {
    const page = await suite.signedInPage('cora');
    await page.goto('/curator?tab=claims');
    await page.getByRole('tab', { name: 'Claims', selected: true }).waitFor();
    const claim = await environment.db('maintenance_requests').where({ record_id: claimedId, user_id: userId, status: 'pending' }).first('id');
    const row = page.getByTestId(`claim-${claim.id}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('I maintain this terminology at my institute.');
    expect(await checkAccessibility(page)).toEqual([]);
    await saveScreenshotsAtBothWidths(page, 'curator-dashboard-claims');

    await row.getByRole('button', { name: `Approve ulla’s claim on ${claimedName}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Approve ulla’s claim on ${claimedName}?` });
    await dialog.getByLabel('Message to the claimant (optional)').fill('Welcome aboard.');
    await dialog.getByRole('button', { name: 'Approve claim' }).click();
    await page.getByText(`ulla’s claim on ${claimedName} approved; they are told by e-mail.`).waitFor();
    await poll(() => row.count()).toBe(0);
    expect(await environment.db('record_maintainers').where({ record_id: claimedId, user_id: userId }).first()).toBeDefined();

    // Another tab by keyboard: the URL follows, so the tab can be linked to.
    await page.getByRole('tab', { name: 'Claims' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\?tab=hidden$/);
    await page.getByTestId('hidden-records').or(page.getByTestId('hidden-records-empty')).waitFor();
    expect(await checkAccessibility(page)).toEqual([]);
  });

  it('the incomplete, needs-review and created-by-curators tabs list their records', { timeout: 240_000 }, async () => {
    const [incomplete, curatorCreated] = await environment.db('records').where('is_approved', true).whereNotIn('id', [claimedId, newRecordId]).orderBy('id').limit(2).select('id', 'name');
    // Each comes first in its tab's own order: the incomplete one by its update, the other by its creation.
    await environment.db('records').where({ id: incomplete.id }).update({ is_complete: false, homepage: '', updated_at: environment.db.fn.now() });
    await environment.db('records').where({ id: curatorCreated.id }).update({ created_by_id: curatorId, created_at: environment.db.fn.now() });
    const page = await suite.signedInPage('cora');
    const errors = collectConsoleErrors(page);

    await page.goto('/curator?tab=incomplete');
    const lacking = page.getByTestId('incomplete-records').getByRole('row').filter({ hasText: incomplete.name });
    await lacking.waitFor();
    expect(await lacking.textContent()).toContain('homepage');

    // needsReview answers JSON: the count above the table and the rows come from it.
    await page.goto('/curator?tab=needs-review');
    await page.getByText(/approved records have not been reviewed for a year/).waitFor();
    const due = page.getByTestId('needs-review').getByRole('button', { name: /^Mark .* reviewed$/ });
    expect(await due.count()).toBeGreaterThan(0);

    await page.goto('/curator?tab=curator-creations');
    const created = page.getByTestId('curator-creations').getByRole('row').filter({ hasText: curatorCreated.name });
    await created.waitFor();
    expect(await created.textContent()).toContain('cora');
    expect(await checkAccessibility(page)).toEqual([]);
    expect(errors.messages).toEqual([]);
  });
});
