/**
 * Web app figures: gzipped JavaScript of the first visit of `/`, `/search`,
 * `/summary-statistics` and `/graph/2` (from the build manifest, and measured in headless
 * Chromium as the sum of script responses), the time until the first result row of
 * /search?q=ontology is painted (Element Timing; median of 5 cold page loads), the time until
 * the first chart of /summary-statistics is in the page (median of 5 cold loads), and frames
 * per second while panning /graph/2 and the graph of the collection with the most relations
 * (two steps deep). Beside each page's JavaScript it prints the bytes its first visit took on the
 * wire, every response as sent (compressed where the server compresses).
 *
 *   npm run build:web && npx tsx scripts/bench/web.ts
 *
 * Uses the server at BENCH_URL when given; otherwise starts the app (buildApp) against the
 * configured database and index (DATABASE_URL, INDEX_PREFIX… as for `npm start`).
 * Targets: ≤ 200 KB gzipped JS for `/`, ≤ 210 KB for `/search` (d3 screens load lazily); first
 * result row ≤ 1 s; ≥ 30 fps while panning a graph. Times depend on the machine's load, which
 * the script prints with them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { cpus, loadavg } from 'node:os';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
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
  '/summary-statistics': 'src/pages/static/SummaryStatisticsPage.tsx',
  '/graph/2': 'src/graph/GraphPage.tsx',
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
    console.log(`manifest  ${route.padEnd(20)} JS gzipped ${kb(gzippedSize(files)).padStart(9)}  (${files.size} files)`);
  }
}

interface PageLoadBytes {
  /** Scripts as the browser ran them, and what gzip makes of them. */
  raw: number;
  gzipped: number;
  count: number;
  /** Every response of the first visit as it crossed the wire (headers and encoded bodies). */
  wire: number;
  requests: number;
}

async function measuredPageBytes(browser: Browser, baseURL: string, path: string, waitFor: string): Promise<PageLoadBytes> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const bodies: Promise<Buffer | null>[] = [];
  const sizes: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => null));
  });
  // Sizes as sent (Content-Encoding applied), known once each request has finished.
  page.on('requestfinished', (request) => {
    sizes.push(request.sizes().then((size) => size.responseHeadersSize + size.responseBodySize, () => 0));
  });
  await page.goto(path);
  await page.waitForSelector(waitFor, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const loaded = (await Promise.all(bodies)).filter((body): body is Buffer => body !== null);
  const wire = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  await context.close();
  return {
    raw: loaded.reduce((sum, body) => sum + body.length, 0),
    gzipped: loaded.reduce((sum, body) => sum + gzipSync(body).length, 0),
    count: loaded.length,
    wire,
    requests: sizes.length,
  };
}

interface FirstResult {
  /** Painted (Element Timing), or `inserted` when the browser reported no entry. */
  painted: number;
  /** When the first row entered the page (its render was committed). */
  inserted: number;
}

/** What the page logs once it knows when its first result row was inserted and painted. */
const FIRST_ROW_MESSAGE = 'bench:first-result-row';

/**
 * A page that records, on every load, when the first result row enters the page (a mutation
 * observer) and when it is painted (Element Timing of a result's description, `elementtiming`,
 * web/src/search/paint-timing.ts; the browser stamps the entry with the frame that first
 * showed it), and then logs both. The bench waits for that console message: waiting with
 * Playwright's selectors ran its injected selector engine in the page while it loaded (about
 * 100 ms of the renderer's main thread that a visitor's browser does not spend), and its polls
 * noticed a row up to half a second late.
 */
async function pageWatchingFirstResult(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  // A string, not a function: tsx would wrap the script's inner functions in a helper the page lacks.
  await page.addInitScript(`(() => {
    const identifier = ${JSON.stringify(RESULT_PAINT_TIMING_ID)};
    let inserted;
    let painted;
    const report = () => {
      if (inserted !== undefined && painted !== undefined) console.debug('${FIRST_ROW_MESSAGE} ' + painted + ' ' + inserted);
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.identifier === identifier && painted === undefined) {
          painted = entry.renderTime || entry.loadTime;
          report();
        }
      }
    }).observe({ type: 'element', buffered: true });
    new MutationObserver((changes, observer) => {
      if (!document.querySelector('[data-testid="search-result"]')) return;
      observer.disconnect();
      inserted = performance.now();
      report();
      // No Element Timing entry after a while: count the insertion as the paint.
      setTimeout(() => {
        if (painted === undefined) {
          painted = inserted;
          report();
        }
      }, 2000);
    }).observe(document, { childList: true, subtree: true });
  })()`);
  return page;
}

/** When the first result row was inserted and painted, in ms since navigation start. */
async function firstResultOnPage(page: Page): Promise<FirstResult> {
  const logged = new Promise<FirstResult>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no result row within 60 s')), 60_000);
    const listener = (message: ConsoleMessage) => {
      const [kind, painted, inserted] = message.text().split(' ');
      if (kind !== FIRST_ROW_MESSAGE) return;
      clearTimeout(timer);
      page.off('console', listener);
      resolve({ painted: Number(painted), inserted: Number(inserted) });
    };
    page.on('console', listener);
  });
  await page.goto('/search?q=ontology', { waitUntil: 'commit' });
  return logged;
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
  const inserted = results.map((result) => result.inserted);
  const runs = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
  console.log(`first result row on /search?q=ontology, ${kind}: painted, median ${median(painted).toFixed(0)} ms (runs: ${runs(painted)} ms)`);
  console.log(`  (in the page, before style, layout and paint: median ${median(inserted).toFixed(0)} ms; runs: ${runs(inserted)} ms)`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Ms from navigation start until the first statistics chart is in the page (a mutation observer notes it at once). */
async function firstChartMs(browser: Browser, baseURL: string): Promise<number> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const store = window as unknown as { firstChart?: number };
    new MutationObserver((_changes, observer) => {
      if (document.querySelector('[data-testid="statistics-chart"]')) {
        store.firstChart = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/summary-statistics', { waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => (window as unknown as { firstChart?: number }).firstChart, undefined, { timeout: 60_000 });
  const elapsed = (await handle.jsonValue()) as number;
  await context.close();
  return elapsed;
}

/** The collection with the most related records, from the search index. */
async function biggestCollection(baseURL: string): Promise<number> {
  const response = await fetch(`${baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{searchFairsharingRecords(fairsharingRegistry:"collection", perPage:100){records{id relatedRecordsCount}}}' }),
  });
  const { data } = (await response.json()) as { data: { searchFairsharingRecords: { records: { id: string; relatedRecordsCount: number }[] } } };
  return Number([...data.searchFairsharingRecords.records].sort((a, b) => b.relatedRecordsCount - a.relatedRecordsCount)[0].id);
}

/**
 * Frames per second while the graph is dragged across for two seconds: animation frames the
 * page got to run during the drag (a frame is skipped while a redraw still holds the main thread).
 */
async function panningFps(browser: Browser, baseURL: string, path: string): Promise<{ fps: number; nodes: number }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(path);
  const canvas = page.getByTestId('relation-graph');
  await canvas.waitFor({ timeout: 60_000 });
  const nodes = Number(await canvas.getAttribute('data-node-count'));
  const box = (await canvas.boundingBox())!;
  // A string, not a function: tsx would wrap a named inner function in a helper the page lacks.
  await page.evaluate(`(() => {
    window.benchFrames = 0;
    window.benchCounting = true;
    const tick = () => { if (!window.benchCounting) return; window.benchFrames += 1; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })()`);
  const started = Date.now();
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await page.mouse.down();
  const deadline = started + 2_000;
  let step = 0;
  while (Date.now() < deadline) {
    step += 1;
    const offset = Math.sin(step / 10) * box.width * 0.25;
    await page.mouse.move(box.x + box.width * 0.5 + offset, box.y + box.height * 0.5 + offset / 3);
  }
  await page.mouse.up();
  const seconds = (Date.now() - started) / 1000;
  const frames = (await page.evaluate('window.benchCounting = false, window.benchFrames')) as number;
  await context.close();
  return { fps: frames / seconds, nodes };
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
      ['/summary-statistics', '[data-testid="statistics-chart"]'],
      ['/graph/2', '[data-testid="relation-graph"]'],
    ] as const) {
      const { raw, gzipped, count, wire, requests } = await measuredPageBytes(browser, baseURL, path, waitFor);
      console.log(
        `measured  ${path.padEnd(20)} JS gzipped ${kb(gzipped).padStart(9)}  (${count} scripts, ${kb(raw)} raw); on the wire ${kb(wire).padStart(9)} in ${requests} responses`,
      );
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
    await firstChartMs(browser, baseURL);
    const charts: number[] = [];
    for (let run = 0; run < 5; run += 1) charts.push(await firstChartMs(browser, baseURL));
    console.log(`first chart on /summary-statistics, cold: median ${median(charts).toFixed(0)} ms (runs: ${charts.map((value) => value.toFixed(0)).join(', ')} ms)`);
    const collection = await biggestCollection(baseURL);
    for (const path of ['/graph/2', `/graph/${collection}?depth=2`]) {
      const { fps, nodes } = await panningFps(browser, baseURL, path);
      console.log(`panning ${path} (${nodes} records): ${fps.toFixed(1)} fps (target ≥ 30)`);
    }
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
