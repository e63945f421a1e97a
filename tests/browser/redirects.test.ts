/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, hence the DOM types.
/**
 * Every redirect of SPEC §2, in a real browser. In-app targets are checked against the URLs the
 * app moved through (the search page may then tidy its URL); off-site targets are intercepted so
 * no request leaves the machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { REDIRECTS } from '@registry/schemas/web/redirects.ts';
import { openPage, recordVisitedUrls, visitedUrls } from './support/index.ts';
import { catalogueSuite } from './support/catalogue-suite.ts';

const legacy = (registry: string, type: string) => `/search?fairsharingRegistry=${registry}&recordType=${type}&page=1`;

/** [visited path, expected target]; targets starting with https:// are off-site. */
const CASES: Array<[string, string]> = [
  ['/fairassist', '/search?fairsharingRegistry=FAIRassist'],
  ['/article/live_list_standards_in_policies', '/search?fairsharingRegistry=Standard&isRecommended=true&page=1'],
  ['/article/live_list_databases_in_policies', '/search?fairsharingRegistry=Database&isRecommended=true&page=1'],
  ['/article/live_list_journal_policies', '/search?fairsharingRegistry=Policy&recordType=journal&page=1'],
  ['/article/anything_else', '/'],
  ['/fairsharing.NFOBJT', '/object_types'],
  ['/ontology/subject/SRAO.owl', 'https://github.com/FAIRsharing/subject-ontology/raw/master/SRAO.owl'],
  ['/ontology/subject/SRAO.owl/0.3.0', 'https://github.com/FAIRsharing/subject-ontology/raw/master/releases/0.3.0/SRAO.owl'],
  ['/ontology/subject/SRAO_0000401', 'https://www.ebi.ac.uk/ols4/ontologies/srao/terms?iri=http://www.fairsharing.org/ontology/subject/SRAO_0000401'],
  ['/ontology/srao', 'https://github.com/FAIRsharing/subject-ontology'],
  ['/ontology/DRAO', 'https://github.com/FAIRsharing/domain-ontology'],
  ['/ontology/other', '/'],
  ['/collection/ISOCD20691CollectionDRAFT', '/3533'],
  ['/collection/3541', '/3541'],
  ['/HUPOPSI', '/HUPO-PSI'],
  ['/communities/activities', '/communities#activities'],
  ['/license', '/licence'],
  ['/preservation_policy', '/sustainability_and_preservation'],
  ['/recommendations', '/search?isRecommended=true&page=1&searchAnd=false&fairsharingRegistry=database,standard'],
  ['/community_curation', '/community_champions'],
  ['/community_curation/our_curators', '/community_champions/our_champions'],
  ['/databases/repository', legacy('Database', 'repository')],
  ['/databases/repositories', legacy('Database', 'repository')],
  ['/databases/knowledgebase', legacy('Database', 'knowledgebase')],
  ['/databases/knowledgebases', legacy('Database', 'knowledgebase')],
  ['/databases/knowledgebase_and_repository', legacy('Database', 'knowledgebase_and_repository')],
  ['/databases/knowledgebases_and_repositories', legacy('Database', 'knowledgebase_and_repository')],
  ['/standards/model_and_format', legacy('Standard', 'model_and_format')],
  ['/standards/models_and_formats', legacy('Standard', 'model_and_format')],
  ['/standards/metric', legacy('Standard', 'metric')],
  ['/standards/metrics', legacy('Standard', 'metric')],
  ['/standards/terminology_artefact', legacy('Standard', 'terminology_artefact')],
  ['/standards/terminology_artefacts', legacy('Standard', 'terminology_artefact')],
  ['/standards/reporting_guideline', legacy('Standard', 'reporting_guideline')],
  ['/standards/reporting_guidelines', legacy('Standard', 'reporting_guideline')],
  ['/standards/identifier_schema', legacy('Standard', 'identifier_schema')],
  ['/standards/identifier_schemas', legacy('Standard', 'identifier_schema')],
  ['/policies/project', legacy('Policy', 'project')],
  ['/policies/projects', legacy('Policy', 'project')],
  ['/policies/journal', legacy('Policy', 'journal')],
  ['/policies/journals', legacy('Policy', 'journal')],
  ['/policies/institution', legacy('Policy', 'institution')],
  ['/policies/institutions', legacy('Policy', 'institution')],
  ['/policies/society', legacy('Policy', 'society')],
  ['/policies/societies', legacy('Policy', 'society')],
  ['/policies/journal_publisher', legacy('Policy', 'journal_publisher')],
  ['/policies/journal_publishers', legacy('Policy', 'journal_publisher')],
  ['/policies/funder', legacy('Policy', 'funder')],
  ['/policies/funders', legacy('Policy', 'funder')],
];

const suite = catalogueSuite();
let page: Page;

beforeAll(async () => {
  page = await openPage(suite.browser, suite.server.url);
  await recordVisitedUrls(page);
  // Off-site targets answer locally: the test checks where the app sends the browser, not those sites.
  await page.context().route(/^https:\/\/(github\.com|www\.ebi\.ac\.uk)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'off-site target' }),
  );
});

afterAll(async () => {
  await page?.context().close();
});

describe('redirects (SPEC §2)', () => {
  it('covers every row of the redirect table', () => {
    // The sitemap has its own tests below (it leaves the app for the server's page).
    const covered = [...CASES.map(([path]) => path), '/sitemap.xml'];
    for (const pattern of REDIRECTS.map((rule) => rule.path)) {
      const matcher = new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/:[a-z]+/g, '[^/]+')}$`, 'i');
      expect(covered.some((path) => matcher.test(path)), pattern).toBe(true);
    }
  });

  it.each(CASES)('%s → %s', async (path, expected) => {
    await page.goto(path);
    if (expected.startsWith('https://')) {
      await page.waitForURL(expected, { timeout: 15_000 });
      return;
    }
    await expect
      .poll(async () => (await visitedUrls(page)).includes(expected), { timeout: 15_000 })
      .toBe(true);
  });

  it('/sitemap.xml reached inside the app loads the server sitemap', async () => {
    await page.goto('/licence');
    await page.locator('footer').waitFor();
    await page.evaluate(() => {
      history.pushState({}, '', '/sitemap.xml');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(async () => (await page.content()).includes('urlset'), { timeout: 15_000 }).toBe(true);
  });

  it('/sitemap.xml loaded directly is the server sitemap', async () => {
    const response = await page.goto('/sitemap.xml');
    expect(response?.headers()['content-type']).toContain('xml');
  });
});
