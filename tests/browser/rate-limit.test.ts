/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, hence the DOM types.
/**
 * Being rate-limited is not a crash: a page whose start-up is answered 429 says calmly that it
 * will retry, counting down the server's retry-after, asks again by itself and loads. The server
 * here has a tiny limit with a short window, used up from this process (the same address as the
 * browser) before the page opens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, saveScreenshot, startTestServer, type TestServer } from './support/index.ts';
import { LIGHT_ALLOWANCE_FACTOR } from '../../services/api/src/http/request-weight.ts';

// A window long enough that the page's first calls still fall into it on a busy machine.
const RATE_LIMIT = { max: 2, windowMs: 20_000 };

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startTestServer({ rateLimit: RATE_LIMIT });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Spends the address's light and standard allowances, so the page's first calls are answered 429. */
async function spendAllowances(): Promise<void> {
  const post = (query: string) =>
    fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  for (let n = 0; n < RATE_LIMIT.max * LIGHT_ALLOWANCE_FACTOR; n += 1) await post('{ messages { id } }');
  for (let n = 0; n < RATE_LIMIT.max; n += 1) await post('{ __typename }');
  expect((await post('{ messages { id } }')).status).toBe(429);
}

describe('a 429 during start-up', () => {
  it('shows "Too many requests — retrying in N s", retries by itself and the page loads', async () => {
    await spendAllowances();
    const page = await openPage(browser, server.url);
    await page.goto('/search?q=proteomics');
    const wait = page.getByTestId('rate-limit-wait');
    await wait.waitFor();
    expect((await wait.innerText()).trim()).toMatch(/^Too many requests — retrying in ([1-9]|1[0-9]|20) s$/);
    await saveScreenshot(page, 'rate-limit-wait');

    await page.getByTestId('search-result').first().waitFor({ timeout: 45_000 });
    await wait.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/search');
    expect(await page.getByText(/Something went wrong|Can't initialize application/).count()).toBe(0);
    await saveScreenshot(page, 'rate-limit-retried');
    await page.context().close();
  }, 90_000);
});

describe('a page load past the rate limit', () => {
  it("of a record page answers the app's page, not the JSON refusal: it waits calmly, then shows the record", async () => {
    await spendAllowances();
    const page = await openPage(browser, server.url);
    const response = await page.goto('/2');
    expect(response?.status()).toBe(429);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    expect(await response?.text()).toContain('<div id="root">');
    const wait = page.getByTestId('rate-limit-wait');
    await wait.waitFor();
    expect((await wait.innerText()).trim()).toMatch(/^Too many requests — retrying in ([1-9]|1[0-9]|20) s$/);
    await page.getByTestId('record-page').waitFor({ timeout: 45_000 });
    expect(await page.getByText(/Something went wrong|Can't initialize application|Rate limit exceeded/).count()).toBe(0);
    await page.context().close();
  }, 90_000);
});
