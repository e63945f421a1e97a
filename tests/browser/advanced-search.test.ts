/**
 * The advanced search dialog end to end: open it, add a rule, Proceed stays disabled until the
 * rule has a value, Proceed → URL → results, Esc closes it, closing on /advancedsearch → /; a shared
 * link's dialog says in words what it searches and finds, over results already loaded behind it.
 */
import { describe, expect, it } from 'vitest';
import {
  PHONE_VIEWPORT,
  checkAccessibility,
  collectConsoleErrors,
  openPage,
  poll,
  saveScreenshot,
  waitForPathAndQuery,
} from './support/index.ts';
import { catalogueSuite } from './support/catalogue-suite.ts';

const suite = catalogueSuite();

const TOOLTIP =
  'Text will be searched against record fields such as name, abbreviation, description, tags, etc. Then, the results of that search will be filtered by the filters you have specified below.';

describe('advanced search', { timeout: 180_000 }, () => {
  it('builds a query, gates Proceed, shows results under the URL form', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    await page.goto('/advancedsearch');
    const dialog = page.getByRole('dialog', { name: 'Advanced search' });
    await dialog.waitFor({ timeout: 45_000 });
    const proceed = dialog.getByRole('button', { name: 'Proceed' });
    // Root operator _and with one empty group; nothing to search yet.
    await poll(() => dialog.getByTestId('query-group').count()).toBe(1);
    expect(await proceed.isDisabled()).toBe(true);

    await dialog.getByTestId('search-text-help').hover();
    await poll(() => page.getByTestId('search-text-tooltip').textContent()).toBe(TOOLTIP);

    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await dialog.getByLabel('Filter of rule 1').selectOption('registry');
    expect(await proceed.isDisabled()).toBe(true);
    await dialog.getByRole('group', { name: 'Registry values' }).getByText('database', { exact: true }).click();
    await poll(() => proceed.isDisabled()).toBe(false);

    // A second rule without a value disables Proceed again; a yes/no rule counts as filled.
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await poll(() => proceed.isDisabled()).toBe(true);
    await dialog.getByLabel('Filter of rule 2').selectOption('isImplemented');
    await poll(() => proceed.isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: 'Remove rule' }).nth(1).click();

    await dialog.getByLabel('Add Search text').fill('protein');
    await saveScreenshot(page, 'advanced-search-dialog');
    expect(await checkAccessibility(page)).toEqual([]);
    await proceed.click();

    await page.waitForURL((url) => url.pathname === '/advancedsearch' && url.searchParams.get('operator') === '_and');
    const params = new URL(page.url()).searchParams;
    expect(params.get('q')).toBe('protein');
    expect(params.getAll('fields')).toEqual(['(operator=_and&registry=database)']);
    await poll(() => dialog.isVisible()).toBe(false);
    await page.getByTestId('search-result').first().waitFor({ timeout: 45_000 });
    const rows = await page.getByTestId('search-result').evaluateAll((elements) => elements.map((element) => element.textContent ?? ''));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((text) => text.includes('Database'))).toBe(true);
    await saveScreenshot(page, 'advanced-search-results');
    expect(await checkAccessibility(page)).toEqual([]);
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('opens pre-filled from the URL; Esc closes it and goes home from /advancedsearch', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/advancedsearch?operator=_and&fields=(operator=_or%26subjects=genomics%26isImplemented=true)');
    const dialog = page.getByRole('dialog', { name: 'Advanced search' });
    await dialog.waitFor({ timeout: 45_000 });
    await poll(() => dialog.getByLabel('Filter of rule 1').inputValue()).toBe('subjects');
    await poll(() => dialog.getByLabel('Filter of rule 2').inputValue()).toBe('isImplemented');
    await poll(() => dialog.getByRole('list', { name: 'Subjects values' }).textContent()).toContain('genomics');
    await page.keyboard.press('Escape');
    await waitForPathAndQuery(page, '/');
    await poll(() => dialog.isVisible()).toBe(false);
    await page.context().close();
  });

  it('a shared link: the dialog says what the link searches and finds, its results load behind it, Proceed shows them at once', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    await page.goto('/advancedsearch?q=protein&operator=_and&fields=(operator=_or%26registry=database%26isImplemented=true)');
    const dialog = page.getByRole('dialog', { name: 'Advanced search' });
    await dialog.waitFor({ timeout: 45_000 });
    const summary = dialog.getByTestId('advanced-search-dialog-summary');
    await summary.waitFor();
    expect(await summary.getByText('Records matching “protein” and these criteria:').count()).toBe(1);
    expect(await summary.getByRole('listitem').allTextContents()).toEqual([
      'Any of:Registry: “database”Is implemented: yes',
      'Registry: “database”',
      'Is implemented: yes',
    ]);
    // The results arrive behind the dialog while it is open.
    await poll(() => dialog.getByTestId('advanced-search-dialog-count').textContent()).toMatch(/^\d+ records? found\./);
    const found = Number((await dialog.getByTestId('advanced-search-dialog-count').textContent())!.split(' ')[0]);
    expect(found).toBeGreaterThan(0);
    await page.getByTestId('search-result').first().waitFor({ state: 'attached', timeout: 45_000 });
    await saveScreenshot(page, 'advanced-search-shared-link');
    expect(await checkAccessibility(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Proceed' }).click();
    await poll(() => dialog.isVisible()).toBe(false);
    // Already loaded: the rows are there the moment the dialog has closed.
    expect(await page.getByTestId('search-result').first().isVisible()).toBe(true);
    expect(await page.getByTestId('result-count').textContent()).toBe(`${found} record${found === 1 ? '' : 's'} found`);
    expect(await page.getByTestId('advanced-search-summary').getByText('Records matching “protein” and these criteria:').count()).toBe(1);
    await saveScreenshot(page, 'advanced-search-shared-link-proceeded');
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('Close on /advancedsearch goes to /, and the dialog fits a phone', async () => {
    const page = await openPage(suite.browser, suite.server.url, { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });
    await page.goto('/advancedsearch');
    const dialog = page.getByRole('dialog', { name: 'Advanced search' });
    await dialog.waitFor({ timeout: 45_000 });
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await dialog.getByLabel('Filter of rule 1').selectOption('subjects');
    await dialog.getByLabel('Add a subjects value').fill('Genomics');
    await dialog.getByRole('button', { name: 'Add value' }).click();
    await poll(() => dialog.getByRole('button', { name: 'Proceed' }).isDisabled()).toBe(false);
    await saveScreenshot(page, 'advanced-search-phone');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await waitForPathAndQuery(page, '/');
    await page.context().close();
  });
});
