/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, hence the DOM types.
/**
 * The curator dashboard's super-curator tabs in a real browser against the real server and its
 * own database: a super curator switches read-only mode on → another signed-in browser shows the
 * read-only banner without reloading and its edit is refused with the read-only message → off
 * again, the edit goes through; maintenance mode is confirmed first and the super curator
 * switches it off from the maintenance page; a message published in the editor is shown under
 * the header to an anonymous visitor; a notable event added in the dashboard is on /timeline;
 * a plain curator sees the downloads tab only. Screenshots (desktop and phone) and axe on each tab.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkAccessibility, DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, poll, saveScreenshot } from './support/index.ts';
import { startWritableSuite, type WritableSuite } from './support/writable-suite.ts';

let suite: WritableSuite;

/** Opens one tab of the curator dashboard. */
async function openTab(page: Page, name: string): Promise<void> {
  await page.goto('/curator');
  await page.getByRole('tab', { name }).click();
}

/** Screenshots of what the page shows now, at desktop and phone width, and axe's serious findings. */
async function look(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, `${name}-desktop`);
  expect(await checkAccessibility(page)).toEqual([]);
  await page.setViewportSize(PHONE_VIEWPORT);
  await saveScreenshot(page, `${name}-phone`);
  expect(await checkAccessibility(page)).toEqual([]);
  await page.setViewportSize(DESKTOP_VIEWPORT);
}

const banner = (page: Page) => page.getByTestId('read-only-banner');

beforeAll(async () => {
  suite = await startWritableSuite({ name: 'browser_site_modes' });
  await suite.addUser('sol', 'super_curator');
  await suite.addUser('cora', 'curator');
  await suite.addUser('uma');
});

afterAll(async () => {
  await suite?.close();
});

describe('site modes from the dashboard', () => {
  it('read-only mode: another browser shows the banner without reloading and its account forms are off with the reason; off again, the edit goes through', async () => {
    // Signed in before the switch: signing in is a change too, refused in read-only mode.
    const other = await suite.signedInPage('uma');
    await other.goto('/profiles/edit');
    await other.getByLabel('First name').waitFor();
    expect(await banner(other).count()).toBe(0);

    const admin = await suite.signedInPage('sol');
    await openTab(admin, 'Site modes');
    await admin.getByTestId('switch-read_only').click();
    await admin.getByText('Read-only mode is on.').waitFor();
    await banner(admin).waitFor();
    await look(admin, 'dashboard-site-modes');

    // No reload: the open page reads the modes in force by itself, and its forms are off with the reason.
    await banner(other).waitFor({ timeout: 30_000 });
    await other.getByTestId('writes-off-notice').filter({ hasText: 'Changing your account is not possible while the site is read-only.' }).waitFor();
    expect(await other.getByLabel('First name').isDisabled()).toBe(true);
    expect(await other.getByRole('button', { name: 'Save profile' }).isDisabled()).toBe(true);
    expect(await other.getByRole('button', { name: 'Change password' }).isDisabled()).toBe(true);
    expect(await other.getByRole('button', { name: 'Delete my account' }).isDisabled()).toBe(true);
    expect(await other.getByRole('checkbox', { name: /E-mail me when records I watch/ }).isDisabled()).toBe(true);
    await saveScreenshot(other, 'read-only-profile-edit');
    expect((await suite.environment.db('users').where({ username: 'uma' }).first('first_name')).first_name).toBeNull();

    await admin.getByTestId('switch-read_only').click();
    await admin.getByText('Read-only mode is off: changes are accepted again.').waitFor();
    await poll(() => banner(other).count()).toBe(0);
    await other.getByLabel('First name').fill('Uma');
    await other.getByRole('button', { name: 'Save profile' }).click();
    await other.waitForURL('**/accounts/profile');
    expect((await suite.environment.db('users').where({ username: 'uma' }).first('first_name')).first_name).toBe('Uma');
    await other.context().close();
    await admin.context().close();
  });

  it('maintenance mode is confirmed first; the super curator switches it off from the maintenance page', async () => {
    const admin = await suite.signedInPage('sol');
    const visitor = await openPage(suite.browser, suite.server.url);
    await visitor.goto('/licence');
    await openTab(admin, 'Site modes');

    await admin.getByTestId('switch-maintenance').click();
    const dialog = admin.getByRole('alertdialog', { name: 'Switch maintenance mode on?' });
    await dialog.waitFor();
    // The dialog fades in: the picture is taken once its animations are over.
    await dialog.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    await saveScreenshot(admin, 'dashboard-maintenance-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await suite.environment.db('site_modes').first('maintenance'))?.maintenance ?? false).toBe(false);

    await admin.getByTestId('switch-maintenance').click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Switch maintenance on' }).click();
    await admin.waitForURL('**/maintenance');
    await admin.getByTestId('site-mode-switches').waitFor();
    await look(admin, 'maintenance-page-super-curator');
    await visitor.waitForURL('**/maintenance', { timeout: 30_000 });
    expect(await visitor.getByTestId('site-mode-switches').count()).toBe(0);

    await admin.getByTestId('switch-maintenance').click();
    await admin.waitForURL((url) => url.pathname === '/');
    await visitor.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    expect((await suite.environment.db('site_modes').first('maintenance')).maintenance).toBe(false);
    await visitor.context().close();
    await admin.context().close();
  });
});

describe('messages and notable events from the dashboard', () => {
  it('a message published in the editor is shown under the header to an anonymous visitor, and goes when deleted', async () => {
    const text = 'The registry is read-only on Saturday from 08:00 to 09:00 UTC for a database upgrade.';
    const admin = await suite.signedInPage('sol');
    await openTab(admin, 'Messages');
    await admin.getByRole('button', { name: 'Publish message' }).click();
    await admin.getByTestId('error-message').waitFor();
    await admin.getByLabel('New message').fill(text);
    await admin.getByRole('button', { name: 'Publish message' }).click();
    await admin.getByText('The message is published.').waitFor();
    await admin.getByTestId('messages-table').getByText(text).waitFor();
    await look(admin, 'dashboard-messages');

    const visitor = await openPage(suite.browser, suite.server.url);
    await visitor.goto('/');
    await visitor.getByTestId('public-message').filter({ hasText: text }).waitFor();

    await admin.getByRole('button', { name: /^Delete message/ }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Delete message' }).click();
    await admin.getByText('The message was deleted.').waitFor();
    await visitor.reload();
    await visitor.getByRole('banner').waitFor();
    await poll(() => visitor.getByTestId('public-message').filter({ hasText: text }).count()).toBe(0);
    await visitor.context().close();
    await admin.context().close();
  });

  it('a notable event added in the dashboard is on /timeline', async () => {
    const title = 'The FAIR Cookbook is described in Scientific Data';
    const admin = await suite.signedInPage('sol');
    await openTab(admin, 'Notable events');
    await admin.getByRole('textbox', { name: 'Date' }).fill('2023-05-01');
    await admin.getByLabel('How much of the date is known').selectOption('year');
    await admin.getByLabel('Title').fill(title);
    await admin.getByLabel('Source (web address)').fill('not a web address');
    await admin.getByRole('button', { name: 'Add event' }).click();
    await admin.getByTestId('error-source_url').waitFor();
    await admin.getByLabel('Source (web address)').fill('https://doi.org/10.1038/s41597-023-02166-3');
    await admin.getByRole('button', { name: 'Add event' }).click();
    await admin.getByText('The event is on the timeline.').waitFor();
    await admin.getByTestId('notable-events-table').getByText(title).waitFor();
    await look(admin, 'dashboard-notable-events');

    const visitor = await openPage(suite.browser, suite.server.url);
    await visitor.goto('/timeline');
    const event = visitor.getByTestId('notable-events').getByRole('listitem').filter({ hasText: title });
    await event.waitFor();
    expect(await event.locator('time').innerText()).toBe('2023');
    await visitor.context().close();
    await admin.context().close();
  });
});

describe('a plain curator', () => {
  it('sees the downloads and summary but not the super-curator tabs', async () => {
    const page = await suite.signedInPage('cora');
    await page.goto('/curator');
    await page.getByRole('tab', { name: 'Downloads' }).waitFor();
    for (const name of ['Messages', 'Site modes', 'Notable events']) expect(await page.getByRole('tab', { name }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Downloads' }).click();
    await page.getByTestId('curation-summary').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-creation_dates').click()]);
    expect(download.suggestedFilename()).toBe('creation_dates.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toMatch(/month/i);
    await look(page, 'dashboard-downloads');
    await page.context().close();
  });
});
