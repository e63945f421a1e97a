/**
 * The advanced search end to end: open the builder, add a rule, Proceed stays disabled until the
 * rule has a value, Proceed → URL → results, closing it on /advancedsearch without a search → /;
 * a shared link shows its results with the builder closed (one click opens it with the query),
 * and its results have the search page's sort, facets (in the URL) and download, with the
 * expected numbers asked of the API.
 */
import { describe, expect, it } from 'vitest';
import { pathAndQuery, checkAccessibility, collectConsoleErrors, firstResultName, PHONE_VIEWPORT, poll, openPage, resultCount, saveScreenshot, waitForPathAndQuery, waitForResults } from './support/index.ts';
import { catalogueSuite } from './support/catalogue-suite.ts';

const suite = catalogueSuite();

/** A shared advanced-search link: "protein" in databases or implemented records. */
const SHARED_LINK = '/advancedsearch?q=protein&operator=_and&fields=(operator=_or%26registry=database%26isImplemented=true)';
const SHARED_ARGUMENTS = 'q:"protein" where:{operator:"_and", fields:[{operator:"_or", registry:["database"], isImplemented:true}]}';

async function graphql<T>(query: string): Promise<T> {
  const response = await fetch(`${suite.server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  const answer = (await response.json()) as { data: T; errors?: unknown };
  expect(answer.errors).toBeUndefined();
  return answer.data;
}

/** The records the API's advancedSearch answers for the shared link, by id. */
async function advancedSearchIds(): Promise<number[]> {
  const data = await graphql<{ advancedSearch: { id: string }[] }>(`{ advancedSearch(${SHARED_ARGUMENTS}) { id } }`);
  return data.advancedSearch.map((record) => Number(record.id)).sort((a, b) => a - b);
}

/** The search narrowed to the shared link's rules, as the API answers it. */
async function apiSearch(args: string, selection: string): Promise<{ totalCount: number; records: { name: string }[] }> {
  return (await graphql<{ searchFairsharingRecords: { totalCount: number; records: { name: string }[] } }>(`{ searchFairsharingRecords(${SHARED_ARGUMENTS} ${args}) { ${selection} } }`)).searchFairsharingRecords;
}

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

  it('a shared link shows its results with the builder closed; the builder opens in one click with the query, and Esc uncovers the results', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    await page.goto(SHARED_LINK);
    await waitForResults(page);
    expect(await page.getByRole('dialog', { name: 'Advanced search' }).count()).toBe(0);
    expect(await page.getByTestId('search-result').first().isVisible()).toBe(true);
    const summary = page.getByTestId('advanced-search-summary');
    expect(await summary.getByText('Records matching “protein” and these criteria:').count()).toBe(1);
    expect(await summary.getByRole('listitem').allTextContents()).toEqual([
      'Any of:Registry: “database”Is implemented: yes',
      'Registry: “database”',
      'Is implemented: yes',
    ]);
    expect(await resultCount(page)).toBe((await advancedSearchIds()).length);
    const shown = pathAndQuery(page);

    await page.getByRole('button', { name: 'Edit advanced search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Advanced search' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('advanced-search-text').inputValue()).toBe('protein');
    await poll(() => dialog.getByLabel('Filter of rule 1').inputValue()).toBe('registry');
    await poll(() => dialog.getByLabel('Filter of rule 2').inputValue()).toBe('isImplemented');
    await page.keyboard.press('Escape');
    await poll(() => dialog.isVisible()).toBe(false);
    expect(pathAndQuery(page)).toBe(shown);
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('advanced results have the search page\'s sort, facets (in the URL, narrowing within them) and download', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    await page.goto(SHARED_LINK);
    await waitForResults(page);
    const all = await advancedSearchIds();

    // Sorting: the first row becomes the advanced result set's last name, and the URL says so.
    const byNameDesc = await apiSearch('orderBy:"name,desc" perPage:1', 'records { name }');
    await page.getByLabel('Sort by').selectOption('name,desc');
    await poll(() => firstResultName(page)).toBe(byNameDesc.records[0].name);
    expect(new URL(page.url()).searchParams.get('orderBy')).toBe('name,desc');

    // A facet counts within the advanced results and narrows them; its choice is in the URL.
    const databases = (await apiSearch('fairsharingRegistry:["database"]', 'totalCount')).totalCount;
    expect(databases).toBeGreaterThan(0);
    expect(databases).toBeLessThan(all.length);
    const registry = page.getByTestId('filter-buttons-fairsharingRegistry');
    await registry.getByRole('button', { name: `Database (${databases})` }).click();
    await poll(() => resultCount(page)).toBe(databases);
    const url = new URL(page.url());
    expect(url.searchParams.get('fairsharingRegistry')).toBe('database');
    expect(url.searchParams.getAll('fields')).toEqual(['(operator=_or&registry=database&isImplemented=true)']);
    await page.reload();
    await poll(() => resultCount(page)).toBe(databases);
    await page.getByTestId('active-filters').getByRole('button').first().click();
    await poll(() => resultCount(page)).toBe(all.length);

    // The download holds the advanced result set.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('search-export').getByRole('button', { name: 'Download CSV' }).click()]);
    let text = '';
    for await (const chunk of await download.createReadStream()) text += String(chunk);
    const ids = text.trim().split('\r\n').slice(1).map((line) => Number(line.split(',')[0])).sort((a, b) => a - b);
    expect(ids).toEqual(all);
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('the advanced results pass the accessibility check at 1280 and 390 px', async () => {
    for (const viewport of [{ width: 1280, height: 900 }, PHONE_VIEWPORT]) {
      const page = await openPage(suite.browser, suite.server.url, { viewport });
      await page.goto(SHARED_LINK);
      await waitForResults(page);
      await saveScreenshot(page, `advanced-search-results-${viewport.width}`);
      expect(await checkAccessibility(page), String(viewport.width)).toEqual([]);
      await page.context().close();
    }
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
