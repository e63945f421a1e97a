/**
 * A withdrawn record's page in a real browser (issue 32): a super curator deletes a public record
 * of the catalogue with a reason and a successor; its URL answers 410 Gone and the page shows the
 * tombstone with the reason and a link that leads to the successor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IsolatedEnvironment } from '../support/environment.ts';
import { checkAccessibility, openPage, type TestServer } from './support/index.ts';
import { startWritableSuite, SUITE_PASSWORD, type WritableSuite } from './support/writable-suite.ts';

let suite: WritableSuite;
let environment: IsolatedEnvironment;
let server: TestServer;
let gone: { id: number; name: string; doi: string };
let successor: { id: number; name: string; doi: string };
const REASON = 'Superseded by a newer version maintained by the same community';

beforeAll(async () => {
  suite = await startWritableSuite({ name: 'browser_withdrawn_record' });
  ({ environment, server } = suite);
  await suite.addUser('sam', 'super_curator');
  [gone, successor] = await environment.db('records').where({ is_approved: true, is_hidden: false }).whereNotNull('doi').orderBy('id').limit(2).select('id', 'name', 'doi');
  const signIn = await fetch(`${server.url}/users/sign_in`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: { login: 'sam', password: SUITE_PASSWORD } }),
  });
  const { jwt } = (await signIn.json()) as { jwt: string };
  const deleted = await fetch(`${server.url}/fairsharing_records/${gone.id}`, {
    method: 'DELETE', headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` }, body: JSON.stringify({ reason: REASON, successor_id: successor.id }),
  });
  expect(deleted.status, await deleted.text()).toBe(200);
}, 240_000);

afterAll(async () => {
  await suite?.close();
});

describe('a withdrawn record', () => {
  it('answers 410 and shows its tombstone with the reason and the successor link', { timeout: 240_000 }, async () => {
    const page = await openPage(suite.browser, server.url);
    const response = await page.goto(`/${gone.id}`);
    expect(response?.status()).toBe(410);
    const tombstone = page.getByTestId('withdrawn-record');
    await tombstone.waitFor();
    expect(await tombstone.getByRole('heading', { level: 1 }).textContent()).toContain(gone.name);
    expect(await page.getByTestId('withdrawal-reason').textContent()).toBe(REASON);
    expect(await tombstone.textContent()).toContain(gone.doi);
    expect(await checkAccessibility(page)).toEqual([]);
    await page.getByTestId('withdrawal-successor').click();
    await page.getByTestId('record-page').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${successor.id}`);
  });
});
