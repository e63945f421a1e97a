/** Reading the search page's results, as the search and advanced-search tests do. */
import type { Page } from 'playwright-core';
import { poll } from './poll.ts';

/** The number in "N records found", once the answer is in. */
export async function resultCount(page: Page): Promise<number> {
  const status = page.getByTestId('result-count');
  await poll(async () => (await status.textContent()) ?? '', { timeout: 45_000 }).toMatch(/\d+ records? found/);
  return Number(((await status.textContent()) ?? '').replace(/,/g, '').match(/(\d+)/)?.[1]);
}

/** The first result row is there and nothing is loading any more. */
export async function waitForResults(page: Page): Promise<void> {
  await page.getByTestId('search-result').first().waitFor({ timeout: 45_000 });
  await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

export async function firstResultName(page: Page): Promise<string> {
  await waitForResults(page);
  return (await page.getByTestId('search-result').first().getByRole('heading').textContent()) ?? '';
}
