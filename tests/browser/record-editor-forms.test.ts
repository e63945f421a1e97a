/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, hence the DOM types.
/**
 * The record editor's form behaviour in a real browser against the real server and its own
 * database (the demo catalogue): pick lists close after a pick and on Escape; a searched term
 * named exactly is offered first; required fields are marked and refusals are said beside the
 * field (no browser popup); selects look like selects; the new-organisation form starts from the
 * typed name and offers organisation types; relations read as rows and are added in one step.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RECORD_MESSAGES } from '@registry/schemas/forms/record-sections.ts';
import { checkAccessibility, collectConsoleErrors, poll, saveScreenshot, SCREENSHOT_DIR } from './support/index.ts';
import { startWritableSuite, type WritableSuite } from './support/writable-suite.ts';

/** LOINC, a standard the catalogue knows well. */
const LOINC = 2;
const WIDE_VIEWPORT = { width: 1280, height: 900 };
const EXPECTED_FAILURES = [/401 \(Unauthorized\)/, /Failed to load resource/];

let suite: WritableSuite;

beforeAll(async () => {
  suite = await startWritableSuite({ name: 'browser_editor_forms' });
  await suite.addUser('curie', 'curator');
  await suite.addUser('casey');
});

afterAll(async () => {
  await suite?.close();
});

/** The editor of a record, as a curator, at 1280 px. */
async function editorOf(recordId: number): Promise<Page> {
  const page = await suite.signedInPage('curie');
  await page.setViewportSize(WIDE_VIEWPORT);
  await page.goto(`/${recordId}/edit`);
  await page.getByTestId('section-generalInformation').waitFor();
  return page;
}

const loincEditor = () => editorOf(LOINC);

const openLists = (page: Page) => page.getByRole('listbox');

/** Where a close-up of one part of a page goes (the whole editor is too tall to read). */
async function screenshotPath(name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return join(SCREENSHOT_DIR, `${name}.png`);
}

describe('record editor: pick lists', () => {
  it('close after a pick and on Escape (subjects, domains, species, countries, object types)', { timeout: 180_000 }, async () => {
    const page = await loincEditor();
    const errors = collectConsoleErrors(page, EXPECTED_FAILURES);
    const general = page.getByTestId('section-generalInformation');
    for (const [label, text] of [['Object types', ''], ['Subjects', 'bio'], ['Domains', 'gene'], ['Species', 'homo'], ['Countries', 'fra']] as const) {
      const box = general.getByRole('combobox', { name: label });
      await box.click();
      await box.fill(text);
      await openLists(page).getByRole('option').first().waitFor();
      await openLists(page).getByRole('option').first().click();
      // Closed after the pick: the next field is not covered.
      await poll(() => openLists(page).count()).toBe(0);
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      await box.fill(text || 'a');
      await openLists(page).getByRole('option').first().waitFor();
      await box.press('Escape');
      await poll(() => openLists(page).count()).toBe(0);
      // Still in the field, so typing opens the list again.
      await box.press('ArrowDown');
      await openLists(page).getByRole('option').first().waitFor();
      await box.press('Escape');
    }
    expect(errors.messages).toEqual([]);
  });

  it('offer the term named exactly first, then the terms starting with the text, then the most used', { timeout: 180_000 }, async () => {
    const page = await loincEditor();
    const domains = page.getByTestId('section-generalInformation').getByRole('combobox', { name: 'Domains' });
    await domains.click();
    await domains.fill('protein');
    const options = openLists(page).getByRole('option');
    await poll(async () => (await options.first().textContent())?.trim()).toBe('protein');
    const labels = (await options.allTextContents()).map((label) => label.trim().toLowerCase());
    const firstNotStarting = labels.findIndex((label) => !label.startsWith('protein'));
    // Every label starting with the text comes before those only containing it.
    if (firstNotStarting >= 0) expect(labels.slice(firstNotStarting).every((label) => !label.startsWith('protein'))).toBe(true);
  });
});

describe('record editor: required fields', () => {
  it('marks every required field and says a refusal beside the field, without the browser popup', { timeout: 180_000 }, async () => {
    const page = await suite.signedInPage('casey');
    await page.setViewportSize(WIDE_VIEWPORT);
    await page.goto('/create');
    await page.getByTestId('type-chooser').getByRole('button', { name: 'terminology artefact' }).click();
    await page.getByLabel('Name').fill('Glacier Mass Balance Terms');
    await page.getByRole('button', { name: 'Check for duplicates' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    const form = page.getByRole('form', { name: 'New record' });
    await form.waitFor();
    for (const label of ['Name', 'Homepage', 'Description', 'Record type', 'Status', 'Object types']) {
      const text = await form.locator('label').filter({ hasText: new RegExp(`^${label}`) }).first().textContent();
      expect(text?.trim(), `${label} is marked required`).toMatch(/\*$/);
    }
    expect(await form.evaluate((element) => (element as HTMLFormElement).noValidate)).toBe(true);
    await page.getByTestId('create-record').click();
    await form.getByTestId('error-objectTypes').getByText(RECORD_MESSAGES.objectTypes).waitFor();
    await form.getByTestId('error-metadata.homepage').waitFor();
    await form.getByTestId('error-metadata.description').waitFor();
    expect(new URL(page.url()).pathname).toBe('/create');
    await saveScreenshot(page, 'editor-forms-refusals-desktop');
    // Measured with the pointer still on the button just pressed: its hover colour must pass too.
    expect(await checkAccessibility(page)).toEqual([]);
  });
});

describe('record editor: selects, organisations and relations', () => {
  it('draws selects as selects, carries the typed name into a new organisation with its types, shows relations as rows and adds one in one step', { timeout: 240_000 }, async () => {
    const page = await loincEditor();
    const errors = collectConsoleErrors(page, EXPECTED_FAILURES);
    await page.getByTestId('section-relations').waitFor();
    // Every select of the editor has its chevron (a plain box read as a text field).
    const selects = await page.getByTestId('editor-sections').evaluate((sections) =>
      Array.from(sections.querySelectorAll('select')).map((select) => ({ label: select.getAttribute('aria-label') ?? select.name, chevron: select.parentElement?.querySelector('svg') !== null })));
    expect(selects.length).toBeGreaterThan(3);
    expect(selects.filter((select) => !select.chevron)).toEqual([]);

    const organisations = page.getByTestId('section-organisations');
    await organisations.getByRole('combobox', { name: 'Organisation', exact: true }).fill('Regenstrief Institute');
    await organisations.getByRole('button', { name: 'The organisation is not listed: create it' }).click();
    const inline = page.getByTestId('new-organisation');
    expect(await inline.getByLabel('Organisation name').inputValue()).toBe('Regenstrief Institute');
    await inline.getByRole('combobox', { name: 'Organisation types' }).click();
    for (const type of ['University', 'Research institute', 'Funder', 'Government body']) {
      await page.getByRole('listbox').getByRole('option', { name: type, exact: true }).waitFor();
    }
    await page.getByRole('listbox').getByRole('option', { name: 'Research institute', exact: true }).click();
    await inline.getByTestId('chosen-organisationTypes').getByText('Research institute').waitFor();

    const relations = page.getByTestId('section-relations');
    expect(await relations.getByRole('checkbox').count()).toBe(0);
    expect(await relations.getByText(/^Remove:/).count()).toBe(0);
    const before = await relations.getByTestId('relation-row').count();
    await relations.getByLabel('Search a record to relate').fill('MIAME');
    const candidate = relations.getByTestId('relation-candidate').filter({ hasText: 'Minimum Information About a Microarray Experiment' }).first();
    await candidate.getByRole('combobox').selectOption({ label: 'related to' });
    await page.getByTestId('outcome-relations').getByText('Record successfully updated!').waitFor();
    const added = relations.getByTestId('relation-row').filter({ hasText: 'Minimum Information About a Microarray Experiment' });
    await added.getByText('related to').waitFor();
    await added.getByRole('link', { name: /Minimum Information About a Microarray Experiment/ }).waitFor();
    expect(await relations.getByTestId('relation-row').count()).toBe(before + 1);
    expect(await page.getByTestId('changes-relations').count()).toBe(0);
    await relations.screenshot({ path: await screenshotPath('editor-forms-relations-desktop') });
    await added.getByRole('button', { name: /^Remove the relation to Minimum Information About a Microarray Experiment/ }).click();
    await poll(() => relations.getByTestId('relation-row').count()).toBe(before);
    expect(errors.messages).toEqual([]);
  });
});

