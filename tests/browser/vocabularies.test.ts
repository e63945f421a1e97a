/**
 * Every vocabulary browsable at /browse/{id}: the tree or list loads, the search box finds a
 * term and selects it, the term's details say which count is which, its records match its own
 * count, and "include narrower terms" lists as many as the tree's count. Desktop and phone
 * screenshots; no serious or critical axe violation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, collectConsoleErrors, openPage, PHONE_VIEWPORT, poll, saveScreenshot } from './support/index.ts';
import { catalogueSuite } from './support/catalogue-suite.ts';

interface TermNode {
  id: number;
  name: string;
  records_count: number;
  own_records_count: number;
  children: TermNode[];
}

const suite = catalogueSuite();
const trees = new Map<string, TermNode[]>();

const VOCABULARIES = [
  { id: 'subject', tree: 'Subject terms' },
  { id: 'domain', tree: 'Domain terms' },
  { id: 'taxonomy', tree: 'Species' },
  { id: 'userdefinedtag', tree: 'Keywords' },
];

beforeAll(async () => {
  for (const { id } of VOCABULARIES) {
    const response = await fetch(`${suite.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{browseVocabulary(id:"${id}"){data}}` }),
    });
    trees.set(id, ((await response.json()) as { data: { browseVocabulary: { data: TermNode[] } } }).data.browseVocabulary.data);
  }
}, 300_000);

function allTerms(nodes: TermNode[]): TermNode[] {
  return nodes.flatMap((node) => [node, ...allTerms(node.children)]);
}

/** The term with the most records of its own, preferring one with narrower terms (whose counts differ). */
function busiestTerm(nodes: TermNode[]): TermNode {
  const terms = allTerms(nodes).filter((term) => term.own_records_count > 0 && term.own_records_count <= 100);
  return terms.sort((a, b) => Number(b.children.length > 0) - Number(a.children.length > 0) || b.own_records_count - a.own_records_count)[0];
}

describe('vocabulary browsers', { timeout: 420_000 }, () => {
  it.each(VOCABULARIES)('/browse/$id: find a term, its details and records, narrower terms', async ({ id, tree: treeName }) => {
    const roots = trees.get(id)!;
    expect(roots.length).toBeGreaterThan(0);
    const term = busiestTerm(roots);
    const page = await openPage(suite.browser, suite.server.url);
    const errors = collectConsoleErrors(page);
    await page.goto(`/browse/${id}`);
    const tree = page.getByRole('tree', { name: treeName });
    await tree.waitFor({ timeout: 45_000 });
    expect(await tree.getByRole('treeitem').count()).toBe(roots.length);

    await page.getByTestId('term-search').fill(term.name);
    await page.getByRole('search').getByRole('button', { name: term.name, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('term') === String(term.id));
    await poll(() => tree.locator('[aria-selected="true"]').first().textContent()).toContain(term.name);
    const details = page.getByTestId('term-details');
    expect(await details.getByTestId('term-counts').textContent()).toContain(`${term.own_records_count} public record`);

    const records = page.getByTestId('term-records');
    await poll(() => records.getByTestId('term-records-count').textContent()).toBe(`${term.own_records_count} record${term.own_records_count === 1 ? '' : 's'} annotated with this term`);
    await poll(() => records.getByTestId('search-result').count()).toBe(Math.min(term.own_records_count, 50));
    if (term.children.length > 0) {
      expect(await details.getByTestId('term-counts').textContent()).toContain(`${term.records_count} with this term or one of its`);
      await records.getByTestId('include-narrower').click();
      await page.waitForURL((url) => url.searchParams.get('narrower') === 'true');
      await poll(() => records.getByTestId('term-records-count').textContent()).toBe(`${term.records_count} record${term.records_count === 1 ? '' : 's'} annotated with this term or a narrower one`);
    }
    await saveScreenshot(page, `browse-${id}-desktop`);
    expect(await checkAccessibility(page)).toEqual([]);
    expect(errors.messages).toEqual([]);
    await page.context().close();

    // A deep link to the term on a phone.
    const phone = await openPage(suite.browser, suite.server.url, { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });
    await phone.goto(`/browse/${id}?term=${term.id}`);
    await phone.getByTestId('term-details').waitFor({ timeout: 45_000 });
    await phone.getByTestId('term-records').getByTestId('search-result').first().waitFor({ timeout: 45_000 });
    expect(await checkAccessibility(phone)).toEqual([]);
    await saveScreenshot(phone, `browse-${id}-phone`);
    await phone.context().close();
  });
});
