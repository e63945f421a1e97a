/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, hence the DOM types.
/**
 * The record editor's linked entities in a real browser against the real server and its own
 * database (the demo catalogue): a curator links LOINC to its maintainer, the Regenstrief
 * Institute, created inline; to the LOINC licence, created inline; re-links MIAME's own paper
 * found by DOI through the Crossref stand-in (a look-up job of the worker); and sees each on the record page. The edit page
 * passes the accessibility check and is photographed at desktop and phone width.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACCOUNT_MESSAGES } from '@registry/schemas/forms/account.ts';
import { startPublicationLookups, type RunningPublicationLookups } from '@registry/api/references/publication-lookup-jobs.ts';
import { cataloguePublications, publicationServicesConfig, startPublicationServices, type PublicationServices } from '../support/publication-services.ts';
import { checkAccessibility, collectConsoleErrors, DESKTOP_VIEWPORT, PHONE_VIEWPORT, saveScreenshot, SCREENSHOT_DIR } from './support/index.ts';
import { startWritableSuite, type WritableSuite } from './support/writable-suite.ts';

const LOINC = 2;
const MIAME = 96;
const EXPECTED_FAILURES = [/401 \(Unauthorized\)/, /Failed to load resource/];

let suite: WritableSuite;
let publicationServices: PublicationServices;
let lookups: RunningPublicationLookups | undefined;
const QUIET_LOG = { info: () => {}, warn: () => {}, error: () => {} };

function curatorPage(): Promise<Page> {
  return suite.signedInPage('curie');
}

/** A close-up of one editor section (the full page is too tall to read). */
async function sectionScreenshot(page: Page, section: string, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.getByTestId(`section-${section}`).screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

/** Types into a search-as-you-type pick-list and chooses the option named `option`. */
async function pick(page: Page, label: string | RegExp, text: string, option: string | RegExp): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(text);
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

beforeAll(async () => {
  publicationServices = await startPublicationServices();
  suite = await startWritableSuite({ name: 'browser_editor_links' });
  // The look-ups are jobs of the worker role, which reaches the stand-ins through the egress allow-list.
  lookups = startPublicationLookups(publicationServicesConfig(suite.environment.config, publicationServices), { log: QUIET_LOG });
  await suite.addUser('curie', 'curator');
});

afterAll(async () => {
  await lookups?.stop();
  await suite?.close();
  await publicationServices?.close();
});

describe('record editor: organisations, licences and publications', () => {
  it('links an organisation created inline and a licence created inline, and shows both on the record page', async () => {
    const page = await curatorPage();
    const errors = collectConsoleErrors(page, EXPECTED_FAILURES);
    await page.goto(`/${LOINC}/edit`);
    const organisations = page.getByTestId('section-organisations');
    await organisations.waitFor();

    await organisations.getByRole('button', { name: 'The organisation is not listed: create it' }).click();
    const inline = page.getByTestId('new-organisation');
    await inline.getByLabel('Organisation name').fill('Regenstrief Institute');
    await inline.getByLabel('Organisation homepage').fill('not a url');
    await inline.getByRole('button', { name: 'Create organisation' }).click();
    await inline.getByText(ACCOUNT_MESSAGES.url).waitFor();
    await inline.getByLabel('Organisation homepage').fill('https://www.regenstrief.org/');
    await pick(page, 'Organisation countries', 'United States', /^United States/);
    await inline.getByRole('button', { name: 'Create organisation' }).click();
    await page.getByTestId('outcome-organisations').getByText('Organisation Regenstrief Institute created').waitFor();
    await organisations.getByTestId('chosen-organisations').getByText('Regenstrief Institute').waitFor();
    await organisations.getByRole('combobox', { name: 'Relation' }).selectOption('maintains');
    await organisations.getByText('Lead organisation').click();
    await page.getByTestId('add-organisation-link').click();
    await page.getByTestId('outcome-organisations').getByText('Record successfully updated!').waitFor();
    await organisations.getByTestId('organisation-link').filter({ hasText: 'Regenstrief Institute' }).waitFor();

    const dataAccess = page.getByTestId('section-dataAccess');
    await dataAccess.getByLabel('Or a new licence: name').fill('LOINC License');
    await dataAccess.getByLabel('New licence URL').fill('https://loinc.org/license/');
    await dataAccess.getByRole('combobox', { name: 'Licence relation' }).selectOption('applies_to_content');
    await page.getByTestId('add-licence-link').click();
    await page.getByTestId('outcome-licences').getByText('Record successfully updated!').waitFor();
    await dataAccess.getByTestId('licence-link').filter({ hasText: 'LOINC License' }).waitFor();

    // The link calls moved the revision on: a section save afterwards is not refused as stale.
    await dataAccess.getByRole('button', { name: 'Add an access point' }).click();
    await dataAccess.getByLabel('Access point URL').fill('https://loinc.org/fhir/');
    await dataAccess.getByLabel('Access point name').fill('LOINC FHIR terminology service');
    await dataAccess.getByLabel('Access point type').fill('REST');
    await page.getByTestId('save-dataAccess').click();
    await page.getByTestId('outcome-dataAccess').getByText('Record successfully updated!').waitFor();

    await saveScreenshot(page, 'editor-links-desktop');
    expect(await checkAccessibility(page)).toEqual([]);
    await page.setViewportSize(PHONE_VIEWPORT);
    await saveScreenshot(page, 'editor-links-phone');
    for (const section of ['dataAccess', 'organisations']) await sectionScreenshot(page, section, `editor-links-phone-${section}`);
    await page.setViewportSize(DESKTOP_VIEWPORT);
    for (const section of ['dataAccess', 'organisations']) await sectionScreenshot(page, section, `editor-links-desktop-${section}`);

    await page.goto(`/${LOINC}`);
    await page.getByTestId('record-section-organisations').getByText('Regenstrief Institute').waitFor();
    await page.getByTestId('record-section-licences').getByText('LOINC License').waitFor();
    await page.getByTestId('record-section-data-access').getByText('LOINC FHIR terminology service').waitFor();
    expect(errors.messages).toEqual([]);
  });

  it('finds a publication by DOI, creates it and links it, and the record page lists it', async () => {
    const paper = cataloguePublications().find((publication) => publication.doi === '10.1038/ng1201-365')!;
    const page = await curatorPage();
    const errors = collectConsoleErrors(page, EXPECTED_FAILURES);
    await page.goto(`/${MIAME}/edit`);
    const section = page.getByTestId('section-publications');
    await section.waitFor();
    // MIAME's own paper is seeded already: unlink it first, then link it again from its DOI.
    const linked = section.getByTestId('linked-publication').filter({ hasText: paper.title });
    if (await linked.count()) {
      await linked.getByRole('button', { name: /^Unlink/ }).click();
      await page.getByTestId('outcome-publications').getByText('Record successfully updated!').waitFor();
      expect(await linked.count()).toBe(0);
    }
    await section.getByLabel('DOI or PubMed id').fill('10.9999/no-such-paper');
    await section.getByRole('button', { name: 'Look up' }).click();
    await page.getByTestId('publication-problem').waitFor();

    await section.getByLabel('DOI or PubMed id').fill(paper.doi!);
    await section.getByRole('button', { name: 'Look up' }).click();
    const draft = page.getByTestId('publication-draft');
    await draft.waitFor();
    expect(await draft.getByLabel('Publication title').inputValue()).toBe(paper.title);
    expect(await draft.getByLabel('Publication journal').inputValue()).toBe(paper.journal);
    expect(await draft.getByLabel('Publication year').inputValue()).toBe(String(paper.year));
    await draft.getByText('Cite this record with it').click();
    await page.getByTestId('add-publication').click();
    await page.getByTestId('outcome-publications').getByText('Record successfully updated!').waitFor();
    await section.getByTestId('linked-publication').filter({ hasText: paper.title }).waitFor();
    await sectionScreenshot(page, 'publications', 'editor-links-desktop-publications');
    await page.setViewportSize(PHONE_VIEWPORT);
    await sectionScreenshot(page, 'publications', 'editor-links-phone-publications');
    const row = await suite.environment.db('record_publications').join('publications', 'publications.id', 'record_publications.publication_id')
      .where({ record_id: MIAME, doi: paper.doi }).first('is_citation');
    expect(row?.is_citation).toBe(true);

    await page.goto(`/${MIAME}`);
    await page.getByTestId('record-section-publications').getByText(paper.title).waitFor();
    expect(errors.messages).toEqual([]);
  });
});
