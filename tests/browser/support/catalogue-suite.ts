/**
 * The set-up of a browser suite that only reads the run's shared catalogue: one server and one
 * browser for the whole file, started before its tests and closed after them.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';

export interface CatalogueSuite {
  /** Set once the suite's beforeAll has run. */
  readonly server: TestServer;
  readonly browser: Browser;
}

/** Call at the top of a test file; read `server` and `browser` inside tests and hooks. */
export function catalogueSuite(): CatalogueSuite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = <T,>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the browser suite has not started: read it inside a test or hook');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}
