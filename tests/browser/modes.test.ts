/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, hence the DOM types.
/**
 * Site modes driven by the server (SPEC §4): MAINTENANCE_MODE sends every route to /maintenance;
 * READ_ONLY_MODE shows the read-only banner; /maintenance is unreachable in normal mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { STARTUP_DATA_ELEMENT_ID } from '@registry/schemas/web/startup-data.ts';
import { launchBrowser, openPage, saveScreenshot, startTestServer, waitForPathAndQuery } from './support/index.ts';

const READ_ONLY_TEXT =
  'The site currently only allows viewing of records and editing is disabled. We hope to restore normal service as soon as possible. Please accept our apologies for any inconvenience.';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('maintenance mode', () => {
  it('redirects every route to /maintenance', async () => {
    const server = await startTestServer({ env: { MAINTENANCE_MODE: 'true' } });
    try {
      const page = await openPage(browser, server.url);
      for (const path of ['/', '/search?q=ontology', '/licence', '/organisations', '/2']) {
        await page.goto(path);
        await waitForPathAndQuery(page, '/maintenance');
        await page.getByTestId('maintenance').waitFor();
      }
      expect(await page.title()).toBe('FAIRsharing | Maintenance');
      await saveScreenshot(page, 'maintenance');
      await page.context().close();
    } finally {
      await server.close();
    }
  });
});

describe('read-only mode', () => {
  it('shows the read-only banner with the exact text', async () => {
    const server = await startTestServer({ env: { READ_ONLY_MODE: 'true' } });
    try {
      const page = await openPage(browser, server.url);
      await page.goto('/licence');
      const banner = page.getByTestId('read-only-banner');
      await banner.waitFor();
      expect((await banner.innerText()).trim()).toBe(READ_ONLY_TEXT);
      await page.context().close();
    } finally {
      await server.close();
    }
  });
});

describe('normal mode', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('does not offer /maintenance and shows no read-only banner', async () => {
    const page = await openPage(browser, server.url);
    await page.goto('/maintenance');
    await waitForPathAndQuery(page, '/');
    expect(await page.getByTestId('read-only-banner').count()).toBe(0);
    await page.context().close();
  });

  /**
   * /licence as a server without start-up data sends it (the development server, or messages
   * unreadable): the app then makes its start-up calls, which the cases below fail.
   */
  async function licenceWithoutStartupData(page: Page): Promise<void> {
    await page.route('**/licence', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(new RegExp(`<script type="application/json" id="${STARTUP_DATA_ELEMENT_ID}">.*?</script>`, 's'), '');
      await route.fulfill({ response, body });
    });
  }

  it('goes to /error/500 with "Can\'t initialize application." when the API cannot be introspected', async () => {
    const page = await openPage(browser, server.url);
    await licenceWithoutStartupData(page);
    await page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (body.includes('__type')) return route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"message":"boom"}]}' });
      return route.continue();
    });
    await page.goto('/licence');
    await waitForPathAndQuery(page, '/error/500');
    await page.getByText("Can't initialize application.").waitFor();
    await page.context().close();
  });

  it('enters maintenance mode when a start-up call answers 503', async () => {
    const page = await openPage(browser, server.url);
    await licenceWithoutStartupData(page);
    await page.route('**/graphql', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"maintenance"}' }),
    );
    await page.goto('/licence');
    await waitForPathAndQuery(page, '/maintenance');
    await page.context().close();
  });
});
