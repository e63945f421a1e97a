/**
 * Search that helps, in a real browser against the seeded catalogue: suggestions while typing
 * (keyboard, stale answers dropped, closed by Enter), "Showing results for", "Did you mean", highlighted matches, facet search
 * and show-more, folded empty facets, several registries shown selected, and the page
 * behaviours: results brought into view after paging and filtering, the phone's filter panel
 * closing after a choice, a page past the end offering the last page, and advanced search's
 * Proceed landing on results that summarise the criteria. Screenshots of each.
 */
import { describe, expect, it } from 'vitest';
import { pathAndQuery, collectConsoleErrors, PHONE_VIEWPORT, poll, openPage, saveScreenshot, waitForPathAndQuery, waitForResults } from './support/index.ts';
import { catalogueSuite } from './support/catalogue-suite.ts';

const suite = catalogueSuite();

describe('suggestions while typing', { timeout: 180_000 }, () => {
  it('suggests records and terms in the header box, chosen by keyboard', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search through all content' });
    await box.click();
    await box.pressSequentially('gene ont', { delay: 40 });
    const list = page.getByRole('listbox', { name: 'Suggestions' }).first();
    await list.getByRole('option').first().waitFor({ timeout: 15_000 });
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await list.getByRole('option').first().textContent()).toContain('Gene Ontology');
    await box.press('ArrowDown');
    const firstId = await list.getByRole('option').first().getAttribute('id');
    expect(await box.getAttribute('aria-activedescendant')).toBe(firstId);
    expect(await list.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    await saveScreenshot(page, 'suggestions-header-keyboard');
    await box.press('Enter');
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/\d+$/);
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('closes the list when Enter submits the typed text, in the header and on the search page', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    for (const name of ['Search through all content', 'Search text']) {
      const box = page.getByRole('combobox', { name });
      await box.click();
      await box.fill('');
      await box.pressSequentially('metabolic', { delay: 40 });
      const list = page.locator(`#${await box.getAttribute('aria-controls')}`);
      await list.getByRole('option').first().waitFor({ timeout: 15_000 });
      // No suggestion chosen: Enter searches the text, and the results are not covered.
      await box.press('Enter');
      await poll(() => new URL(page.url()).searchParams.get('q')).toBe('metabolic');
      await waitForResults(page);
      await poll(() => box.getAttribute('aria-expanded')).toBe('false');
      expect(await list.isHidden()).toBe(true);
      await saveScreenshot(page, `suggestions-closed-after-enter-${name === 'Search text' ? 'search-page' : 'header'}`);
    }
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('suggests a vocabulary term by its synonym and opens the search filtered by it; Escape closes the list', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/search');
    const box = page.getByRole('combobox', { name: 'Search text' });
    await box.click();
    await box.pressSequentially('pulmonary', { delay: 40 });
    const option = page.getByRole('option', { name: /Respiratory Medicine/ });
    await option.waitFor({ timeout: 15_000 });
    expect(await option.textContent()).toContain('Pulmonary Medicine');
    await box.press('Escape');
    await poll(() => box.getAttribute('aria-expanded')).toBe('false');
    await box.press('ArrowDown');
    await poll(() => box.getAttribute('aria-expanded')).toBe('true');
    await option.waitFor();
    // Down the list to the term, wherever it stands (counting the options first raced the list's
    // second answer on a loaded machine, and the last press landed elsewhere).
    const selected = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { selected: true });
    let reached = false;
    for (let step = 0; step < 30 && !reached; step += 1) {
      await box.press('ArrowDown');
      reached = ((await selected.textContent({ timeout: 5_000 }).catch(() => '')) ?? '').includes('Respiratory Medicine');
    }
    expect(reached).toBe(true);
    await box.press('Enter');
    await waitForPathAndQuery(page, '/search?subjects=Respiratory+Medicine');
    await page.context().close();
  });

  it('debounces requests and drops a stale question once a newer one is asked', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    const asked: string[] = [];
    let releaseStale = () => {};
    const staleHeld = new Promise<void>((resolve) => {
      releaseStale = resolve;
    });
    await page.route('**/search_suggestions?**', async (route) => {
      const q = new URL(route.request().url()).searchParams.get('q') ?? '';
      asked.push(q);
      const response = await route.fetch();
      // The first question's answer is held back until the app has given up on it.
      if (q === 'prot') await staleHeld;
      await route.fulfill({ response }).catch(() => undefined);
    });
    const staleDropped = page.waitForEvent('requestfailed', (request) => new URL(request.url()).searchParams.get('q') === 'prot');
    await page.goto('/search');
    const box = page.getByRole('combobox', { name: 'Search text' });
    await box.click();
    await box.pressSequentially('prot', { delay: 30 });
    await poll(() => asked.length).toBe(1);
    await box.pressSequentially('eomics');
    await poll(() => asked.at(-1)).toBe('proteomics');
    // Typing fast asks once per pause, not once per key (a busy machine may pause once or twice).
    expect(asked[0]).toBe('prot');
    expect(asked.length - 1).toBeLessThan('eomics'.length);
    await page.getByRole('option', { name: /Proteomics/ }).first().waitFor({ timeout: 15_000 });
    // The app aborted the older question when the newer one was asked: its answer can no longer land.
    await staleDropped;
    releaseStale();
    const labels = await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').allTextContents();
    expect(labels.filter((label) => !/proteom/i.test(label))).toEqual([]);
    await saveScreenshot(page, 'suggestions-stale-dropped');
    await page.context().close();
  });
});

describe('what the results say', { timeout: 180_000 }, () => {
  it('says which words the typo retry searched for, with a link to the words as typed', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/search?q=protien%20data%20bank');
    await waitForResults(page);
    const note = page.getByTestId('did-you-mean');
    await note.waitFor();
    expect(await note.textContent()).toContain('Showing results for protein data bank');
    await saveScreenshot(page, 'search-did-you-mean');
    await note.getByRole('link', { name: 'Search instead for “protien data bank”' }).click();
    await waitForPathAndQuery(page, '/search?q=protien+data+bank&exact=true');
    await page.getByTestId('search-empty').waitFor({ timeout: 30_000 });
    await page.context().close();
  });

  it('asks "did you mean" when nothing matches even with typo matching, and links to the suggested search', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/search?q=metabolsim%20pathwy');
    const suggestion = page.getByTestId('search-suggested-query');
    await suggestion.waitFor({ timeout: 30_000 });
    expect(await suggestion.textContent()).toBe('Did you mean metabolism pathway?');
    await saveScreenshot(page, 'search-suggested-query');
    await suggestion.getByRole('link', { name: 'metabolism pathway' }).click();
    await waitForPathAndQuery(page, '/search?q=metabolism+pathway');
    await waitForResults(page);
    await page.context().close();
  });

  it('highlights the matched words in names and description passages', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/search?q=gene%20ontology');
    await waitForResults(page);
    const first = page.getByTestId('search-result').first();
    expect(await first.getByRole('heading').locator('mark').allTextContents()).toEqual(['Gene', 'Ontology']);
    expect(await first.locator('[data-description] mark').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'search-highlighting');
    await page.context().close();
  });
});

describe('facets', { timeout: 180_000 }, () => {
  it('searches a facet’s values beyond the first ones, shows more, and folds empty facets to one line at the end', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/search');
    await waitForResults(page);
    const domains = page.getByTestId('facet-domains');
    await domains.getByTestId('facet-search').fill('phenotyp');
    await poll(async () => (await domains.locator('[data-facet-value]').allTextContents()).length).toBeGreaterThan(0);
    const found = await domains.locator('[data-facet-value]').allTextContents();
    expect(found.every((value) => /phenotyp/i.test(value))).toBe(true);
    await domains.getByTestId('facet-search').fill('');
    const before = await domains.locator('[data-facet-value]').count();
    await domains.getByTestId('facet-show-more').click();
    // The answer lists the first 100 domains; show-more asks for the rest.
    await poll(() => domains.locator('[data-facet-value]').count(), { timeout: 20_000 }).toBeGreaterThan(100);
    expect(before).toBe(8);
    await saveScreenshot(page, 'facet-show-more');
    // A search with few results leaves some facets without values: they fold away together.
    await page.goto('/search?q=LOINC');
    await waitForResults(page);
    const folded = page.getByTestId('empty-facets');
    await folded.waitFor();
    // Folded: each is its heading alone, with no value list, after the facets that have values.
    expect(await folded.locator('[data-empty]').count()).toBeGreaterThan(0);
    expect(await folded.locator('input[type=checkbox]').count()).toBe(0);
    await page.context().close();
  });

  it('shows several selected registries as selected, and counts both values of Maintained', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/search?fairsharingRegistry=standard,database');
    await waitForResults(page);
    const registries = page.getByTestId('filter-buttons-fairsharingRegistry');
    expect(await registries.getByRole('button', { name: /^All/ }).getAttribute('aria-pressed')).toBe('false');
    expect(await registries.getByRole('button', { name: /^Standard/ }).getAttribute('aria-pressed')).toBe('true');
    expect(await registries.getByRole('button', { name: /^Database/ }).getAttribute('aria-pressed')).toBe('true');
    const maintained = page.getByTestId('filter-buttons-isMaintained');
    await poll(async () => (await maintained.getByRole('button').allTextContents()).filter((label) => /\(\d+\)/.test(label)).length).toBe(2);
    await saveScreenshot(page, 'registry-multi-selection');
    await page.context().close();
  });
});

describe('search page behaviour', { timeout: 180_000 }, () => {
  it('brings the top of the results into view after paging and after a filter choice', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/search?q=ontology');
    await waitForResults(page);
    const resultsTop = () => page.getByRole('region', { name: 'Results', exact: true }).evaluate((element) => element.getBoundingClientRect().top);
    const viewportHeight = await page.evaluate(() => window.innerHeight);
    const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' });
    await next.scrollIntoViewIfNeeded();
    expect(await resultsTop()).toBeLessThan(0);
    await next.click();
    await waitForPathAndQuery(page, '/search?q=ontology&page=2');
    await waitForResults(page);
    await poll(resultsTop).toBeGreaterThanOrEqual(-5);
    expect(await resultsTop()).toBeLessThan(viewportHeight / 2);
    await saveScreenshot(page, 'paging-results-in-view');
    const status = page.getByTestId('facet-status').locator('input[type=checkbox]').first();
    await status.scrollIntoViewIfNeeded();
    expect(await resultsTop()).toBeLessThan(0);
    await status.click();
    await poll(() => pathAndQuery(page)).toContain('status=');
    await waitForResults(page);
    await poll(resultsTop).toBeGreaterThanOrEqual(-5);
    expect(await resultsTop()).toBeLessThan(viewportHeight / 2);
    await page.context().close();
  });

  it('on a phone, closes the filter panel after a choice', async () => {
    const page = await openPage(suite.browser, suite.server.url, { viewport: PHONE_VIEWPORT });
    await page.goto('/search');
    await waitForResults(page);
    await page.getByRole('button', { name: 'Show filters' }).click();
    await page.getByTestId('filter-buttons-fairsharingRegistry').getByRole('button', { name: /^Database/ }).click();
    await poll(() => pathAndQuery(page)).toContain('fairsharingRegistry=database');
    await poll(() => page.getByRole('button', { name: 'Show filters' }).getAttribute('aria-expanded')).toBe('false');
    await waitForResults(page);
    await saveScreenshot(page, 'phone-filters-closed');
    await page.context().close();
  });

  it('offers the last page for a page past the end', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/search?q=ontology&page=500');
    const pastEnd = page.getByTestId('search-past-end');
    await pastEnd.waitFor({ timeout: 45_000 });
    expect(await page.getByTestId('search-empty').count()).toBe(0);
    await saveScreenshot(page, 'search-past-end');
    const button = pastEnd.getByRole('button', { name: /Go to the last page/ });
    const last = Number(((await button.textContent()) ?? '').match(/\((\d+)\)/)?.[1]);
    await button.click();
    await waitForPathAndQuery(page, `/search?q=ontology&page=${last}`);
    await waitForResults(page);
    await page.context().close();
  });

  it('advanced search: Proceed closes the dialog and shows the results with their criteria', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/');
    await page.getByRole('button', { name: 'Advanced Search' }).click();
    const dialog = page.getByTestId('advanced-search-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('advanced-search-text').fill('ontology');
    await dialog.getByRole('button', { name: 'Proceed' }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/advancedsearch');
    await page.getByTestId('search-result').first().waitFor({ timeout: 45_000 });
    expect(await page.getByTestId('advanced-search-dialog').count()).toBe(0);
    expect(await page.getByTestId('advanced-search-summary').textContent()).toContain('ontology');
    await saveScreenshot(page, 'advanced-search-proceed');
    await page.context().close();
  });
});

describe('record pages people can trust', { timeout: 180_000 }, () => {
  it('a deprecated record says so at the top', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/134');
    const banner = page.getByTestId('deprecation-banner');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.textContent()).toContain('This record is deprecated');
    await saveScreenshot(page, 'record-deprecated');
    await page.goto('/2');
    await page.getByTestId('record-page').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('deprecation-banner').count()).toBe(0);
    await page.context().close();
  });

  it('the legacy ids a page shows lead back to it', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/1547');
    const legacy = page.getByTestId('legacy-ids');
    await legacy.waitFor({ timeout: 30_000 });
    for (const legacyId of ['bsg-d000001', 'biodbcore-000001']) {
      await page.goto('/1547');
      await page.getByTestId('legacy-ids').getByRole('link', { name: legacyId }).click();
      await poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/1547');
      await page.getByTestId('record-page').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('record-name').textContent()).toContain('GenBank');
    }
    await page.context().close();
  });
});
