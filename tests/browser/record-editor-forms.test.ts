/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, hence the DOM types.
/**
 * The record editor's form behaviour in a real browser against the real server and its own
 * database (the demo catalogue): pick lists close after a pick and on Escape; a searched term
 * named exactly is offered first; a maintainer proposes a new keyword, which the public lists show
 * once a curator names it; required fields are marked and refusals are said beside the
 * field (no browser popup); selects look like selects; the new-organisation form starts from the
 * typed name and offers organisation types; relations read as rows and are added in one step;
 * descriptions are Markdown (previewed in the editor, rendered safely on the record page and in
 * search results). The editor is photographed at 1280 and 390 px and passes axe-core.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RECORD_MESSAGES } from '@registry/schemas/forms/record-sections.ts';
import { checkAccessibility, collectConsoleErrors, PHONE_VIEWPORT, poll, saveScreenshot, SCREENSHOT_DIR } from './support/index.ts';
import { startWritableSuite, type WritableSuite } from './support/writable-suite.ts';

/** LOINC, a standard the catalogue knows well. */
const LOINC = 2;
const WIDE_VIEWPORT = { width: 1280, height: 900 };
const EXPECTED_FAILURES = [/401 \(Unauthorized\)/, /Failed to load resource/];

let suite: WritableSuite;
/** Public records whose general information saves as it is (a homepage, a long enough description): casey maintains the first. */
let caseysRecord: { id: number; name: string };
let describedRecord: { id: number; name: string };

beforeAll(async () => {
  // The indexer runs so that a saved description reaches the search results.
  suite = await startWritableSuite({ name: 'browser_editor_forms', indexer: true });
  await suite.addUser('curie', 'curator');
  const casey = await suite.addUser('casey');
  // The catalogue's LOINC has no homepage, so a save of its general information is refused.
  [caseysRecord, describedRecord] = await suite.environment.db('records').where({ is_approved: true, is_hidden: false, status: 'ready' })
    .where('homepage', 'like', 'http%').whereRaw('length(description) >= 40').orderBy('id').limit(2).select('id', 'name');
  await suite.environment.db('record_maintainers').insert({ record_id: caseysRecord.id, user_id: casey });
});

/** Waits for a section's save to answer, and expects success (a failure shows its message). */
async function savedWell(page: Page, section: string): Promise<void> {
  const outcome = page.getByTestId(`outcome-${section}`);
  await outcome.waitFor();
  expect(await outcome.textContent()).toContain('Record successfully updated!');
}

/** The keywords anyone (no sign-in) finds for `q`: the public list. */
async function publicKeywords(q: string): Promise<string[]> {
  const answer = await fetch(`${suite.server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `{searchUserDefinedTags(q:${JSON.stringify(q)}){label}}` }),
  });
  const body = (await answer.json()) as { data: { searchUserDefinedTags: { label: string }[] } };
  return body.data.searchUserDefinedTags.map((tag) => tag.label);
}

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

describe('record editor: new keywords', () => {
  it('a maintainer proposes one: it shows on their record at once, and in the public list once a curator names it', { timeout: 240_000 }, async () => {
    const page = await suite.signedInPage('casey');
    const errors = collectConsoleErrors(page, EXPECTED_FAILURES);
    await page.setViewportSize(WIDE_VIEWPORT);
    await page.goto(`/${caseysRecord.id}/edit`);
    const general = page.getByTestId('section-generalInformation');
    const keywords = general.getByRole('combobox', { name: 'Keywords' });
    await keywords.click();
    await keywords.fill('Glacier');
    await page.getByTestId('propose-userDefinedTags').getByText('Add the new keyword “glacier”').waitFor();
    await keywords.press('Enter');
    await general.getByTestId('chosen-userDefinedTags').getByText('glacier', { exact: true }).waitFor();
    await poll(() => openLists(page).count()).toBe(0);
    await page.getByTestId('save-generalInformation').click();
    await savedWell(page, 'generalInformation');
    await page.goto(`/${caseysRecord.id}`);
    await page.getByText('glacier', { exact: true }).first().waitFor();
    // Not in the public list until a curator names it.
    expect(await publicKeywords('glacier')).toEqual([]);
    expect(errors.messages).toEqual([]);

    // The curator finds the proposal in the list and names it on another record: it is approved.
    const curator = await editorOf(describedRecord.id);
    const curatorKeywords = curator.getByTestId('section-generalInformation').getByRole('combobox', { name: 'Keywords' });
    await curatorKeywords.click();
    await curatorKeywords.fill('glacier');
    await openLists(curator).getByRole('option', { name: 'glacier', exact: true }).click();
    await curator.getByTestId('save-generalInformation').click();
    await savedWell(curator, 'generalInformation');
    expect(await publicKeywords('glacier')).toEqual(['glacier']);
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

describe('record descriptions: Markdown', () => {
  const MARKDOWN = " See the **users' guide** at [example.org](https://example.org/guide), not [this](javascript:alert(1)) nor <b>raw HTML</b>.";

  it('previews a description in the editor and renders it sanitised on the record page and in search results', { timeout: 240_000 }, async () => {
    const page = await editorOf(describedRecord.id);
    const errors = collectConsoleErrors(page, EXPECTED_FAILURES);
    const general = page.getByTestId('section-generalInformation');
    const description = general.getByLabel('Description');
    const text = `${await description.inputValue()}${MARKDOWN}`;
    await description.fill(text);
    await general.getByTestId('description-preview-toggle').click();
    const preview = general.getByTestId('description-preview');
    await preview.locator('strong', { hasText: "users' guide" }).waitFor();
    expect(await preview.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(['https://example.org/guide']);
    await page.getByTestId('save-generalInformation').click();
    await savedWell(page, 'generalInformation');

    await page.goto(`/${describedRecord.id}`);
    const shown = page.getByTestId('record-description');
    await shown.locator('strong', { hasText: "users' guide" }).waitFor();
    expect(await shown.locator('a').evaluateAll((links) => links.map((link) => [link.getAttribute('href'), link.getAttribute('rel')]))).toEqual([
      ['https://example.org/guide', 'nofollow noopener noreferrer'],
    ]);
    // Raw HTML is text, and the javascript: link stays text.
    expect(await shown.locator('b').count()).toBe(0);
    expect(await shown.textContent()).toContain('<b>raw HTML</b>');
    expect(await shown.textContent()).toContain('[this](javascript:alert(1))');

    // The search results show the same Markdown, inline, with the matched words marked.
    await poll(async () => {
      await page.goto(`/search?q=${encodeURIComponent(`${describedRecord.name} users guide`)}`);
      const row = page.getByTestId('search-result').filter({ has: page.getByRole('link', { name: describedRecord.name, exact: true }) }).first();
      await row.waitFor();
      return row.locator('[data-description] strong').count();
    }, { timeout: 60_000 }).toBeGreaterThan(0);
    const row = page.getByTestId('search-result').filter({ has: page.getByRole('link', { name: describedRecord.name, exact: true }) }).first();
    expect(await row.locator('[data-description]').textContent()).not.toContain('**');
    expect(await row.locator('[data-description] b').count()).toBe(0);
    await saveScreenshot(page, 'editor-forms-markdown-search');
    expect(errors.messages).toEqual([]);
  });
});

describe('the record editor at 1280 and 390 px', () => {
  it('is photographed at both widths and axe-core finds no WCAG 2.2 AA violation', { timeout: 240_000 }, async () => {
    const page = await loincEditor();
    await page.getByTestId('section-relations').waitFor();
    await page.getByTestId('section-generalInformation').getByTestId('description-preview-toggle').click();
    for (const [width, viewport] of [['desktop', WIDE_VIEWPORT], ['phone', PHONE_VIEWPORT]] as const) {
      await page.setViewportSize(viewport);
      await saveScreenshot(page, `editor-forms-${width}`);
      for (const section of ['generalInformation', 'organisations', 'relations']) {
        await page.getByTestId(`section-${section}`).screenshot({ path: await screenshotPath(`editor-forms-${width}-${section}`) });
      }
      expect(await checkAccessibility(page), `axe at ${viewport.width} px`).toEqual([]);
    }
  });
});
