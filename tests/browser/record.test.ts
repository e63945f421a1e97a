/**
 * The record page against the seeded catalogue: by numeric id, DOI, FAIRsharing id and legacy
 * id (replaced by the numeric path), JSON-LD and canonical link in the head, title, a
 * collection's member search, and the 404 content for an unknown record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createDatabase, type Database } from '@registry/platform';
import { sharedCatalogueConfig } from '../support/environment.ts';
import {
  PHONE_VIEWPORT,
  checkAccessibility,
  collectConsoleErrors,
  openPage,
  poll,
  saveScreenshot,
  waitForPathAndQuery,
} from './support/index.ts';
import { catalogueSuite } from './support/catalogue-suite.ts';

const suite = catalogueSuite();

let db: Database;

beforeAll(async () => {
  db = createDatabase(sharedCatalogueConfig().databaseUrl);
}, 300_000);

afterAll(async () => {
  await db?.destroy();
});

async function recordName(page: Page): Promise<string> {
  const heading = page.getByTestId('record-name');
  await heading.waitFor({ timeout: 45_000 });
  return (await heading.textContent()) ?? '';
}

describe('record page', { timeout: 180_000 }, () => {
  it('/2 shows LOINC with its head metadata, passes the accessibility check', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    await page.goto('/2');
    expect(await recordName(page)).toContain('Logical Observation Identifier Names and Codes');
    await poll(() => page.title()).toBe('FAIRsharing | Logical Observation Identifier Names and Codes');
    const canonical = await page.locator('head link[rel="canonical"]').getAttribute('href');
    expect(canonical).toBe(`${suite.server.url}/2`);
    const jsonLd = await page.locator('head script[type="application/ld+json"]').textContent();
    expect(JSON.parse(jsonLd ?? 'null')).toMatchObject({ '@context': expect.stringContaining('schema.org') });
    await poll(() => page.getByRole('link', { name: '10.25504/FAIRsharing.2mk2zb' }).getAttribute('href')).toBe(
      'https://doi.org/10.25504/FAIRsharing.2mk2zb',
    );
    expect(await page.getByTestId('record-status').textContent()).toMatch(/Ready|In development|Deprecated|Uncertain/);
    await saveScreenshot(page, 'record-desktop');
    expect(await checkAccessibility(page)).toEqual([]);
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('subject chips open the ontology browser at their term, and from there the search filtered by it', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/2');
    await recordName(page);
    const chip = page.getByTestId('record-section-keywords').locator('a[data-badge][title^="Subject:"]').first();
    const label = (await chip.textContent()) ?? '';
    await chip.click();
    await page.waitForURL((url) => url.pathname === '/browse/subject' && url.searchParams.get('term') === label);
    await page.getByTestId('term-records').getByRole('link', { name: 'Open these records in the search page' }).click();
    await page.waitForURL((url) => url.pathname === '/search' && [...url.searchParams.values()].includes(label));
    await page.context().close();
  });

  it('links its relations section to the relation graph page', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/2');
    await recordName(page);
    await page.getByRole('link', { name: 'View the relation graph' }).click();
    await page.waitForURL((url) => url.pathname === '/graph/2');
    await poll(() => page.getByTestId('relation-graph').count()).toBe(1);
    await page.context().close();
  });

  it('finds the record by DOI and by FAIRsharing id', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/10.25504/FAIRsharing.2mk2zb');
    expect(await recordName(page)).toContain('Logical Observation Identifier Names and Codes');
    await page.goto('/FAIRsharing.2mk2zb');
    expect(await recordName(page)).toContain('Logical Observation Identifier Names and Codes');
    await page.context().close();
  });

  it('replaces a legacy id by the numeric path', async () => {
    const row = (await db('records')
      .whereRaw('cardinality(legacy_ids) > 0')
      .orderBy('id')
      .first('id', 'name', db.raw('legacy_ids[1] as legacy_id'))) as { id: number; name: string; legacy_id: string } | undefined;
    expect(row).toBeDefined();
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto(`/${row!.legacy_id}`);
    await waitForPathAndQuery(page, `/${row!.id}`);
    expect(await recordName(page)).toContain(row!.name);
    await page.context().close();
  });

  it('a collection lists and searches its members', async () => {
    const collection = (await db('records as r')
      .join('record_associations as a', 'a.record_id', 'r.id')
      .join('relation_types as t', 't.id', 'a.relation_type_id')
      .where('t.name', 'collects')
      .groupBy('r.id')
      .orderByRaw('count(*) desc')
      .first('r.id')) as { id: number } | undefined;
    expect(collection).toBeDefined();
    const page = await openPage(suite.browser, suite.server.url, { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });
    const errors = collectConsoleErrors(page);
    await page.goto(`/${collection!.id}`);
    const members = page.getByTestId('record-section-collection-members');
    await members.getByTestId('search-result').first().waitFor({ timeout: 45_000 });
    const matching = async () => Number(((await members.getByRole('status').first().textContent()) ?? '').match(/(\d+) matching/)?.[1] ?? -1);
    await poll(matching).toBeGreaterThan(20);
    const all = await matching();
    const firstName = (await members.getByTestId('search-result').first().getByRole('heading').textContent()) ?? '';
    await members.getByLabel('Search within this collection').fill(firstName);
    await members.getByRole('button', { name: 'Search' }).click();
    await poll(matching).toBeLessThan(all);
    expect(await matching()).toBeGreaterThan(0);
    await members.getByTestId('search-result').first().waitFor();
    await saveScreenshot(page, 'record-collection-phone');
    expect(await checkAccessibility(page)).toEqual([]);
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('an unknown record shows the 404 content', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/99999999');
    await page.getByTestId('not-found').waitFor({ timeout: 45_000 });
    await page.goto('/FAIRsharing.doesnotexist');
    await page.getByTestId('not-found').waitFor({ timeout: 45_000 });
    await page.context().close();
  });
});
