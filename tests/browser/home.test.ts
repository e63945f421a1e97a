/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, hence the DOM types.
/**
 * The home page in a real browser: home search with every checkbox combination, the three
 * columns, statistics, particles, accessibility (axe) and a screenshot at phone and desktop widths;
 * the home search's suggestions show whole below the banner.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  PHONE_VIEWPORT,
  checkAccessibility,
  collectConsoleErrors,
  openPage,
  recordVisitedUrls,
  saveScreenshot,
  visitedUrls,
} from './support/index.ts';
import { catalogueSuite } from './support/catalogue-suite.ts';

declare global {
  interface Window {
    __particleStates?: string[];
  }
}

const REGISTRIES = [
  { value: 'standard', label: 'Standards' },
  { value: 'database', label: 'Databases' },
  { value: 'policy', label: 'Policies' },
  { value: 'collection', label: 'Collections' },
];

/** Every non-empty subset of the four registries, as lists of values in the usual order. */
function registrySubsets(): string[][] {
  const subsets: string[][] = [];
  for (let mask = 1; mask < 16; mask += 1) {
    subsets.push(REGISTRIES.filter((_, index) => mask & (1 << index)).map((registry) => registry.value));
  }
  return subsets;
}

const suite = catalogueSuite();

async function openHome(viewport?: { width: number; height: number }): Promise<Page> {
  const page = await openPage(suite.browser, suite.server.url, viewport ? { viewport } : {});
  await recordVisitedUrls(page);
  await page.goto('/');
  await page.getByTestId('home-search').waitFor();
  return page;
}

describe('home search', () => {
  it.each(registrySubsets().map((subset) => [subset.join(',') || 'none', subset]))(
    'with %s ticked lands on the right URL',
    async (_name, chosen) => {
      const page = await openHome();
      const form = page.getByTestId('home-search');
      for (const registry of REGISTRIES) {
        const box = form.getByRole('checkbox', { name: registry.label });
        expect(await box.isChecked()).toBe(true);
        if (!chosen.includes(registry.value)) await box.uncheck();
      }
      await form.getByRole('combobox', { name: 'Search the registry' }).fill('gene expression');
      await form.getByRole('button', { name: 'Search' }).click();
      const expected =
        chosen.length === 4
          ? '/search?q=gene%20expression'
          : `/search?q=gene%20expression&fairsharingRegistry=${chosen.join(',')}&searchAnd=false`;
      await expect.poll(async () => (await visitedUrls(page)).includes(expected), { timeout: 15_000 }).toBe(true);
      await page.context().close();
    },
  );

  it('shows the whole suggestion list below the banner, no suggestion hidden behind it', async () => {
    const page = await openHome();
    const box = page.getByRole('combobox', { name: 'Search the registry' });
    await box.click();
    await box.pressSequentially('gene', { delay: 40 });
    const list = page.locator(`#${await box.getAttribute('aria-controls')}`);
    await list.getByRole('option').nth(5).waitFor({ timeout: 15_000 });
    // Each suggestion the list shows without scrolling (it scrolls past 24rem) is what the page shows at its centre.
    const hidden = await list.evaluate((element) => {
      const frame = element.getBoundingClientRect();
      return Array.from(element.querySelectorAll('[role=option]')).flatMap((option) => {
        const rect = option.getBoundingClientRect();
        const x = rect.left + rect.width / 2;
        const y = rect.top + rect.height / 2;
        if (y > frame.bottom) return [];
        const top = document.elementFromPoint(x, y);
        return top !== null && option.contains(top) ? [] : [option.textContent ?? ''];
      });
    });
    expect(await list.getByRole('option').count()).toBeGreaterThan(6);
    expect(hidden).toEqual([]);
    await saveScreenshot(page, 'home-suggestions');
    await page.context().close();
  });

  it('does nothing without text', async () => {
    const page = await openHome();
    const form = page.getByTestId('home-search');
    await form.getByRole('button', { name: 'Search' }).click();
    // A search with text afterwards: whatever the empty one did, the app did it before this one.
    await form.getByRole('combobox', { name: 'Search the registry' }).fill('gene');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect.poll(async () => (await visitedUrls(page)).includes('/search?q=gene'), { timeout: 15_000 }).toBe(true);
    expect((await visitedUrls(page)).filter((url) => url !== '/')[0]).toBe('/search?q=gene');
    await page.context().close();
  });
});

describe('home page', () => {
  it('shows the three columns, the community block and the statistics', async () => {
    const page = await openHome();
    const errors = collectConsoleErrors(page);
    const columns = page.getByTestId('home-column');
    expect(await columns.count()).toBe(3);
    for (const title of ['Recommendations', 'Collections', 'Educational']) {
      expect(await page.getByRole('heading', { name: title, exact: true }).count()).toBeGreaterThan(0);
    }
    for (const title of ['Community Champions', 'Adopters and Collaborators']) {
      expect(await page.getByRole('heading', { name: title }).count()).toBe(1);
    }
    const stats = page.getByTestId('home-stat');
    expect(await stats.count()).toBe(3);
    await expect.poll(() => stats.first().innerText(), { timeout: 15_000 }).toMatch(/\d/);
    expect(await stats.allInnerTexts()).toEqual([
      expect.stringContaining('Records'),
      expect.stringContaining('Contributors'),
      expect.stringContaining('Views since 2015'),
    ]);
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('animates the particles once the page has settled, while the hero is visible, and stops when it scrolls away', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    // Every state the canvas goes through, from the first load on.
    await page.addInitScript(() => {
      const states: string[] = [];
      window.__particleStates = states;
      new MutationObserver(() => {
        const canvas = document.querySelector('[data-testid="hero-particles"]');
        if (canvas) states.push(`settled=${canvas.getAttribute('data-settled')} running=${canvas.getAttribute('data-running')}`);
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-settled', 'data-running'] });
    });
    await page.goto('/');
    const canvas = page.getByTestId('hero-particles');
    await expect.poll(() => canvas.getAttribute('data-running'), { timeout: 15_000 }).toBe('true');
    // A still frame while the page loads and renders its content; the loop starts after that.
    const states = await page.evaluate(() => window.__particleStates ?? []);
    expect(states).toContain('settled=true running=true');
    expect(states).not.toContain('settled=false running=true');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => canvas.getAttribute('data-running')).toBe('false');
    await page.context().close();
  });

  it('keeps the particles still for visitors who prefer reduced motion', async () => {
    const page = await openPage(suite.browser, suite.server.url, { reducedMotion: 'reduce' });
    await page.goto('/');
    const canvas = page.getByTestId('hero-particles');
    // Once the page has settled (when the loop would start), it is still not moving.
    await expect.poll(() => canvas.getAttribute('data-settled'), { timeout: 15_000 }).toBe('true');
    expect(await canvas.getAttribute('data-running')).toBe('false');
    await page.context().close();
  });

  it('has no serious accessibility violations (desktop and phone), with screenshots', async () => {
    for (const [name, viewport] of [
      ['home-desktop', undefined],
      ['home-phone', PHONE_VIEWPORT],
    ] as const) {
      const page = await openHome(viewport);
      await page.getByTestId('home-stat').first().waitFor();
      await page.waitForLoadState('networkidle');
      await saveScreenshot(page, name);
      expect(await checkAccessibility(page)).toEqual([]);
      await page.context().close();
    }
  });
});
