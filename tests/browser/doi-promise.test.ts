/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, hence the DOM types.
/**
 * The DOI promise is one rule said in one sentence: the add-content page and the page of an
 * approved record still without a DOI say the same (pending records share it: doi-rule.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { DOI_RULE_SENTENCE } from '@registry/schemas/curation/doi-rule.ts';
import { openPage } from './support/index.ts';
import { catalogueSuite } from './support/catalogue-suite.ts';

const suite = catalogueSuite();

/** An approved record of the demo catalogue that has no DOI (its description is not marked complete). */
const RECORD_WITHOUT_DOI = 'Ontology of the amphioxus anatomy and life cycle';

async function recordIdNamed(name: string): Promise<number> {
  const response = await fetch(`${suite.server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `{ searchFairsharingRecords(q: ${JSON.stringify(name)}, perPage: 5) { records { id name doi } } }` }),
  });
  const { data } = (await response.json()) as { data: { searchFairsharingRecords: { records: { id: number; name: string; doi: string | null }[] } } };
  const record = data.searchFairsharingRecords.records.find((candidate) => candidate.name === name);
  if (!record || record.doi) throw new Error(`${name} is not a record without a DOI in the demo catalogue`);
  return record.id;
}

describe('the DOI promise', () => {
  it('reads the same on /new and on an approved record without a DOI', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/new');
    await page.getByText(DOI_RULE_SENTENCE).waitFor();
    expect(await page.getByText(/gets a DOI and stays hidden/).count()).toBe(0);

    await page.goto(`/${await recordIdNamed(RECORD_WITHOUT_DOI)}`);
    const missingDoi = page.getByTestId('missing-doi');
    await missingDoi.waitFor();
    expect(await missingDoi.textContent()).toBe(`No DOI yet. ${DOI_RULE_SENTENCE}`);
    await page.context().close();
  });
});
