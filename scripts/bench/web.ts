/**
 * Web app figures: gzipped JavaScript of the first visit of `/` and of `/search` (from the
 * build manifest, and measured in headless Chromium as the sum of script responses), and the
 * time until the first result row of /search?q=ontology is painted (Element Timing; median of 5
 * cold page loads).
 *
 *   npm run build:web && npx tsx scripts/bench/web.ts
 *
 * Uses the server at BENCH_URL when given; otherwise starts the app (buildApp) against the
 * configured database and index (DATABASE_URL, INDEX_PREFIX… as for `npm start`).
 * Targets: ≤ 200 KB gzipped JS for the first page; first result row ≤ 1 s. Times depend on the
 * machine's load, which the script prints with them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { cpus, loadavg } from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../../tests/browser/support/browser.ts';
import { startTestServer, WEB_DIST_DIR, type TestServer } from '../../tests/browser/support/server.ts';
import { RESULT_PAINT_TIMING_ID } from '../../web/src/search/paint-timing.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const ROUTE_MODULES: Record<string, string> = {
  '/': 'src/pages/home/HomePage.tsx',
  '/search': 'src/search/SearchPage.tsx',
};

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Files loaded for an entry plus one route module: static imports, followed transitively. */
function chunkFiles(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

function gzippedSize(files: Iterable<string>): number {
  let total = 0;
  for (const file of files) total += gzipSync(readFileSync(join(WEB_DIST_DIR, file))).length;
  return total;
}

function manifestFigures(): void {
  const manifest = JSON.parse(readFileSync(join(WEB_DIST_DIR, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the build manifest has no entry');
  for (const [route, module] of Object.entries(ROUTE_MODULES)) {
    const files = chunkFiles(manifest, [entryKey, module]);
    console.log(`manifest  ${route.padEnd(8)} JS gzipped ${kb(gzippedSize(files)).padStart(9)}  (${files.size} files)`);
  }
}

async function measuredScriptBytes(browser: Browser, baseURL: string, path: string, waitFor: string): Promise<{ raw: number; gzipped: number; count: number }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const bodies: Promise<Buffer | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => null));
  });
  await page.goto(path);
  await page.waitForSelector(waitFor, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const loaded = (await Promise.all(bodies)).filter((body): body is Buffer => body !== null);
  await context.close();
  return {
    raw: loaded.reduce((sum, body) => sum + body.length, 0),
    gzipped: loaded.reduce((sum, body) => sum + gzipSync(body).length, 0),
    count: loaded.length,
  };
}

interface FirstResult {
  /** Painted (Element Timing), or `noticed` when the browser reported no entry. */
  painted: number;
  /** When the test driver saw the row in the page. */
  noticed: number;
}

/** A page that records, on every load, when the first result row is painted (Element Timing). */
async function pageWatchingFirstResult(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript((identifier) => {
    const store = window as unknown as { firstResultPaint?: number };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number; loadTime: number })[]) {
        if (entry.identifier === identifier && store.firstResultPaint === undefined) store.firstResultPaint = entry.renderTime || entry.loadTime;
      }
    }).observe({ type: 'element', buffered: true });
  }, RESULT_PAINT_TIMING_ID);
  return page;
}

/**
 * When the first result row is painted, in ms since navigation start: the Element Timing entry
 * of a result's description (`elementtiming`, web/src/search/paint-timing.ts), which the
 * browser stamps with the frame that first showed it. Playwright notices a new element only at
 * its next poll (its intervals grow to 500 ms), which added up to half a second of waiting to
 * some runs; the entry does not depend on when we look. Falls back to the time we noticed it
 * when the browser reports no entry.
 */
async function firstResultOnPage(page: Page): Promise<FirstResult> {
  await page.goto('/search?q=ontology', { waitUntil: 'commit' });
  await page.waitForSelector('[data-testid="search-result"]', { timeout: 60_000 });
  const noticed = await page.evaluate(() => performance.now());
  // The entry is queued with the frame that painted the row; give it a moment to arrive.
  const painted = await page
    .waitForFunction(() => (window as unknown as { firstResultPaint?: number }).firstResultPaint, undefined, { timeout: 2_000 })
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch(() => undefined);
  return { painted: painted ?? noticed, noticed };
}

/** A first visit: fresh browser context, nothing cached. */
async function firstResultMs(browser: Browser, baseURL: string): Promise<FirstResult> {
  const context = await browser.newContext({ baseURL });
  const elapsed = await firstResultOnPage(await pageWatchingFirstResult(context));
  await context.close();
  return elapsed;
}

function report(kind: string, results: FirstResult[]): void {
  const painted = results.map((result) => result.painted);
  const noticed = results.map((result) => result.noticed);
  const runs = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
  console.log(`first result row on /search?q=ontology, ${kind}: painted, median ${median(painted).toFixed(0)} ms (runs: ${runs(painted)} ms)`);
  console.log(`  (seen by the test driver, whose polls grow to 500 ms apart: median ${median(noticed).toFixed(0)} ms; runs: ${runs(noticed)} ms)`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function main(): Promise<void> {
  manifestFigures();
  let server: TestServer | undefined;
  const baseURL = process.env.BENCH_URL || (server = await startTestServer()).url;
  const browser = await launchBrowser();
  try {
    for (const [path, waitFor] of [
      ['/', '[data-testid="home-search"]'],
      ['/search?q=ontology', '[data-testid="search-result"]'],
    ] as const) {
      const { raw, gzipped, count } = await measuredScriptBytes(browser, baseURL, path, waitFor);
      console.log(`measured  ${path.padEnd(8)} JS gzipped ${kb(gzipped).padStart(9)}  (${count} scripts, ${kb(raw)} raw)`);
    }
    // One warm-up load so the server's caches and the index are ready, then 5 cold browser loads.
    await firstResultMs(browser, baseURL);
    const cold: FirstResult[] = [];
    for (let run = 0; run < 5; run += 1) cold.push(await firstResultMs(browser, baseURL));
    report('cold', cold);
    // A returning visitor: scripts come from the browser cache (hashed assets are immutable).
    const context = await browser.newContext({ baseURL });
    const page = await pageWatchingFirstResult(context);
    await firstResultOnPage(page);
    const warm: FirstResult[] = [];
    for (let run = 0; run < 5; run += 1) warm.push(await firstResultOnPage(page));
    await context.close();
    report('warm', warm);
    console.log(`machine load average while measuring: ${loadavg().map((value) => value.toFixed(1)).join(' ')} (${cpus().length} CPUs)`);
  } finally {
    await browser.close();
    await server?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
