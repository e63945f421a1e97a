/**
 * A first visit starts from the start-up data inside the page (services/api/src/pages/startup-data.ts):
 * no introspection or messages call goes out, and the public messages, the site name and the
 * modes it carries are what the page shows, whatever a message says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { insertMessage } from '@registry/api/messages/message-repository.ts';
import { recordPageQuery } from '@registry/schemas/web/record-page-query.ts';
import { collectConsoleErrors, openPage, saveScreenshot } from './support/browser.ts';
import { startWritableSuite, type WritableSuite } from './support/writable-suite.ts';
import { startTestServer } from './support/server.ts';

const HOSTILE_MESSAGE = 'Maintenance tonight </script><script>window.brokeOut = true</script><!-- & "quotes"';

/** Pages a visitor lands on, each with the element that is its main content. */
const LANDING_PAGES: ReadonlyArray<readonly [path: string, mainContent: string]> = [
  ['/', '[data-testid="home-search"]'],
  ['/search?q=ontology', '[data-testid="search-result"]'],
  ['/2', '[data-testid="record-page"]'],
  ['/summary-statistics', '[data-testid="statistics-chart"]'],
  ['/curator', 'input[name="login"]'],
];

let suite: WritableSuite;

beforeAll(async () => {
  suite = await startWritableSuite({ name: 'browser_startup_data' });
  await insertMessage(suite.environment.db, HOSTILE_MESSAGE);
});

afterAll(async () => {
  await suite?.close();
});

/** The start-up queries the page sends to /graphql (introspection, messages). */
function watchStartupCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/graphql')) return;
    const query = (JSON.parse(request.postData() ?? '{}') as { query?: string }).query ?? '';
    if (query.includes('__type') || /\bmessages\s*\{/.test(query)) calls.push(query);
  });
  return calls;
}

describe('a first visit', () => {
  it.each(LANDING_PAGES)('of %s renders from the start-up data in the page, without asking for it', async (path, mainContent) => {
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    const calls = watchStartupCalls(page);
    await page.goto(path);
    await page.locator(mainContent).first().waitFor({ timeout: 45_000 });
    await page.getByTestId('public-message').first().waitFor();
    // The page's own data calls have been answered, so any start-up call would have gone out too.
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('of a record page takes the record from the page too: its first render is the record', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    const recordCalls: string[] = [];
    page.on('request', (request) => {
      const query = request.url().endsWith('/graphql') ? (JSON.parse(request.postData() ?? '{}') as { query?: string }).query : undefined;
      if (query === recordPageQuery('2')) recordCalls.push(query);
    });
    // Notes whether the loading state of the record page ever entered the page.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Loading the record')) (window as unknown as { sawLoading?: boolean }).sawLoading = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    // A fresh server's first answers compile the query, and on a busy machine any answer may pass
    // the time limit: the page then goes without the record (by design). So the page is loaded
    // until it comes with it; what is checked below is the page given the record, not the limit.
    const openedWithTheRecord = async () => {
      recordCalls.length = 0;
      const response = await page.goto('/2');
      return (await response?.text())?.includes('<script type="application/json" id="early-answers">') ?? false;
    };
    await expect.poll(openedWithTheRecord, { timeout: 45_000, interval: 200 }).toBe(true);
    await page.getByTestId('record-page').waitFor({ timeout: 45_000 });
    await page.waitForLoadState('networkidle');
    expect(recordCalls).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { sawLoading?: boolean }).sawLoading)).toBeUndefined();
    await page.context().close();
  });

  it('shows a message as text, whatever it says: it cannot end the data block', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    const response = await page.goto('/');
    expect(await response?.text()).not.toContain('<script>window.brokeOut');
    await expect.poll(() => page.getByTestId('public-message').allTextContents()).toContainEqual(expect.stringContaining(HOSTILE_MESSAGE));
    expect(await page.evaluate(() => (window as unknown as { brokeOut?: boolean }).brokeOut)).toBeUndefined();
    await saveScreenshot(page, 'startup-data-message');
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('starts in the modes the page names: read-only shows its banner at once', async () => {
    const readOnly = await startTestServer({ env: { READ_ONLY_MODE: 'true' } });
    try {
      const page = await openPage(suite.browser, readOnly.url);
      const calls = watchStartupCalls(page);
      await page.goto('/');
      await page.getByTestId('read-only-banner').waitFor();
      await page.waitForLoadState('networkidle');
      expect(calls).toEqual([]);
      await page.context().close();
    } finally {
      await readOnly.close();
    }
  });
});
