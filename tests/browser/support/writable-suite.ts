/**
 * The set-up every browser suite that writes shares: a private environment (own database, index
 * and queue prefixes), optionally the demo catalogue seeded and indexed and the indexer running
 * so saves reach search, a server on a copy of the web build (a rebuild of web/dist while the
 * suite runs cannot change its pages), a browser, and users who sign in through the login form.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createSearchClient } from '@registry/platform';
import { reindexAll, startIndexer, type RunningIndexer } from '@registry/indexer';
import { hashPassword } from '@registry/api/accounts/secrets.ts';
import { seedDemoCatalogue } from '../../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../../support/environment.ts';
import { launchBrowser, openPage } from './browser.ts';
import { startTestServer, WEB_DIST_DIR, type TestServer } from './server.ts';

/** The password of every user a suite adds. */
export const SUITE_PASSWORD = 'correct horse battery';

export type SuiteRole = 'user' | 'curator' | 'super_curator';

export interface WritableSuiteOptions {
  /** Names the suite's database and prefixes, e.g. `browser_curation`. */
  name: string;
  /** Seed the demo catalogue and index it (default true). */
  catalogue?: boolean;
  /** Run the indexer, so saves reach search (default false). */
  indexer?: boolean;
  /** Settings of the suite's server beyond its own database and prefixes (mail sink, stand-ins…). */
  env?: Record<string, string>;
  /** A fixed port, for a server whose URL must be known before it starts (see `freePort`). */
  port?: number;
}

export interface WritableSuite {
  environment: IsolatedEnvironment;
  server: TestServer;
  browser: Browser;
  /** A confirmed user with SUITE_PASSWORD; returns the id. */
  addUser(username: string, role?: SuiteRole): Promise<number>;
  /** A page in a fresh context, signed in as `username` through the login form (dialogs accepted). */
  signedInPage(username: string): Promise<Page>;
  close(): Promise<void>;
}

/** Fills and sends the login form (the caller waits for wherever the app goes next). */
export async function submitLogin(page: Page, login: string, goTo?: string): Promise<void> {
  await page.goto(goTo ? `/accounts/login?goTo=${encodeURIComponent(goTo)}` : '/accounts/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username or email').fill(login);
  await form.getByLabel(/^Password/).fill(SUITE_PASSWORD);
  await form.getByLabel(/^Password/).press('Enter');
}

/** The path and query of a link in a mail, to open on the test server whatever PUBLIC_URL said. */
export function linkPath(text: string, pathPrefix: string): string {
  const match = text.match(new RegExp(`https?://[^\\s"<>]+${pathPrefix.replace(/\//g, '\\/')}[^\\s"<>]*`));
  if (!match) throw new Error(`no ${pathPrefix} link in the mail:\n${text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

export async function startWritableSuite(options: WritableSuiteOptions): Promise<WritableSuite> {
  const webCopy = mkdtempSync(join(tmpdir(), `${options.name}-web-`));
  cpSync(WEB_DIST_DIR, webCopy, { recursive: true });
  const environment = await createIsolatedEnvironment(options.name);
  let indexer: RunningIndexer | undefined;
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await server?.close();
    await indexer?.stop();
    await environment.cleanup();
    rmSync(webCopy, { recursive: true, force: true });
  };
  try {
    if (options.catalogue ?? true) {
      await seedDemoCatalogue(environment.db);
      const client = createSearchClient(environment.config);
      await reindexAll({ db: environment.db, client, indexPrefix: environment.config.indexPrefix });
      await client.close();
    }
    if (options.indexer) {
      indexer = await startIndexer(environment.config, { ensureIndex: false, sweeper: { intervalMs: 500, minAgeMs: 1_000 }, log: () => undefined });
    }
    server = await startTestServer({
      webDistDir: webCopy,
      port: options.port,
      env: {
        DATABASE_URL: environment.config.databaseUrl,
        INDEX_PREFIX: environment.config.indexPrefix,
        QUEUE_PREFIX: environment.config.queuePrefix,
        ...options.env,
      },
    });
    browser = await launchBrowser();
  } catch (error) {
    await close();
    throw error;
  }
  const suiteServer = server;
  const suiteBrowser = browser;
  return {
    environment,
    server: suiteServer,
    browser: suiteBrowser,
    async addUser(username, role = 'user') {
      const [row] = await environment
        .db('users')
        .insert({ username, email: `${username}@example.org`, password_hash: await hashPassword(SUITE_PASSWORD), role, confirmed_at: new Date() })
        .returning('id');
      return (row as { id: number }).id;
    },
    async signedInPage(username) {
      const page = await openPage(suiteBrowser, suiteServer.url);
      page.on('dialog', (dialog) => void dialog.accept());
      await submitLogin(page, username);
      await page.waitForURL('**/accounts/profile');
      return page;
    },
    close,
  };
}
