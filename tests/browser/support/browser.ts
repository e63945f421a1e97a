/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, hence the DOM types.
/**
 * Headless Chromium for browser tests: Debian's /usr/bin/chromium driven by playwright-core
 * (never a downloaded browser), a console-error collector, an axe check and screenshots.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { SCREENSHOT_DIR } from './paths.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const DESKTOP_VIEWPORT = { width: 1366, height: 900 };

/** A fresh page (own context, so no shared storage) with a base URL. */
export async function openPage(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP_VIEWPORT, ...options });
  return context.newPage();
}

export interface ConsoleErrors {
  /** Console errors and uncaught page errors seen so far. */
  readonly messages: string[];
}

/**
 * Collects console errors and uncaught exceptions of a page. Failed resource loads the test
 * provoked on purpose (e.g. a 503 in maintenance mode) can be ignored by pattern.
 */
export function collectConsoleErrors(page: Page, ignore: RegExp[] = []): ConsoleErrors {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (!ignore.some((pattern) => pattern.test(text))) messages.push(text);
  });
  page.on('pageerror', (error) => messages.push(`uncaught: ${error.message}`));
  return { messages };
}

export interface AccessibilityViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Waits for the page's finite CSS animations and transitions (a dialog fading in, a drawer sliding)
 * to end, at most 5 s: axe measures colours as drawn, and text half-way through a fade fails the
 * contrast rule. Endless ones (spinners) are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  });
}

/**
 * Runs axe on the page once it is still; returns the serious and critical violations (tests expect
 * none), or with `{ everyImpact: true }` every violation, the moderate best practices too (heading
 * order, landmarks told apart by name). axe's default rules plus WCAG 2.2 AA's target size (2.5.8,
 * 24 × 24 CSS px or spaced), which axe leaves off unless asked.
 */
export async function checkAccessibility(page: Page, { everyImpact = false } = {}): Promise<AccessibilityViolation[]> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } }).analyze();
  return results.violations
    .filter((violation) => everyImpact || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** Saves a full-page PNG under tests/artifacts/screenshots/<name>.png and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9_-]+/gi, '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Saves `<name>-desktop` at the page's own width and `<name>-phone` at phone width, then restores the width. */
export async function saveScreenshotsAtBothWidths(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, `${name}-desktop`);
  const width = page.viewportSize();
  await page.setViewportSize(PHONE_VIEWPORT);
  await saveScreenshot(page, `${name}-phone`);
  if (width) await page.setViewportSize(width);
}

/**
 * Runs an action that makes the page reload itself (a record page after a curator's decision) and
 * waits for the new page to load. A check made before that sees the page half-way (a banner absent
 * only because the page is blank), and closing the context while the reload is under way can hang
 * Chromium's close for good.
 */
export async function reloadedBy(page: Page, action: () => Promise<void>): Promise<void> {
  const loaded = page.waitForEvent('load');
  await action();
  await loaded;
}

/** The path and query of the page's URL (what the app's router sees). */
export function pathAndQuery(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search + url.hash;
}

/** Waits until the page's path + query (+ hash) is exactly `expected` (start-up and lazy screens take a moment). */
export async function waitForPathAndQuery(page: Page, expected: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname + url.search + url.hash === expected, { timeout, waitUntil: 'commit' });
}

declare global {
  interface Window {
    __visitedUrls?: string[];
  }
}

/**
 * Records every URL the app moves to (first load, pushState, replaceState), so a test can check
 * a redirect target even when the next screen normalises its URL straight away.
 * Call before the first `goto`; read with `visitedUrls(page)`.
 */
export async function recordVisitedUrls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const visited: string[] = [location.pathname + location.search + location.hash];
    window.__visitedUrls = visited;
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        visited.push(location.pathname + location.search + location.hash);
      };
    }
  });
}

export async function visitedUrls(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__visitedUrls ?? []);
}
