/**
 * /summary-statistics: every tab draws its charts (desktop and phone screenshots, no serious or
 * critical axe violation), a bar opens the search that counts the same records, and each chart
 * has its table and CSV alternatives; no two bars read alike, counts and years are whole and
 * apart, a focused bar shows its whole label; each vocabulary browser is titled by its
 * vocabulary. /timeline's month charts draw their labels whole.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  checkAccessibility,
  collectConsoleErrors,
  openPage,
  PHONE_VIEWPORT,
  poll,
  saveScreenshot,
} from './support/index.ts';
import { catalogueSuite } from './support/catalogue-suite.ts';

const suite = catalogueSuite();

/**
 * Each tab's charts: ten for every registry, plus records per registry on "all", the records
 * marked recommended on all, standards and databases, and the relation charts: standards
 * (databases) recommended by the most policies and by the most journal policies on all, policies
 * and standards (databases), databases implementing the most standards on all, standards and
 * databases.
 */
const TABS = [
  { id: 'all', label: 'All records', charts: 17 },
  { id: 'standards', label: 'Standards', charts: 14 },
  { id: 'databases', label: 'Databases', charts: 14 },
  { id: 'policies', label: 'Policies', charts: 14 },
  { id: 'collections', label: 'Collections', charts: 10 },
];

/** The relation charts, the search filters their bars carry, and what they count. */
const RELATION_CHARTS = [
  { id: 'recommended-standards', filter: 'recommendedStandards', registry: 'policy', recordType: null },
  { id: 'recommended-databases', filter: 'recommendedDatabases', registry: 'policy', recordType: null },
  { id: 'journal-recommended-standards', filter: 'recommendedStandards', registry: 'policy', recordType: 'journal' },
  { id: 'journal-recommended-databases', filter: 'recommendedDatabases', registry: 'policy', recordType: 'journal' },
  { id: 'implementing-databases', filter: 'implementedByDatabases', registry: 'standard', recordType: null },
];

async function chartsOf(page: Page, tabId: string) {
  const panel = page.locator(`[data-chart-id^="${tabId}-"]`);
  await panel.first().waitFor({ timeout: 45_000 });
  return panel;
}

describe('/summary-statistics', { timeout: 420_000 }, () => {
  it('draws every tab on desktop and phone, accessibly', async () => {
    for (const [device, options] of [['desktop', {}], ['phone', { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true }]] as const) {
      const page = await openPage(suite.browser, suite.server.url, options);
      const errors = collectConsoleErrors(page);
      await page.goto('/summary-statistics');
      for (const tab of TABS) {
        await page.getByRole('tab', { name: tab.label }).click();
        // A card carries its chart id once its answer has arrived.
        const charts = await chartsOf(page, tab.id);
        await poll(() => charts.count()).toBe(tab.charts);
        expect(await page.locator(`[data-chart-id^="${tab.id}-"] [data-testid="statistics-chart"]`).count()).toBeGreaterThanOrEqual(2);
        expect(await checkAccessibility(page), `${device} ${tab.id}`).toEqual([]);
        await saveScreenshot(page, `statistics-${tab.id}-${device}`);
      }
      expect(errors.messages).toEqual([]);
      await page.context().close();
    }
  });

  it('a bar opens the search that finds as many records as the bar shows', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/summary-statistics?tab=databases');
    const subjects = page.locator('[data-chart-id="databases-subjects"]');
    await subjects.locator('a.statistics-bar').first().waitFor({ timeout: 45_000 });
    const bar = subjects.locator('a.statistics-bar').first();
    // The bar's text is its label, then its count.
    const count = Number(((await bar.locator('text').last().textContent()) ?? '').replace(/,/g, ''));
    expect(count).toBeGreaterThan(0);
    await bar.click();
    await page.waitForURL(/\/search\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('fairsharingRegistry')).toBe('database');
    expect(url.searchParams.get('subjects')).toBeTruthy();
    await poll(() => page.getByTestId('result-count').textContent(), { timeout: 30_000 }).toBe(`${count} records found`);
  });

  it.each(RELATION_CHARTS)('a bar of $id opens the search of the policies (standards) it counts', async (chart) => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/summary-statistics');
    const card = page.locator(`[data-chart-id="all-${chart.id}"]`);
    const bar = card.locator('a.statistics-bar').first();
    await bar.waitFor({ timeout: 45_000 });
    const count = Number(((await bar.locator('text').last().textContent()) ?? '').replace(/,/g, ''));
    expect(count).toBeGreaterThan(0);
    await bar.click();
    await page.waitForURL(/\/search\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('fairsharingRegistry')).toBe(chart.registry);
    expect(url.searchParams.get('recordType')).toBe(chart.recordType);
    expect(url.searchParams.get(chart.filter)).toBeTruthy();
    await poll(() => page.getByTestId('result-count').textContent(), { timeout: 30_000 }).toBe(`${count} ${count === 1 ? 'record' : 'records'} found`);
    await page.context().close();
  });

  it('names what a relation chart counts in its table and CSV', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/summary-statistics?tab=standards');
    const chart = page.locator('[data-chart-id="standards-recommended-standards"]');
    await chart.getByTestId('statistics-chart').waitFor({ timeout: 45_000 });
    await chart.getByRole('button', { name: 'Show as table' }).click();
    expect(await chart.getByRole('table').getByRole('columnheader').allTextContents()).toEqual(['Standard', 'Policies']);
    expect(await checkAccessibility(page)).toEqual([]);
    await saveScreenshot(page, 'statistics-recommended-standards-table-desktop');
    const [download] = await Promise.all([page.waitForEvent('download'), chart.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('standards-recommended-standards.csv');
    let text = '';
    for await (const chunk of await download.createReadStream()) text += String(chunk);
    expect(text.split('\n')[0]).toBe('Standard,Policies');
    await page.context().close();
  });

  it.each([
    ['desktop', {}],
    ['phone', { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true }],
  ] as const)('on %s, a label too long for its column takes two lines, then ends with "…" after a whole word; its tooltip, link and table hold it whole', async (device, options) => {
    const page = await openPage(suite.browser, suite.server.url, options);
    await page.goto('/summary-statistics');
    const charts = await chartsOf(page, 'all');
    await poll(() => charts.count()).toBe(TABS[0].charts);
    await poll(() => page.locator('[data-chart-id^="all-"] [data-testid="statistics-chart"]').count()).toBeGreaterThanOrEqual(10);
    const labels = await page.locator('[data-chart-id^="all-"] [data-testid="statistics-chart"] [data-bar-label]').evaluateAll((texts) =>
      texts.map((text) => {
        const svgText = text as SVGTextElement;
        const lines = Array.from(text.querySelectorAll('tspan')).map((line) => line.textContent ?? '');
        return {
          chart: text.closest('[data-chart-id]')?.getAttribute('data-chart-id') ?? '',
          lines,
          shown: lines.join(' '),
          // The bar's title: its whole label and its count ("Genomics: 120").
          title: text.parentElement?.parentElement?.querySelector(':scope > title')?.textContent ?? '',
          left: svgText.getBBox().x,
        };
      }),
    );
    const withWhole = labels.map((label) => ({ ...label, whole: label.title.replace(/: [\d,]+$/, '') }));
    const shortened = withWhole.filter((label) => label.shown !== label.whole);
    expect(withWhole.some((label) => label.lines.length === 2)).toBe(true);
    // A phone's label column is narrow enough that some labels do not fit on two lines.
    if (device === 'phone') expect(shortened.length).toBeGreaterThan(0);
    for (const label of withWhole) {
      expect(label.title).toMatch(/: [\d,]+$/);
      expect(label.lines.length).toBeLessThanOrEqual(2);
      // Nothing is drawn outside the chart's left edge.
      expect(label.left, label.whole).toBeGreaterThanOrEqual(0);
    }
    // Labels that would read like another bar's show their end ("…a Microarray Experiment").
    for (const label of shortened.filter((entry) => entry.shown.startsWith('…'))) {
      expect(label.whole.endsWith(label.shown.slice(1)), `${label.whole} → ${label.shown}`).toBe(true);
    }
    for (const label of shortened.filter((entry) => !entry.shown.startsWith('…'))) {
      expect(label.shown.endsWith('…'), label.whole).toBe(true);
      const kept = label.shown.slice(0, -1);
      expect(label.whole.startsWith(kept), label.whole).toBe(true);
      // Cut after a whole word: what follows the kept text starts a new word (or the last line is one word too long for it, cut).
      const rest = label.whole.slice(kept.length);
      expect(/^[\s,;:.(-]/.test(rest) || !/\s/.test(label.lines.at(-1)!), `${label.whole} → ${label.shown}`).toBe(true);
    }
    const first = shortened[0] ?? withWhole.find((label) => label.lines.length === 2)!;
    const card = page.locator(`[data-chart-id="${first.chart}"]`);
    // The bar's link is named by its title.
    await card.getByRole('link', { name: first.title, exact: true }).waitFor();
    await saveScreenshot(page, `statistics-long-labels-${device}`);
    await card.getByRole('button', { name: 'Show as table' }).click();
    await card.getByRole('table').getByRole('cell', { name: first.whole, exact: true }).first().waitFor();
    await page.context().close();
  });

  it.each([
    ['1280', { viewport: { width: 1280, height: 900 } }],
    ['phone', { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true }],
  ] as const)('at %s px, no two bars read alike, every count and year is whole and apart, and a focused bar shows its whole label', async (device, options) => {
    const page = await openPage(suite.browser, suite.server.url, options);
    await page.goto('/summary-statistics');
    for (const tab of TABS) {
      await page.getByRole('tab', { name: tab.label }).click();
      const charts = await chartsOf(page, tab.id);
      // Every card has its answer (a chart, or why there is none).
      await poll(() => charts.count()).toBe(tab.charts);
      const drawn = await page.locator(`[data-chart-id^="${tab.id}-"] [data-testid="statistics-chart"]`).evaluateAll((svgs) =>
        svgs.map((svg) => {
          const width = (svg as SVGSVGElement).width.baseVal.value;
          const boxes = Array.from(svg.querySelectorAll('text')).map((text) => {
            const box = text.getBBox();
            return { text: Array.from(text.querySelectorAll('tspan')).map((line) => line.textContent).join(' ') || (text.textContent ?? ''), left: box.x, right: box.x + box.width, isLabel: text.hasAttribute('data-bar-label') };
          });
          const bars = Array.from(svg.querySelectorAll('[data-bar-label]')).map((text) => ({
            shown: Array.from(text.querySelectorAll('tspan')).map((line) => line.textContent).join(' '),
            whole: (text.parentElement?.parentElement?.querySelector(':scope > title')?.textContent ?? '').replace(/: [\d,]+$/, ''),
          }));
          return { chart: svg.closest('[data-chart-id]')?.getAttribute('data-chart-id') ?? '', width, boxes, bars };
        }),
      );
      for (const chart of drawn) {
        // Every text (labels, counts, years) inside the chart.
        for (const box of chart.boxes) {
          expect(box.left, `${device} ${chart.chart} ${box.text}`).toBeGreaterThanOrEqual(-0.5);
          expect(box.right, `${device} ${chart.chart} ${box.text}`).toBeLessThanOrEqual(chart.width + 0.5);
        }
        // Bars of different records never read the same.
        for (const bar of chart.bars) {
          const alike = chart.bars.filter((other) => other.shown === bar.shown && other.whole !== bar.whole).map((other) => other.whole);
          expect(alike, `${device} ${chart.chart}: ${bar.whole} reads "${bar.shown}"`).toEqual([]);
        }
        // Period labels (years, months) with a gap between neighbours.
        const periods = chart.boxes.filter((box) => /^\d{4}(-\d{2})?$/.test(box.text)).sort((a, b) => a.left - b.left);
        for (let index = 1; index < periods.length; index += 1) {
          expect(periods[index].left - periods[index - 1].right, `${device} ${chart.chart}: ${periods[index - 1].text} ${periods[index].text}`).toBeGreaterThanOrEqual(2);
        }
      }
    }
    await page.getByRole('tab', { name: 'All records' }).click();
    const bar = page.locator('[data-chart-id="all-registries"] a.statistics-bar').first();
    await bar.waitFor({ timeout: 45_000 });
    await bar.focus();
    const tooltip = page.locator('[data-chart-id="all-registries"]').getByTestId('bar-tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toBe(await bar.locator(':scope > title').textContent());
    expect(await checkAccessibility(page)).toEqual([]);
    await saveScreenshot(page, `statistics-bar-focused-${device}`);
    await page.context().close();
  });

  it('titles each vocabulary browser by its vocabulary', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    for (const [id, name] of [['subject', 'Subjects'], ['domain', 'Domains'], ['taxonomy', 'Species'], ['userdefinedtag', 'Keywords']]) {
      await page.goto(`/browse/${id}`);
      await page.getByRole('heading', { level: 1, name: `Browse ${name.toLowerCase()}` }).waitFor({ timeout: 45_000 });
      await poll(() => page.title()).toBe(`FAIRsharing | Browse ${name.toLowerCase()}`);
    }
    await page.context().close();
  });

  it('offers each chart as a table and as CSV', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/summary-statistics');
    const chart = page.locator('[data-chart-id="all-registries"]');
    await chart.getByTestId('statistics-chart').waitFor({ timeout: 45_000 });
    await chart.getByRole('button', { name: 'Show as table' }).click();
    const rows = chart.getByRole('table').getByRole('row');
    expect(await rows.count()).toBe(5); // header + four registries
    const [download] = await Promise.all([page.waitForEvent('download'), chart.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('all-registries.csv');
    const stream = await download.createReadStream();
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(text.split('\n')[0]).toBe('Registry,Records');
    expect(text).toMatch(/\nStandard,\d+/);
  });
});

/** The clock the timeline test runs on: its month charts reach this month, whatever today is. */
const FIXED_NOW = new Date('2026-11-28T12:00:00Z');

interface MonthCount {
  date: string;
  count: number;
}

/** Every month from the first one given to `now`'s, those given keeping their counts ("yyyy-MM"). */
function monthsUntil(months: MonthCount[], now: Date): MonthCount[] {
  const counts = new Map(months.map((month) => [month.date, month.count]));
  const [year, month] = months[0].date.split('-').map(Number);
  const all: MonthCount[] = [];
  for (let at = new Date(Date.UTC(year, month - 1, 1)); at <= now; at.setUTCMonth(at.getUTCMonth() + 1)) {
    const date = at.toISOString().slice(0, 7);
    all.push({ date, count: counts.get(date) ?? 0 });
  }
  return all;
}

describe('/timeline', { timeout: 120_000 }, () => {
  it.each([
    ['desktop', {}],
    ['phone', { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true }],
  ] as const)('on %s, a month chart draws its first and last labels inside the chart, not cut by its edges', async (device, options) => {
    const page = await openPage(suite.browser, suite.server.url, options);
    const errors = collectConsoleErrors(page);
    // On a fixed clock: the records that the run's other suites save today would otherwise stretch
    // the charts from the seeded months (2014-12 on) to whatever today is, and the columns' width
    // with them. Each registry's months reach the fixed clock's month, one record added in it.
    await page.clock.setFixedTime(FIXED_NOW);
    await page.route('**/graphql', async (route) => {
      if (!route.request().postData()?.includes('TimelineAdded')) return route.fallback();
      const response = await route.fetch();
      const answer = (await response.json()) as { data: { recordAggregations: { buckets: { months: MonthCount[] }[] } } };
      for (const bucket of answer.data.recordAggregations.buckets) {
        if (bucket.months.length === 0) continue;
        const months = monthsUntil(bucket.months, FIXED_NOW);
        months[months.length - 1].count += 1;
        bucket.months = months;
      }
      await route.fulfill({ response, json: answer });
    });
    await page.goto('/timeline');
    // The seeded databases with a known creation date start in 2014-12.
    const chart = page.locator('[data-chart-id="added-database"] [data-testid="statistics-chart"]');
    await chart.waitFor({ timeout: 45_000 });
    const texts = await chart.evaluate((svg) => {
      const width = (svg as SVGSVGElement).width.baseVal.value;
      return Array.from(svg.querySelectorAll('text')).map((text) => {
        const box = text.getBBox();
        return { text: text.textContent ?? '', left: box.x, right: box.x + box.width, width };
      });
    });
    const labels = texts.filter((text) => /^\d{4}-\d{2}$/.test(text.text));
    expect(labels.map((label) => label.text)).toContain('2014-12');
    expect(labels.length).toBeGreaterThan(1);
    for (const label of labels) {
      expect(label.left, label.text).toBeGreaterThanOrEqual(0);
      expect(label.right, label.text).toBeLessThanOrEqual(label.width);
    }
    await saveScreenshot(page, `timeline-${device}`);
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });
});
