/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, hence the DOM types.
/**
 * The curator's screens in a real browser against the real server and its own database (the
 * demo catalogue): the approvals table fits a 1366 px screen (every cell inside the viewport, the
 * type as a label) and stays usable on a phone; a curator merges a user's resubmission of a
 * catalogue record from the dashboard (Merge on its row → the merge tab → a confirmation showing
 * both side by side and what moves) and the kept record's history says so, or from the duplicate's record page ("Merge
 * into…", curators only); a curator hides a record and shows it again from its page (Hide/Unhide
 * beside Edit, a "Hidden from the public" banner meanwhile); a record's history names relations, licences and
 * vocabulary instead of ids; /create's type picker shows labels with the reference data's
 * descriptions, and the duplicate check's fields have labels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { IsolatedEnvironment } from '../support/environment.ts';
import { checkAccessibility, collectConsoleErrors, PHONE_VIEWPORT, poll, reloadedBy, saveScreenshot, saveScreenshotsAtBothWidths, type TestServer } from './support/index.ts';
import { startWritableSuite, SUITE_PASSWORD, type WritableSuite } from './support/writable-suite.ts';

interface CatalogueRecord {
  id: number;
  name: string;
  homepage: string;
  description: string;
  record_type_id: number;
}

let suite: WritableSuite;
let environment: IsolatedEnvironment;
let server: TestServer;
/** A terminology artefact of the catalogue, and a user's resubmission of it awaiting approval. */
let kept: CatalogueRecord;
let duplicateId: number;
let duplicateName: string;
let objectTypeIds: number[];

async function tokenOf(login: string): Promise<string> {
  const response = await fetch(`${server.url}/users/sign_in`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: { login, password: SUITE_PASSWORD } }),
  });
  return ((await response.json()) as { jwt: string }).jwt;
}

async function send(token: string, method: 'POST' | 'PUT', path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Every box inside the viewport's width: nothing clipped or pushed off to the right. */
async function outsideViewport(page: Page, locator: Locator): Promise<string[]> {
  const width = page.viewportSize()!.width;
  const outside: string[] = [];
  for (const element of await locator.all()) {
    const box = await element.boundingBox();
    if (box && (box.x < 0 || box.x + box.width > width + 0.5)) outside.push(`${(await element.textContent())?.trim()} at ${Math.round(box.x)}+${Math.round(box.width)}`);
  }
  return outside;
}

beforeAll(async () => {
  suite = await startWritableSuite({ name: 'browser_curator_merge_history' });
  ({ environment, server } = suite);
  await suite.addUser('ursula');
  await suite.addUser('sam', 'super_curator');
  const typeId = (await environment.db('record_types').where({ name: 'terminology_artefact' }).first('id')).id as number;
  kept = await environment.db('records')
    .where({ record_type_id: typeId, is_approved: true, is_hidden: false })
    .whereNotNull('homepage').whereNot({ description: '' })
    .orderBy('id').first('id', 'name', 'homepage', 'description', 'record_type_id');
  // The catalogue links no record to an object type; the user's form asks for one, and a terminology describes metadata.
  objectTypeIds = await environment.db('object_types').where({ label: 'Metadata' }).pluck('id');
  duplicateName = `${kept.name} (submitted again)`;
  const created = await send(await tokenOf('ursula'), 'POST', '/fairsharing_records', {
    fairsharing_record: {
      metadata: { name: duplicateName, homepage: kept.homepage, description: kept.description, status: 'ready' },
      record_type_id: kept.record_type_id,
      object_type_ids: objectTypeIds,
    },
  });
  duplicateId = Number((created.data as { id: string }).id);
}, 240_000);

afterAll(async () => {
  await suite?.close();
});

describe('the curator dashboard', () => {
  it('fits the approvals table on a 1366 px screen with type labels, and keeps it usable on a phone', { timeout: 240_000 }, async () => {
    const page = await suite.signedInPage('sam');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/curator');
    const table = page.getByTestId('awaiting-approval');
    const row = page.getByTestId(`awaiting-approval-row-${duplicateId}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Terminology artefact');
    expect(await table.textContent()).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    expect(await outsideViewport(page, table.locator('th, td, button, a, select'))).toEqual([]);
    // Nothing to scroll sideways: the table is as wide as its region.
    const region = table.locator('..');
    expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
    await row.getByRole('button', { name: `Delete ${duplicateName}` }).waitFor();
    expect(await checkAccessibility(page)).toEqual([]);
    await saveScreenshot(page, 'curator-approvals-1366');

    await page.setViewportSize(PHONE_VIEWPORT);
    // The page itself never scrolls sideways; the table scrolls inside its region, and its last action can be reached.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    const remove = row.getByRole('button', { name: `Delete ${duplicateName}` });
    await remove.scrollIntoViewIfNeeded();
    expect(await outsideViewport(page, remove)).toEqual([]);
    await saveScreenshot(page, 'curator-approvals-phone');
  });

  it('merges a duplicate from the dashboard after a confirmation naming both records', { timeout: 240_000 }, async () => {
    const page = await suite.signedInPage('sam');
    const errors = collectConsoleErrors(page);
    await page.goto('/curator');
    await page.getByTestId(`awaiting-approval-row-${duplicateId}`).getByRole('link', { name: `Merge ${duplicateName} into another record` }).click();
    await page.getByRole('tab', { name: 'Merge duplicates', selected: true }).waitFor();
    await poll(async () => page.getByTestId('merge-duplicate-chosen').textContent().catch(() => '')).toContain(duplicateName);

    await page.getByLabel('Record to keep').fill(String(kept.id));
    await page.getByRole('button', { name: `Choose ${kept.name} (record ${kept.id})` }).click();
    expect(await page.getByTestId('merge-kept-chosen').textContent()).toContain(kept.name);
    await page.getByRole('button', { name: 'Merge…' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Merge ${duplicateName} into ${kept.name}?` });
    await dialog.waitFor();
    const confirmation = await dialog.getByTestId('merge-confirmation').textContent();
    expect(confirmation).toContain(`${duplicateName} (record ${duplicateId})`);
    expect(confirmation).toContain(`${kept.name} (record ${kept.id})`);
    // The two records side by side, field by field, before anything is merged.
    const comparison = dialog.getByTestId('merge-comparison');
    await comparison.waitFor();
    expect(await comparison.getByRole('columnheader').allTextContents()).toEqual(['Field', 'Duplicate (removed)', 'Kept']);
    expect(await comparison.getByRole('rowheader').allTextContents()).toEqual(['Name', 'Abbreviation', 'Homepage', 'Registry', 'DOI', 'Relations', 'Maintainers']);
    const keptRow = await environment.db('records').where({ id: kept.id }).first('doi', 'abbreviation');
    const cells = async (field: string) => comparison.getByRole('row').filter({ has: page.getByRole('rowheader', { name: field, exact: true }) }).getByRole('cell').allTextContents();
    expect(await cells('Name')).toEqual([`${duplicateName} (record ${duplicateId})`, `${kept.name} (record ${kept.id})`]);
    expect(await cells('Homepage')).toEqual([kept.homepage, kept.homepage]);
    expect(await cells('DOI')).toEqual(['none', keptRow.doi ?? 'none']);
    expect((await cells('Abbreviation'))[1]).toBe(keptRow.abbreviation || 'none');
    // What the merge moves: the duplicate's object type, which the catalogue record lacks.
    expect(await dialog.getByTestId('merge-moves').textContent()).toContain('Object types (1): Metadata');
    expect(await checkAccessibility(page)).toEqual([]);
    await page.setViewportSize(PHONE_VIEWPORT);
    expect(await checkAccessibility(page)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });
    await saveScreenshotsAtBothWidths(page, 'curator-merge-confirmation');
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();

    const done = page.getByTestId('form-success');
    await done.waitFor();
    expect(await done.textContent()).toBe(`${duplicateName} was merged into ${kept.name}.`);
    expect(await environment.db('records').where({ id: duplicateId }).first('id')).toBeUndefined();
    await saveScreenshot(page, 'curator-merge-done');

    // The answer links to the kept record, whose history names the merged record.
    await done.getByRole('link', { name: kept.name }).click();
    await page.waitForURL(new RegExp(`/${kept.id}$`));
    await page.getByRole('button', { name: 'History of changes' }).click();
    const history = page.getByTestId('record-history');
    await history.waitFor();
    expect(await history.textContent()).toContain(`Merged ${duplicateName} (record ${duplicateId}) into this record`);
    expect(errors.messages).toEqual([]);
  });
});

describe('a record page', () => {
  it('lets a curator merge the record into another with "Merge into…", and goes to the kept record', { timeout: 240_000 }, async () => {
    const name = `${kept.name} (sent a third time)`;
    const created = await send(await tokenOf('ursula'), 'POST', '/fairsharing_records', {
      fairsharing_record: {
        metadata: { name, homepage: kept.homepage, description: kept.description, status: 'ready' },
        record_type_id: kept.record_type_id,
        object_type_ids: objectTypeIds,
      },
    });
    const id = Number((created.data as { id: string }).id);
    // Its creator sees the record but no merge.
    const creator = await suite.signedInPage('ursula');
    await creator.goto(`/${id}`);
    await creator.getByTestId('record-page').waitFor();
    await creator.getByRole('button', { name: 'History of changes' }).waitFor();
    expect(await creator.getByRole('button', { name: 'Merge into…' }).count()).toBe(0);
    await creator.context().close();

    const page = await suite.signedInPage('sam');
    // The server answers an unpublished record's address 404 (it cannot know the session); the app then shows it to its curator.
    const errors = collectConsoleErrors(page, [/404 \(Not Found\)/]);
    await page.goto(`/${id}`);
    await page.getByRole('button', { name: 'Merge into…' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Merge ${name} into…` });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Merge', exact: true }).isDisabled()).toBe(true);
    // An id naming no record says so (the API answers it with an error, not a null record).
    await dialog.getByLabel('Record to keep').fill('999999');
    await dialog.getByText('No record matches.').waitFor();
    await dialog.getByLabel('Record to keep').fill(String(kept.id));
    await dialog.getByRole('button', { name: `Choose ${kept.name} (record ${kept.id})` }).click();
    const confirmation = await dialog.getByTestId('merge-confirmation').textContent();
    expect(confirmation).toContain(`${name} (record ${id})`);
    expect(confirmation).toContain(`${kept.name} (record ${kept.id})`);
    expect(await checkAccessibility(page)).toEqual([]);
    await saveScreenshotsAtBothWidths(page, 'record-page-merge-into');
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();

    await page.waitForURL(new RegExp(`/${kept.id}$`));
    expect(await environment.db('records').where({ id }).first('id')).toBeUndefined();
    await page.getByRole('button', { name: 'History of changes' }).click();
    await poll(async () => page.getByTestId('record-history').textContent().catch(() => '')).toContain(`Merged ${name} (record ${id}) into this record`);
    expect(errors.messages).toEqual([]);
  });
});

describe('a hidden record', () => {
  it('is hidden and shown again with Hide/Unhide beside Edit, and carries a "Hidden from the public" banner meanwhile', { timeout: 240_000 }, async () => {
    const record = await environment.db('records')
      .where({ is_approved: true, is_hidden: false }).whereNot({ id: kept.id })
      .orderBy('id', 'desc').first('id', 'name');
    // A user who may not hide it sees neither the action nor a banner.
    const user = await suite.signedInPage('ursula');
    await user.goto(`/${record.id}`);
    await user.getByRole('button', { name: 'History of changes' }).waitFor();
    expect(await user.getByTestId('hide-record').count()).toBe(0);
    expect(await user.getByTestId('hidden-record').count()).toBe(0);
    await user.context().close();

    const page = await suite.signedInPage('sam');
    // Once hidden, the server answers the record's address 404 (it cannot know the session); the app then shows it to its curator.
    const errors = collectConsoleErrors(page, [/404 \(Not Found\)/]);
    await page.goto(`/${record.id}`);
    // The record's actions: Edit, then Hide.
    const actions = page.getByTestId('record-actions');
    await actions.getByRole('link', { name: 'Edit', exact: true }).waitFor();
    await actions.getByRole('button', { name: 'Hide', exact: true }).waitFor();
    expect(await page.getByTestId('hidden-record').count()).toBe(0);
    await reloadedBy(page, () => actions.getByRole('button', { name: 'Hide', exact: true }).click());
    const banner = page.getByTestId('hidden-record');
    await banner.waitFor();
    expect(await banner.getByText('Hidden from the public', { exact: true }).count()).toBe(1);
    expect((await environment.db('records').where({ id: record.id }).first('is_hidden')).is_hidden).toBe(true);
    expect(await checkAccessibility(page)).toEqual([]);
    await saveScreenshotsAtBothWidths(page, 'record-hidden-banner');

    await reloadedBy(page, () => page.getByRole('button', { name: 'Unhide', exact: true }).click());
    await page.getByRole('button', { name: 'Hide', exact: true }).waitFor();
    expect(await page.getByTestId('hidden-record').count()).toBe(0);
    expect((await environment.db('records').where({ id: record.id }).first('is_hidden')).is_hidden).toBe(false);
    expect(errors.messages).toEqual([]);
  });
});

describe('a record’s history', () => {
  it('names relations and licences instead of showing their ids', { timeout: 240_000 }, async () => {
    const db = environment.db;
    const policyRegistry = (await db('registries').where({ name: 'Policy' }).first('id')).id as number;
    const recommends = await db('relation_types').where({ name: 'recommends' }).first('id', 'description');
    const policy = await db('records').where({ registry_id: policyRegistry, is_approved: true, is_hidden: false }).orderBy('id').first('id', 'name');
    const standard = await db('records')
      .where({ is_approved: true, is_hidden: false, record_type_id: kept.record_type_id })
      .whereNotIn('id', db('record_associations').where({ record_id: policy.id }).select('linked_record_id'))
      .orderBy('id').first('id', 'name');
    const licence = await db('licences').orderBy('id').first('id', 'name');
    const curator = await tokenOf('sam');
    await send(curator, 'PUT', `/fairsharing_records/${policy.id}`, {
      fairsharing_record: { record_associations_attributes: [{ linked_record_id: standard.id, record_assoc_label_id: recommends.id }] },
    });
    if (licence) await send(curator, 'POST', '/licence_links', { licence_link: { fairsharing_record_id: policy.id, licence_id: licence.id } });

    const page = await suite.signedInPage('ursula');
    await page.goto(`/${policy.id}`);
    await page.getByRole('button', { name: 'History of changes' }).click();
    const history = page.getByTestId('record-history');
    await history.waitFor();
    const text = (await history.textContent()) ?? '';
    expect(text).toContain(`${recommends.description}: ${standard.name}`);
    if (licence) expect(text).toContain(`Licence: ${licence.name}; Relation: Unspecified`);
    expect(text).not.toMatch(/linkedRecordId|relationTypeId|licence_id|record_id|[{}"]/);
    expect(await checkAccessibility(page)).toEqual([]);
    await saveScreenshotsAtBothWidths(page, 'record-history-names');
  });

  it('shows a changed description whole, before and after', { timeout: 240_000 }, async () => {
    const record = await environment.db('records').where({ id: kept.id }).first('id', 'name', 'homepage', 'description', 'status', 'record_type_id');
    const added = ' It is cross-referenced from this registry’s records.';
    await send(await tokenOf('sam'), 'PUT', `/fairsharing_records/${kept.id}`, {
      fairsharing_record: {
        record_type_id: record.record_type_id,
        object_type_ids: objectTypeIds,
        metadata: { name: record.name, homepage: record.homepage, description: `${record.description}${added}`, status: record.status },
      },
    });
    const page = await suite.signedInPage('ursula');
    await page.goto(`/${kept.id}#history`);
    const change = page.getByTestId('record-history').getByRole('row').filter({ hasText: 'Description' }).first();
    await change.waitFor();
    const cells = change.getByRole('cell');
    expect((await cells.nth(1).textContent())?.trim()).toBe(record.description);
    expect((await cells.nth(2).textContent())?.trim()).toBe(`${record.description}${added}`);
  });
});

describe('/create', () => {
  it('offers record types by label with their descriptions, and labels the duplicate check’s fields', { timeout: 240_000 }, async () => {
    const page = await suite.signedInPage('ursula');
    await page.goto('/create');
    const chooser = page.getByTestId('type-chooser');
    await chooser.waitFor();
    const types = (await environment.db('record_types').select('name', 'description')) as { name: string; description: string }[];
    const terminology = types.find((type) => type.name === 'terminology_artefact')!;
    const option = chooser.getByTestId('record-type-terminology_artefact');
    expect((await option.textContent())?.trim()).toBe(`Terminology artefact${terminology.description}`);
    // Each option's first line is its label: words starting with a capital, never the stored key.
    const labels = await chooser.locator('button p:first-child').allTextContents();
    expect(labels.length).toBe(types.length);
    expect(labels.filter((label) => !/^[A-Z]/.test(label) || label.includes('_'))).toEqual([]);
    expect(labels).toContain('FAIRassist');
    expect(await checkAccessibility(page)).toEqual([]);
    await saveScreenshotsAtBothWidths(page, 'create-type-picker');

    await option.click();
    const check = page.getByTestId('duplicate-check');
    await check.waitFor();
    expect(await check.locator('label').allTextContents()).toEqual(['Name', 'Abbreviation', 'Homepage']);
    await page.getByLabel('Name').fill(kept.name);
    expect(await checkAccessibility(page)).toEqual([]);
    await saveScreenshotsAtBothWidths(page, 'create-duplicate-check');
  });
});
