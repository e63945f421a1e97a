/**
 * Every page a visitor can open without signing in, at 1280 px and at phone width (390 × 844):
 * axe finds no violation at all, WCAG 2.2 AA's target size and the moderate best practices
 * (heading order, search forms told apart by name) included. The pages come
 * from the app's own list (PAGE_PATHS), so a new public page is checked the day it is added; a
 * page behind the login guard is listed as such here, or this test fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createDatabase, type Database } from '@registry/platform';
import { PAGE_PATHS, RECORD_PAGE_PATHS } from '@registry/schemas/web/page-paths.ts';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { checkAccessibility, openPage, PHONE_VIEWPORT, poll } from './support/index.ts';
import { catalogueSuite } from './support/catalogue-suite.ts';

const suite = catalogueSuite();

/** Pages behind the login guard: a visitor is sent to the login page, which is checked itself. */
const SIGN_IN_PAGES = new Set([
  '/users/orcid/sendEmail',
  '/accounts/profile',
  '/accounts/webhooks',
  '/profiles/edit',
  '/create',
  '/create-fairassist',
  '/curator',
  '/:id/edit',
  '/profiles/editPublicProfile/:id',
  '/profiles/usersList',
]);

const WIDTHS = [
  { name: '1280 px', options: { viewport: { width: 1280, height: 900 } } },
  { name: 'phone', options: { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true } },
];

let db: Database;
/** Each public page pattern with the addresses that stand for it (a parameter filled from the catalogue). */
let addresses: Map<string, string[]>;

beforeAll(async () => {
  db = createDatabase(sharedCatalogueConfig().databaseUrl);
  const record = await db('records').where({ is_approved: true, is_hidden: false }).whereNotNull('doi').orderBy('id').first('id', 'doi');
  const related = await db('record_associations').orderBy('record_id').first('record_id');
  const organisation = await db('organisations').orderBy('id').first('id');
  const user = await db('users').orderBy('id').first('id');
  const parameters: Record<string, string[]> = {
    '/organisations/:id': organisation ? [`/organisations/${organisation.id}`] : [],
    '/browse/:id': ['/browse/subject', '/browse/domain', '/browse/taxonomy', '/browse/userdefinedtag'],
    '/graph/:id': [`/graph/${related.record_id}`],
    '/users/:id': user ? [`/users/${user.id}`] : [],
    '/search': ['/search', '/search?q=proteomics'],
    // The builder, and a shared link's results with their sort, facets and download.
    '/advancedsearch': ['/advancedsearch', '/advancedsearch?q=protein&operator=_and&fields=(operator=_or%26registry=database%26isImplemented=true)'],
    '/10.25504/:id': [`/${record.doi}`],
    '/:id': [`/${record.id}`],
  };
  addresses = new Map(
    [...PAGE_PATHS, ...RECORD_PAGE_PATHS]
      .filter((path) => !SIGN_IN_PAGES.has(path))
      .map((path) => [path, parameters[path] ?? (path.includes(':') ? [] : [path])]),
  );
}, 300_000);

afterAll(async () => {
  await db?.destroy();
});

/** The page's data is in: no request under way, no "Loading…" and nothing marked busy. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await poll(() => page.locator('[aria-busy="true"], main [role="status"]:has-text("Loading")').count(), { timeout: 45_000 }).toBe(0);
}

describe('every public page', () => {
  it('names every parameterised page with an address, or says the catalogue has none', () => {
    const unfilled = [...addresses].filter(([path, urls]) => path.includes(':') && urls.length === 0).map(([path]) => path);
    // The demo catalogue has no organisations and no user accounts.
    expect(unfilled.sort()).toEqual(['/organisations/:id', '/users/:id']);
  });

  it.each(WIDTHS)('has no accessibility violation at $name', { timeout: 900_000 }, async ({ options }) => {
    const page = await openPage(suite.browser, suite.server.url, options);
    const found: Record<string, unknown> = {};
    for (const url of [...addresses.values()].flat()) {
      await page.goto(url);
      await settled(page);
      const violations = await checkAccessibility(page, { everyImpact: true });
      if (violations.length) found[url] = violations;
    }
    expect(found).toEqual({});
    await page.context().close();
  });
});
