/**
 * GraphiQL and the OpenAPI page work offline: every request they make stays on the server
 * (anything else is aborted and counted), under the site's CSP (a violation is a console error),
 * GraphiQL runs a query, and the OpenAPI page fits a phone's width.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { PHONE_VIEWPORT, collectConsoleErrors, openPage, saveScreenshot } from './support/index.ts';
import { catalogueSuite } from './support/catalogue-suite.ts';

const suite = catalogueSuite();

/** A page whose requests to anywhere but our server are aborted and listed. */
async function offlinePage(options: BrowserContextOptions = {}): Promise<{ page: Page; leftTheServer: string[] }> {
  const page = await openPage(suite.browser, suite.server.url, options);
  const leftTheServer: string[] = [];
  await page.context().route(
    (url) => url.origin !== suite.server.url,
    (route) => {
      leftTheServer.push(route.request().url());
      return route.abort();
    },
  );
  return { page, leftTheServer };
}

describe('GraphiQL', { timeout: 120_000 }, () => {
  it('loads from our server alone and runs a query', async () => {
    const { page, leftTheServer } = await offlinePage();
    const errors = collectConsoleErrors(page);
    await page.goto('/graphiql');
    await page.locator('.graphiql-query-editor .CodeMirror').waitFor({ timeout: 30_000 });
    await page.locator('.graphiql-execute-button').click();
    const result = page.locator('.graphiql-response .CodeMirror');
    await expect.poll(async () => result.textContent(), { timeout: 30_000 }).toContain('"totalCount"');
    expect(await result.textContent()).not.toContain('"errors"');
    await saveScreenshot(page, 'graphiql-desktop');
    expect(leftTheServer).toEqual([]);
    expect(errors.messages).toEqual([]);
  });
});

describe('OpenAPI page', { timeout: 120_000 }, () => {
  it('fits a phone\'s width, with every request on our server', async () => {
    const { page, leftTheServer } = await offlinePage({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });
    const errors = collectConsoleErrors(page);
    await page.goto('/api/docs');
    await page.locator('.swagger-ui .info .title').waitFor({ timeout: 30_000 });
    const firstOperation = page.locator('.opblock-summary').first();
    await firstOperation.click();
    await page.locator('.opblock-body').first().waitFor();
    await saveScreenshot(page, 'api-docs-phone');
    // Laid out at the phone's width (not a shrunk desktop page), with nothing wider than it.
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.viewport).toBe(PHONE_VIEWPORT.width);
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(leftTheServer).toEqual([]);
    expect(errors.messages).toEqual([]);
  });

  it('/api/docs/static/index.html with a query string lands on the docs', async () => {
    const { page } = await offlinePage();
    const response = await page.goto('/api/docs/static/index.html?url=x');
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/api/docs/');
    await page.locator('.swagger-ui .info .title').waitFor({ timeout: 30_000 });
  });
});
