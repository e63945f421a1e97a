/**
 * A first visit loads only the code its landing screen needs: an anonymous visitor of a page
 * behind the login guard is sent to the login form without the guarded screen's code.
 */
import { describe, expect, it } from 'vitest';
import { catalogueSuite } from './support/catalogue-suite.ts';
import { collectConsoleErrors, openPage } from './support/browser.ts';

const suite = catalogueSuite();

describe('a first visit', () => {
  it("of /curator by an anonymous visitor shows the login form without loading the dashboard's code", async () => {
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/curator');
    await page.locator('input[name="login"]').waitFor({ timeout: 45_000 });
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/accounts/login');
    expect(scripts.some((path) => /\/LoginPage-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => /\/CuratorPage-[\w-]+\.js$/.test(path))).toEqual([]);
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });
});
