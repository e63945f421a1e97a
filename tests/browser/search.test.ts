/**
 * The search page in a real browser against the seeded catalogue: facets narrow the results
 * and update counts and URL, back restores, paging and page size, the route guard, the
 * invalid-query state, and a phone layout (the whole first result on the first screen, the
 * options folded into one row); screenshots and an accessibility check with WCAG 2.2's target size.
 */
import { describe, expect, it } from 'vitest';
import { pathAndQuery, checkAccessibility, collectConsoleErrors, firstResultName, PHONE_VIEWPORT, poll, openPage, resultCount, saveScreenshot, waitForPathAndQuery, waitForResults } from './support/index.ts';
import { catalogueSuite } from './support/catalogue-suite.ts';

const suite = catalogueSuite();

describe('search page', { timeout: 180_000 }, () => {
  it('shows results with facets, passes the accessibility check, and has no console errors', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    await page.goto('/search');
    await waitForResults(page);
    expect(await resultCount(page)).toBeGreaterThan(1000);
    expect(await page.getByTestId('search-result').count()).toBe(20);
    // Every panel of SPEC §9 is there, with the spec's labels.
    for (const label of ['Species', 'Output status', 'Subjects', 'Domains', 'Countries', 'Licence(s)', 'Organisation(s)', 'Registry', 'Recommended', 'Maintained']) {
      await poll(() => page.getByRole('heading', { name: label, exact: true }).count()).toBeGreaterThan(0);
    }
    await saveScreenshot(page, 'search-desktop');
    expect(await checkAccessibility(page)).toEqual([]);
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('a first visit gets its search answered inside the page, with the screen code preloaded, and asks nothing more', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    const searches: string[] = [];
    page.on('request', (request) => {
      const query = request.url().endsWith('/graphql') ? (JSON.parse(request.postData() ?? '{}') as { query?: string }).query : undefined;
      if (query?.includes('searchFairsharingRecords')) searches.push(query);
    });
    const response = await page.goto('/standards?q=ontology&subjects=Life%20Science');
    const html = (await response?.text()) ?? '';
    // The page names the search screen's code, so it loads alongside the entry...
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/SearchPage-[\w-]+\.js">/);
    // ...and holds the answer to the search this URL asks for.
    const embedded = JSON.parse(html.match(/<script type="application\/json" id="early-answers">(.*?)<\/script>/s)?.[1] ?? 'null') as {
      query: string;
      variables: Record<string, unknown>;
      data: { searchFairsharingRecords: { totalCount: number } };
    } | null;
    expect(embedded?.variables).toMatchObject({ q: 'ontology', fairsharingRegistry: ['standard'], subjects: ['Life Science'] });
    await waitForResults(page);
    expect(await resultCount(page)).toBe(embedded?.data.searchFairsharingRecords.totalCount);
    // The page used it: no search request went out.
    expect(searches).toEqual([]);
    expect(await page.locator('#early-answers').count()).toBe(0);
    // Later searches are the page's own.
    await page.getByTestId('filter-buttons-isRecommended').getByRole('button', { name: /^Yes/ }).click();
    await page.waitForURL((url) => url.searchParams.get('isRecommended') === 'true');
    await poll(() => searches.length).toBe(1);
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('a facet click narrows the results, updates counts and URL; back restores', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    await page.goto('/search');
    const before = await resultCount(page);
    const registryButtons = page.getByTestId('filter-buttons-fairsharingRegistry');
    const standardButton = registryButtons.getByRole('button', { name: /^Standard \(\d+\)$/ });
    const standardCount = Number(((await standardButton.textContent()) ?? '').match(/\((\d+)\)/)?.[1]);
    await standardButton.click();
    await page.waitForURL((url) => url.searchParams.get('fairsharingRegistry') === 'standard');
    await poll(() => resultCount(page)).toBe(standardCount);
    expect(standardCount).toBeLessThan(before);
    await poll(() => standardButton.getAttribute('aria-pressed')).toBe('true');

    // A checkbox facet: the subject counts are those of the standards now (the panels update
    // just after the rows, and are busy until then).
    await poll(() => page.locator('#search-filters[aria-busy="true"]').count()).toBe(0);
    const subjects = page.getByTestId('facet-subjects');
    const firstSubject = subjects.locator('[data-facet-value]').first();
    const subjectValue = (await firstSubject.getAttribute('data-facet-value')) ?? '';
    const subjectCount = Number(((await firstSubject.getByTestId('facet-count').textContent()) ?? '').match(/(\d+)/)?.[1]);
    expect(subjectCount).toBeLessThanOrEqual(standardCount);
    await firstSubject.click();
    await page.waitForURL((url) => url.searchParams.get('subjects') === subjectValue);
    await poll(() => resultCount(page)).toBe(subjectCount);
    await poll(() => page.getByTestId('active-filter-chip').count()).toBe(2);

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('subjects'));
    await poll(() => resultCount(page)).toBe(standardCount);
    await page.goBack();
    await page.waitForURL((url) => url.search === '');
    await poll(() => resultCount(page)).toBe(before);

    // Removing a chip is a filter change too.
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('fairsharingRegistry') === 'standard');
    await page.getByRole('button', { name: 'Remove filter Registry: Standard' }).click();
    await waitForPathAndQuery(page, '/search');
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('pages, changes the page size and resets the page on a filter change', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/search?orderBy=name,asc');
    const pageOne = await firstResultName(page);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await poll(() => firstResultName(page)).not.toBe(pageOne);
    await poll(() => page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    await page.getByLabel('Results per page').selectOption('50');
    await page.waitForURL((url) => url.searchParams.get('perPage') === '50' && !url.searchParams.has('page'));
    await poll(() => page.getByTestId('search-result').count()).toBe(50);

    await page.getByRole('button', { name: 'Page 3' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await page.getByTestId('filter-buttons-isRecommended').getByRole('button', { name: /^Yes/ }).click();
    await page.waitForURL((url) => url.searchParams.get('isRecommended') === 'true' && !url.searchParams.has('page'));

    await page.getByLabel('Sort by').selectOption('name,desc');
    await page.waitForURL((url) => url.searchParams.get('orderBy') === 'name,desc');
    await page.context().close();
  });

  it('the route guard cleans the URL and replaces it', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/search?content=biodbcore&q=&search_state=abc&page=');
    await waitForPathAndQuery(page, '/search?fairsharingRegistry=database');
    await waitForResults(page);
    await poll(() => page.getByTestId('filter-buttons-fairsharingRegistry').getByRole('button', { name: /^Database/ }).getAttribute('aria-pressed')).toBe('true');
    await page.context().close();
  });

  it('listing pages preset the registry without putting it in the URL', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/databases');
    await waitForResults(page);
    expect(pathAndQuery(page)).toBe('/databases');
    const registries = await page.getByTestId('search-result').evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
    expect(registries.every((text) => text.includes('Database'))).toBe(true);
    await page.context().close();
  });

  it('shows the empty state and the invalid-query state', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/search?q=zzqqxxnothingmatchesthis');
    await page.getByTestId('search-empty').waitFor({ timeout: 45_000 });

    // The API answers "invalid query" only for arguments our own UI never sends; stand in for it.
    await page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (!body.includes('searchFairsharingRecords')) return route.continue();
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          data: {
            searchFairsharingRecords: { facets: [], currentPage: 1, perPage: 20, totalCount: 0, totalPages: 0, firstPage: true, error: 'invalid query', records: [] },
          },
        }),
      });
    });
    // A search of the page's own (a first visit's answer comes inside the page, not from /graphql).
    await page.getByLabel('Search text').fill('anything');
    await page.getByLabel('Search text').press('Enter');
    await page.getByTestId('search-invalid').waitFor({ timeout: 45_000 });
    expect(await page.getByTestId('search-result').count()).toBe(0);
    await page.context().close();
  });

  it('downloads the results of a search as CSV and as JSON (the same rows, keyed by the header)', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    await page.goto('/search?fairsharingRegistry=Policy');
    await waitForResults(page);
    const found = await resultCount(page);
    const downloaded = async (name: string) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('search-export').getByRole('button', { name }).click()]);
      let text = '';
      for await (const chunk of await download.createReadStream()) text += String(chunk);
      return { file: download.suggestedFilename(), text };
    };
    const csv = await downloaded('Download CSV');
    expect(csv.file).toBe('search-results.csv');
    const lines = csv.text.trim().split('\r\n');
    expect(lines).toHaveLength(found + 1);
    const json = await downloaded('Download JSON');
    expect(json.file).toBe('search-results.json');
    const rows = JSON.parse(json.text) as Record<string, string>[];
    expect(rows).toHaveLength(found);
    expect(Object.keys(rows[0]!).join(',')).toBe(lines[0]);
    expect(await page.getByText('Download failed').count()).toBe(0);
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('has no target under 24 × 24 px on /search?q=proteomics at 1280 px (WCAG 2.2 target size)', async () => {
    const page = await openPage(suite.browser, suite.server.url, { viewport: { width: 1280, height: 900 } });
    await page.goto('/search?q=proteomics');
    await waitForResults(page);
    await page.getByTestId('facet-subjects').locator('input[type=checkbox]').first().waitFor();
    expect(await checkAccessibility(page)).toEqual([]);
    await page.context().close();
  });

  it('on a phone (390 × 844) shows the whole first result in the first screen, the options one tap away', async () => {
    const page = await openPage(suite.browser, suite.server.url, { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });
    const errors = collectConsoleErrors(page);
    await page.goto('/search?q=proteomics');
    await waitForResults(page);
    // The whole first result, not only its title: before the banner was slimmed and the controls
    // folded, the title stood at the first screen's foot (about 770 px) and its text below it.
    const first = (await page.getByTestId('search-result').first().boundingBox())!;
    expect(first.y + first.height).toBeLessThanOrEqual(PHONE_VIEWPORT.height);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await saveScreenshot(page, 'search-phone-first-screen');
    expect(await checkAccessibility(page)).toEqual([]);
    // The search box is on the first screen; sort, page size and matching open in one tap.
    expect(await page.getByRole('combobox', { name: 'Search text' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Search options' }).click();
    await page.getByLabel('Sort by').selectOption('name,asc');
    await poll(() => new URL(page.url()).searchParams.get('orderBy')).toBe('name,asc');
    expect(await page.getByRole('switch', { name: 'Match all terms' }).isVisible()).toBe(true);
    expect(await checkAccessibility(page)).toEqual([]);
    await saveScreenshot(page, 'search-phone-options');
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('works on a phone: filters fold away behind a button', async () => {
    const page = await openPage(suite.browser, suite.server.url, { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });
    const errors = collectConsoleErrors(page);
    await page.goto('/standards');
    await waitForResults(page);
    const toggle = page.getByRole('button', { name: 'Show filters' });
    await toggle.click();
    await page.getByTestId('facet-subjects').waitFor();
    await saveScreenshot(page, 'search-phone');
    expect(await checkAccessibility(page)).toEqual([]);
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });
});
