/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, hence the DOM types.
/**
 * /organisations says what is there before any search: how many organisations the registry
 * holds, or that it has none yet and how organisations get added; "no match" only after a
 * search. The lists are answered here (the demo catalogue's organisations may change).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, saveScreenshot } from './support/index.ts';
import { catalogueSuite } from './support/catalogue-suite.ts';

const suite = catalogueSuite();

const EBI = { id: 7, name: 'European Bioinformatics Institute', homepage: null, types: ['Research institute'], rorLink: null };
const NIH = { id: 8, name: 'National Institutes of Health', homepage: null, types: ['Funder'], rorLink: null };

/** Answers the list of all organisations with `all` and every search with nothing. */
async function answerOrganisations(page: Page, all: (typeof EBI)[]): Promise<void> {
  await page.route('**/graphql', async (route) => {
    const body = route.request().postData() ?? '';
    const data = body.includes('allOrganisations') ? { allOrganisations: all } : body.includes('searchOrganisations') ? { searchOrganisations: [] } : null;
    if (!data) return route.continue();
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data }) });
  });
}

describe('/organisations before any search', () => {
  it('with none yet, says so and how organisations get added; "no match" comes only after a search', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await answerOrganisations(page, []);
    await page.goto('/organisations');
    const count = page.getByTestId('organisations-count');
    await count.waitFor();
    expect(await count.innerText()).toMatch(/^There are no organisations in the registry yet\. An organisation is added when someone describing a record names who maintains, funds or collaborates on it/);
    expect(await count.getByRole('link', { name: 'Add content' }).getAttribute('href')).toBe('/new');
    await saveScreenshot(page, 'organisations-none-yet');

    await page.getByLabel('Search organisations').fill('wellcome');
    await page.getByRole('button', { name: 'Search', exact: true }).last().click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'wellcome');
    await expect.poll(() => count.innerText()).toBe('No organisation matches “wellcome”.');
    await page.context().close();
  });

  it('with some, says how many the registry holds', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await answerOrganisations(page, [EBI, NIH]);
    await page.goto('/organisations');
    const count = page.getByTestId('organisations-count');
    await count.waitFor();
    expect(await count.innerText()).toBe('2 organisations in the registry.');
    expect(await page.getByTestId('organisation-row').count()).toBe(2);
    await page.context().close();
  });
});
