/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, hence the DOM types.
/**
 * The shell in a real browser: page title, header search, navigation, drawer on a phone,
 * the 404 page, the login guard, and no console errors on the way.
 */
import { describe, expect, it } from 'vitest';
import { STARTUP_DATA_ELEMENT_ID } from '@registry/schemas/web/startup-data.ts';
import {
  PHONE_VIEWPORT,
  collectConsoleErrors,
  openPage,
  waitForPathAndQuery,
  saveScreenshot,
} from './support/index.ts';
import { catalogueSuite } from './support/catalogue-suite.ts';

const suite = catalogueSuite();

describe('shell', () => {
  it('titles pages "<site name> | <route name>"', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    await page.goto('/licence');
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('FAIRsharing | Licence');
    await page.goto('/');
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('FAIRsharing | Home');
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('header search sends q with non-alphanumeric characters as spaces', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/licence');
    await page.getByRole('combobox', { name: 'Search through all content' }).fill('gene-ontology (GO)');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).first().click();
    await waitForPathAndQuery(page, '/search?q=gene+ontology+GO');
    await page.context().close();
  });

  it('header search on /search keeps the other parameters and replaces q', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/search?q=old&fairsharingRegistry=standard&page=3');
    await page.getByRole('combobox', { name: 'Search through all content' }).fill('new words');
    await page.getByRole('combobox', { name: 'Search through all content' }).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'new words');
    const params = new URL(page.url()).searchParams;
    expect(params.get('fairsharingRegistry')).toBe('standard');
    expect(params.get('page')).toBeNull();
    await page.context().close();
  });

  it('shows the navigation buttons on a desktop and links them', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/licence');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    for (const label of ['Standards', 'Databases', 'Policies', 'Collections', 'Organisations', 'Add content', 'Stats']) {
      expect(await nav.getByRole('link', { name: label }).isVisible()).toBe(true);
    }
    await nav.getByRole('link', { name: 'Add content' }).click();
    await waitForPathAndQuery(page, '/new');
    await nav.getByRole('link', { name: 'Stats' }).click();
    await waitForPathAndQuery(page, '/summary-statistics');
    await page.context().close();
  });

  it('opens the side drawer on a phone; its Login carries goTo', async () => {
    const page = await openPage(suite.browser, suite.server.url, { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });
    const errors = collectConsoleErrors(page);
    await page.goto('/licence');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open the site menu' }).click();
    const drawer = page.getByTestId('nav-drawer');
    await drawer.waitFor({ state: 'visible' });
    await saveScreenshot(page, 'drawer-phone');
    for (const label of ['Standards', 'Databases', 'Policies', 'Collections', 'Organisations', 'Add content', 'Stats']) {
      expect(await drawer.getByRole('link', { name: label }).isVisible()).toBe(true);
    }
    await drawer.getByRole('link', { name: 'Login' }).click();
    await waitForPathAndQuery(page, '/accounts/login?goTo=%2Flicence');
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('shows the 404 page for unknown paths and /error/404', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    for (const path of ['/this/path/does/not/exist', '/error/404']) {
      await page.goto(path);
      await page.getByTestId('not-found').waitFor();
      expect(await page.title()).toBe('FAIRsharing | Page not found');
    }
    await page.context().close();
  });

  it('sends logged-out visitors of account pages to login with goTo', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    for (const path of ['/accounts/profile', '/profiles/edit', '/create', '/create-fairassist', '/curator', '/2/edit', '/profiles/usersList', '/profiles/editPublicProfile/5']) {
      await page.goto(path);
      await waitForPathAndQuery(page, `/accounts/login?goTo=${encodeURIComponent(path)}`);
    }
    await page.context().close();
  });

  it('restores a stored session and shows the username; an expired one shows the expiry message', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/licence');
    await page.evaluate(() => {
      localStorage.setItem(
        'registry.session',
        JSON.stringify({ credentials: { username: 'ada', token: 'x', validity: Date.now() - 1000 } }),
      );
    });
    await page.reload();
    await page.getByText('You session has expired. Please log in again.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('registry.session'))).toBeNull();
    await page.context().close();
  });

  it('has a footer with five link blocks, the licence line and a back-to-top control', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/licence');
    const footer = page.locator('footer');
    await footer.waitFor();
    for (const block of ['Developed By', 'Contacts and News', 'Users and Contributors', 'About Us', 'Documentation']) {
      expect(await footer.getByRole('heading', { name: block }).count()).toBe(1);
    }
    expect(await footer.getByRole('link', { name: 'CC BY-SA 4.0' }).count()).toBe(1);
    await page.mouse.wheel(0, 5000);
    await footer.getByRole('button', { name: 'Back to top' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });

  it('shows public messages under the header with their update date', async () => {
    const page = await openPage(suite.browser, suite.server.url, { timezoneId: 'UTC' });
    // The messages come with the page's start-up data: this page's bring one of a known date.
    const messages = [{ id: 1, message: 'Scheduled maintenance on Monday.', createdAt: '2026-11-20T09:00:00Z', updatedAt: '2026-11-22T14:05:00Z' }];
    await page.route('**/licence', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        new RegExp(`(<script type="application/json" id="${STARTUP_DATA_ELEMENT_ID}">)(.*?)(</script>)`, 's'),
        (_block, open: string, json: string, close: string) => `${open}${JSON.stringify({ ...(JSON.parse(json) as object), messages })}${close}`,
      );
      await route.fulfill({ response, body });
    });
    await page.goto('/licence');
    const message = page.getByTestId('public-message');
    await message.waitFor();
    expect(await message.innerText()).toContain('Sunday, November 22, 2026 14:05');
    expect(await message.innerText()).toContain('Scheduled maintenance on Monday.');
    await page.context().close();
  });

  it('lists organisations and shows one with its records by relation', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    // The demo catalogue has no organisations yet: answer the two queries with a known one.
    await page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      const data = body.includes('allOrganisations')
        ? { allOrganisations: [{ id: 7, name: 'European Bioinformatics Institute', homepage: null, types: ['Research institute'], rorLink: null }] }
        : body.includes('organisation(id:7)')
          ? {
              organisation: {
                id: 7,
                name: 'European Bioinformatics Institute',
                alternativeNames: ['EMBL-EBI'],
                homepage: 'https://www.ebi.ac.uk',
                rorLink: 'https://ror.org/02catss52',
                types: ['Research institute'],
                urlForLogo: null,
                countries: [{ id: 1, name: 'United Kingdom', code: 'GB' }],
                parentOrganisations: [],
                childOrganisations: [],
                organisationLinks: [
                  { id: 1, relation: 'maintains', isLead: true, grant: null, fairsharingRecord: { id: 2, name: 'Logical Observation Identifier Names and Codes', abbreviation: 'LOINC', type: 'terminology_artefact', registry: 'Standard', status: 'ready' } },
                ],
              },
            }
          : null;
      if (!data) return route.continue();
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data }) });
    });
    await page.goto('/organisations');
    await page.getByTestId('organisation-row').first().waitFor();
    await page.getByRole('link', { name: 'European Bioinformatics Institute' }).click();
    await page.getByTestId('organisation-name').waitFor();
    expect(await page.getByText('EMBL-EBI').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'https://ror.org/02catss52' }).count()).toBe(1);
    expect(await page.getByText('United Kingdom').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Maintains (1)' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: /LOINC/ }).getAttribute('href')).toBe('/2');
    await expect.poll(() => page.title()).toBe('FAIRsharing | European Bioinformatics Institute');
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });
});
