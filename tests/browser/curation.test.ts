/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, hence the DOM types.
/**
 * Curation in a real browser against the real server, its own database (the demo catalogue)
 * and its own index with the indexer running: a user creates a record → it awaits approval →
 * a curator approves it → it is in public search; sections are edited and the change shows on
 * the page and in search; two tabs saving the same record → the second gets the conflict
 * message; a duplicate merged into it → its old DOI leads to the canonical page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { IsolatedEnvironment } from '../support/environment.ts';
import { collectConsoleErrors, openPage, poll, reloadedBy, saveScreenshot, type TestServer } from './support/index.ts';
import { startWritableSuite, SUITE_PASSWORD as PASSWORD, type WritableSuite } from './support/writable-suite.ts';

const NAME = 'Laboratory Observation Codes (community copy)';
const EXPECTED_FAILURES = [/401 \(Unauthorized\)/, /409 \(Conflict\)/, /Failed to load resource/];

let suite: WritableSuite;
let environment: IsolatedEnvironment;
let server: TestServer;
let browser: Browser;
let recordId: number;

/** Ids of the public records a search for `q` finds (anonymous GraphQL, as any visitor). */
async function publicSearch(q: string): Promise<number[]> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `{searchFairsharingRecords(q:${JSON.stringify(q)}, perPage: 50){records{id}}}` }),
  });
  const body = (await response.json()) as { data: { searchFairsharingRecords: { records: { id: string }[] } } };
  return body.data.searchFairsharingRecords.records.map((record) => Number(record.id));
}

async function saveSupportContact(page: Page, name: string): Promise<void> {
  const support = page.getByTestId('section-support');
  await support.getByRole('button', { name: 'Add a contact' }).click();
  await support.getByLabel('Contact name').last().fill(name);
  await support.getByLabel('Contact e-mail').last().fill(`${name.toLowerCase().replace(/\W+/g, '.')}@example.org`);
  await page.getByTestId('save-support').click();
}

beforeAll(async () => {
  suite = await startWritableSuite({ name: 'browser_curation', indexer: true });
  ({ environment, server, browser } = suite);
  await suite.addUser('casey');
  await suite.addUser('curie', 'curator');
});

afterAll(async () => {
  await suite?.close();
});

describe('curation in the browser', () => {
  it('a user creates a record, it awaits approval, a curator approves it and it appears in public search', async () => {
    const page = await suite.signedInPage('casey');
    const errors = collectConsoleErrors(page, EXPECTED_FAILURES);
    await page.goto('/create');
    await page.getByTestId('type-chooser').getByRole('button', { name: 'terminology artefact' }).click();
    await page.getByLabel('Name').fill(NAME);
    await page.getByRole('button', { name: 'Check for duplicates' }).click();
    await page.getByTestId('no-duplicates').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Homepage').fill('https://loinc.org/');
    await page.getByLabel('Description').fill('Short.');
    await page.getByTestId('create-record').click();
    await page.getByText('Value is not long enough (6/40)').waitFor();
    await saveScreenshot(page, 'curation-create-invalid');
    // LOINC's own description, reused for the copy.
    const loinc = await environment.db('records').where({ id: 2 }).first('description');
    await page.getByLabel('Description').fill(loinc.description);
    await page.getByRole('combobox', { name: 'Object types' }).click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.getByTestId('create-record').click();
    await page.waitForURL(/\/\d+$/);
    recordId = Number(new URL(page.url()).pathname.slice(1));
    await page.getByTestId('awaiting-approval').waitFor();
    await saveScreenshot(page, 'curation-awaiting-approval');
    expect(await publicSearch(NAME)).not.toContain(recordId);

    const curator = await suite.signedInPage('curie');
    await curator.goto(`/${recordId}`);
    await curator.getByTestId('awaiting-approval').waitFor();
    // The page reloads the approved record: no banner, no Approve button.
    await reloadedBy(curator, () => curator.getByRole('button', { name: 'Approve' }).click());
    await curator.getByRole('link', { name: 'Edit', exact: true }).waitFor();
    expect(await curator.getByTestId('awaiting-approval').count()).toBe(0);
    expect(await curator.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await saveScreenshot(curator, 'curation-approved');
    await poll(() => publicSearch(NAME), { timeout: 20_000 }).toContain(recordId);
    expect(errors.messages).toEqual([]);
  });

  it('edits sections and shows the change on the page and in search', async () => {
    const page = await suite.signedInPage('curie');
    await page.goto(`/${recordId}/edit`);
    await saveSupportContact(page, 'Laboratory Team');
    await page.getByTestId('outcome-support').getByText('Record successfully updated!').waitFor();
    const general = page.getByTestId('section-generalInformation');
    await general.getByLabel('Name').fill(`${NAME} renamed`);
    await page.getByTestId('changes-generalInformation').waitFor();
    await page.getByTestId('save-generalInformation').click();
    await page.getByTestId('outcome-generalInformation').getByText('Record successfully updated!').waitFor();
    // Additional information from the record type's fields, and a relation to LOINC (a standard may be "related to" a standard).
    await page.getByTestId('section-additionalInformation').getByRole('combobox').first().selectOption('true');
    await page.getByTestId('save-additionalInformation').click();
    await page.getByTestId('outcome-additionalInformation').getByText('Record successfully updated!').waitFor();
    const relations = page.getByTestId('section-relations');
    await relations.getByLabel('Search a record to relate').fill('Logical Observation Identifier');
    // One step: the relation type chosen beside the record found saves the relation.
    await relations.getByRole('combobox', { name: 'Relation to Logical Observation Identifier Names and Codes' }).first().selectOption({ label: 'related to' });
    await page.getByTestId('outcome-relations').getByText('Record successfully updated!').waitFor();
    await relations.getByTestId('relation-row').filter({ hasText: 'related to' }).getByRole('link', { name: 'Logical Observation Identifier Names and Codes' }).waitFor();
    await saveScreenshot(page, 'curation-edit-saved');
    await page.goto(`/${recordId}`);
    await page.getByRole('heading', { name: `${NAME} renamed` }).first().waitFor();
    await page.getByText('Laboratory Team').first().waitFor();
    await page.locator('#additional-information').getByText('Associated Tools').waitFor();
    await page.getByRole('link', { name: /Logical Observation Identifier Names and Codes/ }).first().waitFor();
    await poll(() => publicSearch(`${NAME} renamed`), { timeout: 20_000 }).toContain(recordId);
  });

  it('refuses the second of two tabs saving the same record with who changed it', async () => {
    const first = await suite.signedInPage('curie');
    const second = await openPage(browser, server.url, { storageState: await first.context().storageState() });
    await first.goto(`/${recordId}/edit`);
    await second.goto(`/${recordId}/edit`);
    await first.getByTestId('section-support').waitFor();
    await second.getByTestId('section-support').waitFor();
    await saveSupportContact(first, 'First Tab');
    await first.getByTestId('outcome-support').getByText('Record successfully updated!').waitFor();
    await saveSupportContact(second, 'Second Tab');
    await second.getByTestId('outcome-support').getByText(/was changed by curie/).waitFor();
    await saveScreenshot(second, 'curation-conflict');
  });

  it('renames an imported record that names no object type: the form neither demands them nor sends an empty list', async () => {
    // The catalogue's imported standards name no object types; the API lets a save leave them unset.
    const imported = await environment.db('records as r').join('record_types as t', 't.id', 'r.record_type_id').where('t.name', 'terminology_artefact')
      .where('r.homepage', 'like', 'http%').whereRaw('length(r.description) >= 40').whereIn('r.status', ['ready', 'in_development', 'uncertain'])
      .whereNotExists((query) => query.select(1).from('record_object_types as o').whereRaw('o.record_id = r.id'))
      .orderBy('r.id').first('r.id', 'r.name');
    const page = await suite.signedInPage('curie');
    const errors = collectConsoleErrors(page);
    await page.goto(`/${imported.id}/edit`);
    await page.getByTestId('section-generalInformation').getByLabel('Name').fill(`${imported.name} (renamed)`);
    await page.getByTestId('save-generalInformation').click();
    await page.getByTestId('outcome-generalInformation').getByText('Record successfully updated!').waitFor();
    expect(await page.getByText('Select at least one object type').count()).toBe(0);
    expect((await environment.db('records').where({ id: imported.id }).first('name')).name).toBe(`${imported.name} (renamed)`);
    expect(errors.messages).toEqual([]);
  });

  it('merges a duplicate: its old DOI leads to the canonical page', async () => {
    const duplicate = await environment.db('records').whereNotNull('doi').whereNot({ id: 2 }).orderBy('id').first('id', 'doi');
    const signIn = await fetch(`${server.url}/users/sign_in`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: { login: 'curie', password: PASSWORD } }),
    });
    const { jwt } = (await signIn.json()) as { jwt: string };
    const merged = await fetch(`${server.url}/fairsharing_records/${duplicate.id}/merge`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` }, body: JSON.stringify({ into: recordId }),
    });
    expect(merged.status).toBe(200);
    const page = await openPage(browser, server.url);
    await page.goto(`/${duplicate.doi}`);
    await page.waitForURL(new RegExp(`/${recordId}$`));
    await page.getByRole('heading', { name: `${NAME} renamed` }).first().waitFor();
    await saveScreenshot(page, 'curation-merged-doi');
  });
});
