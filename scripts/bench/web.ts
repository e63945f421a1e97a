/**
 * Web app figures. Per public page (PUBLIC_PAGES), over cold loads in fresh browser contexts:
 * the time until the HTML's first byte arrived beside the time until the page's main content
 * was in the page (median of 3), and the bytes the first visit took on the wire, every response
 * as sent (compressed where the server compresses), with the page's JavaScript (gzipped, and raw).
 * Then the gzipped JavaScript of `/`, `/search`, `/summary-statistics` and `/graph/2` from the
 * build manifest, the time until the first result row of /search?q=ontology is painted
 * (Element Timing; median of 5 cold page loads, and 5 warm ones), and frames per second while
 * panning /graph/2 and the graph of the collection with the most relations (two steps deep).
 * The main content of /summary-statistics is its first chart.
 *
 *   npm run build:web && npx tsx scripts/bench/web.ts
 *
 * Uses the server at BENCH_URL when given; otherwise starts the app (buildApp) against the
 * configured database and index (DATABASE_URL, INDEX_PREFIX… as for `npm start`).
 * Targets: ≤ 200 KB gzipped JS for `/`, ≤ 210 KB for `/search` (d3 screens load lazily); first
 * result row ≤ 1 s; every public page's main content ≤ 1 s cold; ≥ 30 fps while panning a graph.
 * Times depend on the machine's load, which the script prints with them.
 * BENCH_ONLY_PAGES=1 prints the public pages' figures alone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { cpus, loadavg } from 'node:os';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { launchBrowser } from '../../tests/browser/support/browser.ts';
import { startTestServer, WEB_DIST_DIR, type TestServer } from '../../tests/browser/support/server.ts';
import { RESULT_PAINT_TIMING_ID } from '../../web/src/kit/records/paint-timing.ts';

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
  '/': 'src/home/HomePage.tsx',
  '/search': 'src/search/SearchPage.tsx',
  '/summary-statistics': 'src/statistics/SummaryStatisticsPage.tsx',
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

/**
 * The public pages a first visit may land on, each with the element that is its main content:
 * the one a visitor came for (a result row, the record, a chart), not the page's frame.
 */
const PUBLIC_PAGES: ReadonlyArray<readonly [path: string, mainContent: string]> = [
  ['/', '[data-testid="home-search"]'],
  ['/search?q=ontology', '[data-testid="search-result"]'],
  ['/standards', '[data-testid="search-result"]'],
  ['/2', '[data-testid="record-page"]'],
  ['/organisations', '[data-testid="organisations-count"]'],
  ['/summary-statistics', '[data-testid="statistics-chart"]'],
  ['/timeline', '[data-testid="statistics-chart"]'],
  ['/graph/2', '[data-testid="relation-graph"]'],
  // Anonymous visitors of the dashboard land on the login form.
  ['/curator', 'input[name="login"]'],
  ['/API_doc', 'h1'],
  ['/api/docs', '.swagger-ui .opblock'],
];
/** Cold loads per page; the median is printed. */
const COLD_LOADS = 3;

interface ColdVisit {
  /** Ms from navigation start until the HTML's first byte arrived (Navigation Timing). */
  htmlFirstByte: number;
  /** Ms from navigation start until the main content entered the page (a mutation observer notes it at once). */
  mainContent: number;
  /** Scripts as the browser ran them, and what gzip makes of them. */
  scriptsRaw: number;
  scriptsGzipped: number;
  scripts: number;
  /** Every response of the visit as it crossed the wire (headers and encoded bodies), until the network was idle. */
  wire: number;
  responses: number;
}

/** A first visit (fresh browser context, nothing cached) of one page, until its main content is there and the network is idle. */
async function coldVisit(browser: Browser, baseURL: string, path: string, mainContent: string): Promise<ColdVisit> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // A string, not a function: tsx would wrap the script's inner functions in a helper the page lacks.
  await page.addInitScript(`new MutationObserver((changes, observer) => {
    if (!document.querySelector(${JSON.stringify(mainContent)})) return;
    window.benchMainContent = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true })`);
  const bodies: Promise<Buffer | null>[] = [];
  const sizes: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => null));
  });
  // Sizes as sent (Content-Encoding applied), known once each request has finished.
  page.on('requestfinished', (request) => {
    sizes.push(request.sizes().then((size) => size.responseHeadersSize + size.responseBodySize, () => 0));
  });
  await page.goto(path, { waitUntil: 'commit' });
  const noted = await page.waitForFunction(() => (window as unknown as { benchMainContent?: number }).benchMainContent, undefined, { timeout: 60_000 });
  const mainContentMs = (await noted.jsonValue()) as number;
  const htmlFirstByte = await page.evaluate(() => performance.getEntriesByType('navigation')[0].toJSON().responseStart as number);
  await page.waitForLoadState('networkidle');
  const loaded = (await Promise.all(bodies)).filter((body): body is Buffer => body !== null);
  const wire = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  await context.close();
  return {
    htmlFirstByte,
    mainContent: mainContentMs,
    scriptsRaw: loaded.reduce((sum, body) => sum + body.length, 0),
    scriptsGzipped: loaded.reduce((sum, body) => sum + gzipSync(body).length, 0),
    scripts: loaded.length,
    wire,
    responses: sizes.length,
  };
}

/** Per public page: bytes on the wire and, over a few cold loads, the HTML's first byte beside the main content. */
async function publicPageFigures(browser: Browser, baseURL: string): Promise<void> {
  // One load first, so the server's caches and the index are warm for every page's cold loads.
  await coldVisit(browser, baseURL, '/search?q=ontology', '[data-testid="search-result"]');
  for (const [path, mainContent] of PUBLIC_PAGES) {
    const visits: ColdVisit[] = [];
    for (let run = 0; run < COLD_LOADS; run += 1) visits.push(await coldVisit(browser, baseURL, path, mainContent));
    const { scriptsRaw, scriptsGzipped, scripts, wire, responses } = visits[0];
    const runs = visits.map((visit) => visit.mainContent.toFixed(0)).join(', ');
    console.log(
      `cold  ${path.padEnd(20)} HTML first byte ${median(visits.map((visit) => visit.htmlFirstByte)).toFixed(0).padStart(4)} ms, ` +
        `main content ${median(visits.map((visit) => visit.mainContent)).toFixed(0).padStart(5)} ms (runs: ${runs})` +
        `;  on the wire ${kb(wire).padStart(9)} in ${responses} responses, JS ${kb(scriptsGzipped)} gzipped (${scripts} scripts, ${kb(scriptsRaw)} raw)`,
    );
  }
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
 * web/src/kit/records/paint-timing.ts; the browser stamps the entry with the frame that first
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

function printLoadAverage(): void {
  console.log(`machine load average while measuring: ${loadavg().map((value) => value.toFixed(1)).join(' ')} (${cpus().length} CPUs)`);
}

async function main(): Promise<void> {
  let server: TestServer | undefined;
  const baseURL = process.env.BENCH_URL || (server = await startTestServer()).url;
  const browser = await launchBrowser();
  try {
    await publicPageFigures(browser, baseURL);
    printLoadAverage();
    if (process.env.BENCH_ONLY_PAGES === '1') return;
    manifestFigures();
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
    const collection = await biggestCollection(baseURL);
    for (const path of ['/graph/2', `/graph/${collection}?depth=2`]) {
      const { fps, nodes } = await panningFps(browser, baseURL, path);
      console.log(`panning ${path} (${nodes} records): ${fps.toFixed(1)} fps (target ≥ 30)`);
    }
    printLoadAverage();
  } finally {
    await browser.close();
    await server?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
