/**
 * Issue 35, item 11: facets say how their values combine. A second subject widens the results
 * under "any of" and narrows them under "all of"; the facet's heading offers the choice and the
 * chips say which is in force; the choice lives in the URL (`subjectsMatch=all`), so it survives
 * a reload and back restores the other. Single-valued facets (registry …) say "any of". The
 * expected counts come from the catalogue through the API (two one-subject searches, their ids
 * intersected), never written down.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkAccessibility, collectConsoleErrors, poll, openPage, resultCount, saveScreenshot } from './support/index.ts';
import { catalogueSuite } from './support/catalogue-suite.ts';

const suite = catalogueSuite();

async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${suite.server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return ((await response.json()) as { data: T }).data;
}

async function idsWithSubject(subject: string): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let page = 1; ; page += 1) {
    const { searchFairsharingRecords: answer } = await graphql<{ searchFairsharingRecords: { totalPages: number; records: { id: string }[] } }>(
      'query($s:[String!],$p:Int){searchFairsharingRecords(subjects:$s,page:$p,perPage:100){totalPages records{id}}}',
      { s: [subject], p: page },
    );
    for (const record of answer.records) ids.add(Number(record.id));
    if (page >= answer.totalPages) return ids;
  }
}

/** Two subjects that some records share and neither holds alone, with their record counts. */
let first: string;
let second: string;
let firstCount: number;
let eitherCount: number;
let bothCount: number;

async function filtersSettled(page: Page): Promise<void> {
  await page.getByTestId('search-result').first().waitFor({ timeout: 45_000 });
  await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

const chipTexts = (page: Page) => page.getByTestId('active-filter-chip').allTextContents();

async function subjectCount(page: Page, subject: string): Promise<number> {
  const row = page.getByTestId('facet-subjects').locator(`[data-facet-value="${subject}"]`);
  return Number(((await row.getByTestId('facet-count').textContent()) ?? '').match(/(\d+)/)?.[1]);
}

beforeAll(async () => {
  const { searchFairsharingRecords } = await graphql<{ searchFairsharingRecords: { facets: { key: string; values: { value: string }[] }[] } }>(
    '{searchFairsharingRecords(perPage:0){facets{key values{value count}}}}',
  );
  const subjects = searchFairsharingRecords.facets.find((facet) => facet.key === 'subjects')!.values.slice(0, 12).map((entry) => entry.value);
  const ids = new Map<string, Set<number>>();
  for (const subject of subjects) ids.set(subject, await idsWithSubject(subject));
  for (const [i, a] of subjects.entries()) {
    for (const b of subjects.slice(i + 1)) {
      const shared = [...ids.get(a)!].filter((id) => ids.get(b)!.has(id)).length;
      if (shared > 0 && shared < Math.min(ids.get(a)!.size, ids.get(b)!.size)) {
        [first, second, firstCount, bothCount] = [a, b, ids.get(a)!.size, shared];
        eitherCount = ids.get(a)!.size + ids.get(b)!.size - shared;
        return;
      }
    }
  }
  throw new Error('no two subjects of the catalogue overlap in part');
}, 180_000);

describe('how facet values combine', { timeout: 180_000 }, () => {
  it('a second subject widens under "any of" and narrows under "all of"; headings and chips say which; the URL keeps the choice', async () => {
    const page = await openPage(suite.browser, suite.server.url, { viewport: { width: 1280, height: 900 } });
    const errors = collectConsoleErrors(page);
    await page.goto(`/search?subjects=${encodeURIComponent(first)}`);
    expect(await resultCount(page)).toBe(firstCount);
    await filtersSettled(page);

    // The subjects heading offers the choice, "any of" in force; the registry says "any of".
    const subjects = page.getByTestId('facet-subjects');
    const choice = subjects.getByRole('group', { name: 'How the selected Subjects combine' });
    expect(await choice.getByRole('radio', { name: 'any of' }).isChecked()).toBe(true);
    expect(await choice.getByRole('radio', { name: 'all of' }).isChecked()).toBe(false);
    expect(await page.getByTestId('filter-buttons-fairsharingRegistry').getByTestId('facet-match').textContent()).toBe('any of');
    expect(await page.getByTestId('facet-status').getByTestId('facet-match').textContent()).toBe('any of');
    expect(await chipTexts(page)).toEqual([`Subjects (any of): ${first}`]);

    // Any of: the second subject widens.
    await subjects.getByTestId('facet-search').fill(second);
    await subjects.locator(`[data-facet-value="${second}"]`).click();
    await page.waitForURL((url) => url.searchParams.get('subjects') === `${first},${second}`);
    await poll(() => resultCount(page)).toBe(eitherCount);
    expect(eitherCount).toBeGreaterThan(firstCount);
    expect(await chipTexts(page)).toEqual([`Subjects (any of): ${first}`, `Subjects (any of): ${second}`]);

    // All of: the same two narrow, and the choice is in the URL.
    await filtersSettled(page);
    await choice.getByRole('radio', { name: 'all of' }).check();
    await page.waitForURL((url) => url.searchParams.get('subjectsMatch') === 'all');
    await poll(() => resultCount(page)).toBe(bothCount);
    expect(bothCount).toBeLessThan(firstCount);
    await poll(() => chipTexts(page)).toEqual([`Subjects (all of): ${first}`, `Subjects (all of): ${second}`]);
    // The counts are the mode's: each selected subject counts the records holding both.
    await filtersSettled(page);
    await subjects.getByTestId('facet-search').fill('');
    await poll(() => subjectCount(page, first)).toBe(bothCount);
    expect(await subjectCount(page, second)).toBe(bothCount);
    expect(await checkAccessibility(page)).toEqual([]);
    await saveScreenshot(page, 'search-facet-all-of');

    // A reload keeps it; back restores "any of".
    await page.reload();
    expect(await resultCount(page)).toBe(bothCount);
    await filtersSettled(page);
    expect(await choice.getByRole('radio', { name: 'all of' }).isChecked()).toBe(true);
    expect(await chipTexts(page)).toEqual([`Subjects (all of): ${first}`, `Subjects (all of): ${second}`]);
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('subjectsMatch'));
    await poll(() => resultCount(page)).toBe(eitherCount);
    await poll(() => choice.getByRole('radio', { name: 'any of' }).isChecked()).toBe(true);
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });
});
