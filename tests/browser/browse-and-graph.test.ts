/**
 * The ontology browser (/browse/subject: term tree, sunburst, paged records of the selected
 * term, all in the URL) and the relation graph's 404, against the seeded catalogue.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkAccessibility,
  collectConsoleErrors,
  openPage,
  poll,
  saveScreenshot,
} from './support/index.ts';
import { catalogueSuite } from './support/catalogue-suite.ts';

interface SubjectNode {
  id: number;
  name: string;
  records_count: number;
  children: SubjectNode[];
}

const suite = catalogueSuite();
let subjects: SubjectNode[];

beforeAll(async () => {
  const response = await fetch(`${suite.server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{browseSubjects{data}}' }),
  });
  subjects = ((await response.json()) as { data: { browseSubjects: { data: SubjectNode[] } } }).data.browseSubjects.data;
}, 300_000);

/** The leaf term with the most records (a leaf's count is its own, as the search filter counts). */
function busiestLeaf(nodes: SubjectNode[]): SubjectNode | null {
  let best: SubjectNode | null = null;
  const visit = (list: SubjectNode[]) => {
    for (const node of list) {
      if (node.children.length === 0 && (!best || node.records_count > best.records_count)) best = node;
      visit(node.children);
    }
  };
  visit(nodes);
  return best;
}

describe('ontology browser and relation graph', { timeout: 180_000 }, () => {
  it('/browse/subject: tree, sunburst, selecting a term lists its records, per-page and paging in the URL', async () => {
    const leaf = busiestLeaf(subjects);
    expect(leaf).not.toBeNull();
    expect(leaf!.records_count).toBeGreaterThan(10);
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    await page.goto('/browse/subject');
    const tree = page.getByRole('tree', { name: 'Subject terms' });
    await tree.waitFor({ timeout: 45_000 });
    expect(await tree.getByRole('treeitem').count()).toBe(subjects.length);
    expect(await page.getByTestId('sunburst').locator('path').count()).toBeGreaterThan(subjects.length);

    // Keyboard: Right opens the first term.
    const first = tree.getByRole('treeitem').first();
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await poll(() => first.getAttribute('aria-expanded')).toBe('true');
    await poll(() => tree.getByRole('treeitem').count()).toBeGreaterThan(subjects.length);

    // Clicking a sunburst segment selects its term: URL, heading, opened tree, records.
    await page.getByTestId('sunburst').locator(`path[data-term-id="${leaf!.id}"]`).first().dispatchEvent('click');
    await page.waitForURL((url) => url.searchParams.get('term') === String(leaf!.id));
    const records = page.getByTestId('term-records');
    await poll(() => records.getByRole('heading', { level: 2 }).textContent()).toBe(`Records: ${leaf!.name}`);
    await poll(() => tree.locator('[aria-selected="true"]').first().textContent()).toContain(leaf!.name);
    await records.getByTestId('search-result').first().waitFor({ timeout: 45_000 });
    await poll(() => records.getByTestId('search-result').count()).toBe(Math.min(leaf!.records_count, 50));

    await records.getByLabel('Records per page').selectOption('10');
    await page.waitForURL((url) => url.searchParams.get('perPage') === '10');
    await poll(() => records.getByTestId('search-result').count()).toBe(10);
    await records.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await poll(() => records.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    // Clicking a term in the tree selects it too, back to page 1.
    const second = tree.getByRole('treeitem').nth(1);
    const secondName = (await second.locator('span').nth(1).textContent()) ?? '';
    await second.click();
    await poll(() => records.getByRole('heading', { level: 2 }).textContent()).toBe(`Records: ${secondName}`);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(new URL(page.url()).searchParams.get('perPage')).toBe('10');

    // A term given by label in the URL is found.
    await page.goto(`/browse/subject?term=${encodeURIComponent(leaf!.name)}&perPage=10`);
    await poll(() => page.getByTestId('term-records').getByRole('heading', { level: 2 }).textContent()).toBe(`Records: ${leaf!.name}`);
    await page.getByTestId('term-records').getByTestId('search-result').first().waitFor({ timeout: 45_000 });
    await saveScreenshot(page, 'browse');
    expect(await checkAccessibility(page)).toEqual([]);
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('a direct visit to a term shows its records styled as in the search; the menu and record chips lead to the browser', async () => {
    const leaf = busiestLeaf(subjects)!;
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    // Straight to the browser: no search page was visited first in this context.
    await page.goto(`/browse/subject?term=${leaf.id}&perPage=10`);
    const records = page.getByTestId('term-records');
    const firstRow = records.getByTestId('search-result').first();
    await firstRow.waitFor({ timeout: 45_000 });
    const look = await firstRow.evaluate((row) => {
      const badges = Array.from(row.querySelectorAll('[data-row-badges] [data-badge]'));
      const style = (element: Element) => getComputedStyle(element);
      const boxes = badges.map((badge) => badge.getBoundingClientRect());
      return {
        listStyle: style(row).listStyleType,
        rowBorder: style(row).borderTopWidth,
        badgeCount: badges.length,
        badges: badges.map((badge) => ({
          display: style(badge).display,
          padding: style(badge).paddingLeft,
          radius: style(badge).borderTopLeftRadius,
          // A filled badge has a background; an outlined one, an inset shadow for its border.
          paint: badge.getAttribute('data-variant') === 'outline' ? style(badge).boxShadow : style(badge).backgroundColor,
        })),
        // Space between neighbouring badges on one line.
        gaps: boxes.slice(1).map((box, index) => box.left - boxes[index].right),
      };
    });
    expect(look.listStyle).toBe('none');
    expect(look.rowBorder).toBe('1px');
    expect(look.badgeCount).toBeGreaterThanOrEqual(2);
    for (const badge of look.badges) {
      // inline-flex, computed as flex in the badges' flex row.
      expect(badge.display).toMatch(/^(inline-)?flex$/);
      expect(parseFloat(badge.padding)).toBeGreaterThan(0);
      expect(parseFloat(badge.radius)).toBeGreaterThan(0);
      expect(badge.paint).not.toMatch(/^(none|rgba\(0, 0, 0, 0\))$/);
    }
    for (const gap of look.gaps) expect(gap).toBeGreaterThanOrEqual(4);
    await saveScreenshot(page, 'browse-direct-visit');
    const recordPath = await firstRow.locator('h3 a').getAttribute('href');

    // The header's menu links the browser.
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subjects', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/browse/subject');
    await page.getByRole('tree', { name: 'Subject terms' }).waitFor({ timeout: 45_000 });

    // A record's subject and domain chips open the browser at their term, which still links the search by it.
    await page.goto(recordPath!);
    const keywords = page.getByTestId('record-section-keywords');
    await keywords.waitFor({ timeout: 45_000 });
    const chipLinks = await keywords.locator('a[data-badge]').evaluateAll((links) =>
      links.map((link) => ({ title: link.getAttribute('title') ?? '', href: link.getAttribute('href') ?? '' })),
    );
    for (const chip of chipLinks.filter((link) => link.title.startsWith('Subject:'))) expect(chip.href).toMatch(/^\/browse\/subject\?term=/);
    for (const chip of chipLinks.filter((link) => link.title.startsWith('Domain:'))) expect(chip.href).toMatch(/^\/browse\/domain\?term=/);
    await keywords.getByRole('link', { name: leaf.name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/browse/subject' && url.searchParams.get('term') === leaf.name);
    await poll(() => page.getByTestId('term-records').getByRole('heading', { level: 2 }).textContent()).toBe(`Records: ${leaf.name}`);
    const searchLink = page.getByTestId('term-records').getByRole('link', { name: 'Open these records in the search page' });
    expect(new URL((await searchLink.getAttribute('href'))!, suite.server.url).searchParams.get('subjects')).toBe(leaf.name);
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });

  it('/browse/<unknown> links to the four vocabularies', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/browse/nonsense');
    await page.getByTestId('browse-unsupported').waitFor({ timeout: 45_000 });
    expect(await page.getByTestId('browse-unsupported').getByRole('link', { name: 'Domains' }).getAttribute('href')).toBe('/browse/domain');
    await page.context().close();
  });

  it('/graph of an unknown record shows the 404 content', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/graph/99999999');
    await page.getByTestId('not-found').waitFor({ timeout: 45_000 });
    await page.context().close();
  });
});
