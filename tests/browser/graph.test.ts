/**
 * Relation graphs on a canvas: /graph/2 (LOINC) and the graph of the collection with the most
 * relations, on desktop and phone (screenshots, no serious or critical axe violation), with
 * depth and filters in the URL, zoom and pan by keyboard, and the relations table.
 */
import { beforeAll, describe, expect, it } from 'vitest';
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
let biggestCollection: number;

beforeAll(async () => {
  const response = await fetch(`${suite.server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{searchFairsharingRecords(fairsharingRegistry:"collection", perPage:100){records{id relatedRecordsCount}}}' }),
  });
  const records = ((await response.json()) as { data: { searchFairsharingRecords: { records: { id: string; relatedRecordsCount: number }[] } } }).data
    .searchFairsharingRecords.records;
  biggestCollection = Number([...records].sort((a, b) => b.relatedRecordsCount - a.relatedRecordsCount)[0].id);
}, 300_000);

async function shownCounts(page: Page): Promise<{ nodes: number; edges: number }> {
  const graph = page.getByTestId('relation-graph');
  await graph.waitFor({ timeout: 45_000 });
  return { nodes: Number(await graph.getAttribute('data-node-count')), edges: Number(await graph.getAttribute('data-edge-count')) };
}

async function canvasPixels(page: Page): Promise<Buffer> {
  return page.getByTestId('relation-graph').screenshot();
}

/** The canvas's own account of its last full drawing: nodes wholly in view, nodes named, and the share of the view the nodes span. */
async function drawnCounts(page: Page): Promise<{ inView: number; labelled: number; span: number }> {
  const graph = page.getByTestId('relation-graph');
  const [left, top, right, bottom] = ((await graph.getAttribute('data-node-bounds')) ?? '0 0 0 0').split(' ').map(Number);
  const view = (await graph.boundingBox())!;
  return {
    inView: Number((await graph.getAttribute('data-nodes-in-view')) ?? -1),
    labelled: Number((await graph.getAttribute('data-labelled-nodes')) ?? -1),
    // Fitted to the view, the graph spans most of its width or of its height.
    span: Math.max((right - left) / view.width, (bottom - top) / view.height),
  };
}

describe('relation graph', { timeout: 420_000 }, () => {
  it('first draws the whole graph zoomed to its bounds (LOINC two steps out, 700-odd nodes, too), and names every node of a small one', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/graph/2');
    const small = await shownCounts(page);
    await poll(async () => (await drawnCounts(page)).inView).toBe(small.nodes);
    expect((await drawnCounts(page)).labelled).toBe(small.nodes);

    await page.goto('/graph/2?depth=2');
    const big = await shownCounts(page);
    expect(big.nodes).toBeGreaterThan(300);
    await poll(async () => (await drawnCounts(page)).inView, { timeout: 30_000 }).toBe(big.nodes);
    expect((await drawnCounts(page)).span).toBeGreaterThan(0.75);
    await saveScreenshot(page, 'graph-2-depth-2-first-draw');
    await page.context().close();
  });


  it('/graph/2: clicking the record opens it, depth, filters, keyboard zoom and pan, the relations table', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    await page.goto('/graph/2');
    const direct = await shownCounts(page);
    expect(direct.nodes).toBeGreaterThan(1);
    expect(await page.getByTestId('relations-table').locator('tbody tr').count()).toBe(Math.min(direct.edges, 100));
    await saveScreenshot(page, 'graph-2-desktop');
    expect(await checkAccessibility(page)).toEqual([]);

    // Keyboard: + zooms, arrows pan; the drawing changes each time.
    const before = await canvasPixels(page);
    await page.getByTestId('relation-graph').focus();
    await page.keyboard.press('+');
    await poll(async () => (await canvasPixels(page)).equals(before)).toBe(false);
    const zoomed = await canvasPixels(page);
    await page.keyboard.press('ArrowLeft');
    await poll(async () => (await canvasPixels(page)).equals(zoomed)).toBe(false);
    await page.keyboard.press('0');

    await page.getByRole('radio', { name: 'Two steps' }).click();
    await page.waitForURL((url) => url.searchParams.get('depth') === '2');
    await poll(async () => (await shownCounts(page)).nodes).toBeGreaterThan(direct.nodes);

    await page.getByRole('radio', { name: 'Direct relations' }).click();
    await page.waitForURL((url) => !url.searchParams.has('depth'));
    await page.getByRole('checkbox', { name: 'Collection' }).click();
    await page.waitForURL((url) => url.searchParams.get('hideRegistry') === 'collection');
    await poll(async () => (await shownCounts(page)).nodes).toBeLessThan(direct.nodes);
    const rows = page.getByTestId('relations-table').locator('tbody tr');
    expect(await rows.filter({ hasText: '(collection)' }).count()).toBe(0);

    // Clicking the record opens it.
    const box = (await page.getByTestId('relation-graph').boundingBox())!;
    const [recordX, recordY] = ((await page.getByTestId('relation-graph').getAttribute('data-record-point')) ?? '').split(' ').map(Number);
    await page.mouse.click(box.x + recordX, box.y + recordY);
    await page.waitForURL((url) => url.pathname === '/2');
    await page.getByTestId('record-name').waitFor({ timeout: 45_000 });
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('/graph/2 and the biggest collection on a phone, and the collection at depth 2 on desktop', async () => {
    const phone = await openPage(suite.browser, suite.server.url, { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });
    for (const [path, name] of [['/graph/2', 'graph-2-phone'], [`/graph/${biggestCollection}`, 'graph-biggest-collection-phone']] as const) {
      await phone.goto(path);
      expect((await shownCounts(phone)).nodes).toBeGreaterThan(1);
      expect(await checkAccessibility(phone), path).toEqual([]);
      await saveScreenshot(phone, name);
    }
    await phone.context().close();

    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    await page.goto(`/graph/${biggestCollection}?depth=2`);
    const { nodes } = await shownCounts(page);
    expect(nodes).toBeGreaterThan(300);
    expect(await checkAccessibility(page)).toEqual([]);
    await saveScreenshot(page, 'graph-biggest-collection-desktop');
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });
});
