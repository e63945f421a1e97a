/**
 * The web app offers what the access module allows the signed-in viewer, in a real browser: a
 * maintainer's editor has no curator fields and a fixed record type, a curator's has both; Delete
 * on a record page is for super curators; the users list sends anyone else to login.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWritableSuite, type WritableSuite } from './support/writable-suite.ts';

const LOINC = 2;
let suite: WritableSuite;

beforeAll(async () => {
  suite = await startWritableSuite({ name: 'browser_web_permissions' });
  const maintainer = await suite.addUser('mae', 'user');
  await suite.environment.db('record_maintainers').insert({ record_id: LOINC, user_id: maintainer });
  await suite.addUser('curie', 'curator');
  await suite.addUser('sue', 'super_curator');
});

afterAll(async () => {
  await suite?.close();
});

describe('web permissions follow the access module', () => {
  it('gives a maintainer the general fields without curator notes, hidden flag or type change', async () => {
    const page = await suite.signedInPage('mae');
    await page.goto(`${suite.server.url}/${LOINC}/edit`);
    await page.getByTestId('record-type').waitFor();
    expect(await page.getByTestId('record-type').isDisabled()).toBe(true);
    expect(await page.getByText('Only curators change the type of a record.').count()).toBe(1);
    expect(await page.getByLabel('Curator notes (curators only)').count()).toBe(0);
    expect(await page.getByText('Hidden from the public').count()).toBe(0);
    await page.goto(`${suite.server.url}/${LOINC}`);
    await page.getByRole('link', { name: 'Edit' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await page.context().close();
  });

  it('gives a curator the curator fields and the type; Delete only to a super curator', async () => {
    const page = await suite.signedInPage('curie');
    await page.goto(`${suite.server.url}/${LOINC}/edit`);
    await page.getByTestId('record-type').waitFor();
    expect(await page.getByTestId('record-type').isDisabled()).toBe(false);
    await page.getByLabel('Curator notes (curators only)').waitFor();
    await page.goto(`${suite.server.url}/${LOINC}`);
    await page.getByRole('link', { name: 'Edit' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await page.context().close();

    const superPage = await suite.signedInPage('sue');
    await superPage.goto(`${suite.server.url}/${LOINC}`);
    await superPage.getByRole('button', { name: 'Delete' }).waitFor();
    await superPage.context().close();
  });

  it('sends a curator from the users list (user.admin) to login, and lets a super curator in', async () => {
    const page = await suite.signedInPage('curie');
    await page.goto(`${suite.server.url}/profiles/usersList`);
    await page.waitForURL(/\/accounts\/login\?goTo=/);
    await page.context().close();
    const superPage = await suite.signedInPage('sue');
    await superPage.goto(`${suite.server.url}/profiles/usersList`);
    await superPage.getByRole('heading', { name: /users/i }).first().waitFor();
    expect(superPage.url()).toContain('/profiles/usersList');
    await superPage.context().close();
  });
});
