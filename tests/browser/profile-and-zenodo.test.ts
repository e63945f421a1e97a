/**
 * Issue 26, item 17 in the browser: /profiles/edit saves the organisations a user belongs to
 * (PUT /users organisation_ids), and the record editor fills a publication from Zenodo by DOI
 * (POST /zenodo, against the local Zenodo stand-in, a look-up job of the worker) or, with no worker,
 * says to fill the fields in by hand; the login form points an ORCID iD to ORCID
 * sign-in (POST /users/auth/identify_user).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectConsoleErrors, openPage, saveScreenshot } from './support/index.ts';
import { startWritableSuite, type WritableSuite } from './support/writable-suite.ts';
import { startPublicationLookups, type RunningPublicationLookups } from '@registry/api/references/publication-lookup-jobs.ts';
import { cataloguePublications, publicationServicesConfig, startPublicationServices, type PublicationServices } from '../support/publication-services.ts';

const MIAME = 96;

let suite: WritableSuite;
let publicationServices: PublicationServices;
let lookups: RunningPublicationLookups | undefined;
const QUIET_LOG = { info: () => {}, warn: () => {}, error: () => {} };
let userId: number;

beforeAll(async () => {
  publicationServices = await startPublicationServices();
  suite = await startWritableSuite({
    name: 'browser_profile_zenodo',
    // ORCID sign-in configured (its issuer is never reached: no one follows the link here).
    // A look-up waits 2 s for the worker (the last Zenodo test stops it).
    env: { ORCID_CLIENT_ID: 'registry-test', ORCID_CLIENT_SECRET: 'unused', ORCID_ISSUER_URL: 'http://127.0.0.1:9', PUBLICATION_LOOKUP_WAIT_MS: '2000' },
  });
  // The look-ups are jobs of the worker role, which reaches the stand-ins through the egress allow-list.
  lookups = startPublicationLookups(publicationServicesConfig(suite.environment.config, publicationServices), { log: QUIET_LOG });
  userId = await suite.addUser('lise');
  await suite.addUser('curie', 'curator');
  await suite.environment.db('organisations').insert([{ name: 'Regenstrief Institute' }, { name: 'University of Oxford' }]);
});

afterAll(async () => {
  await lookups?.stop();
  await suite?.close();
  await publicationServices?.close();
});

describe('/profiles/edit', () => {
  it('adds and removes the organisations the user belongs to, and keeps them', async () => {
    const page = await suite.signedInPage('lise');
    const errors = collectConsoleErrors(page);
    await page.goto('/profiles/edit');
    const form = page.getByRole('form', { name: 'Edit your profile' });
    const organisations = form.getByRole('combobox', { name: 'Your organisations' });
    for (const [typed, name] of [['regen', 'Regenstrief Institute'], ['oxford', 'University of Oxford']]) {
      await organisations.click();
      await organisations.fill(typed!);
      await page.getByRole('listbox').getByRole('option', { name: name! }).click();
    }
    // Leaving the pick-list closes its options, which cover the button below.
    await organisations.press('Tab');
    await saveScreenshot(page, 'profile-edit-organisations');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await page.waitForURL('**/accounts/profile');
    const saved = async () =>
      ((await suite.environment.db('user_organisations').join('organisations', 'organisations.id', 'organisation_id').where({ user_id: userId }).orderBy('name').select('name')) as { name: string }[]).map((row) => row.name);
    expect(await saved()).toEqual(['Regenstrief Institute', 'University of Oxford']);

    await page.goto('/profiles/edit');
    const chosen = page.getByTestId('chosen-organisations');
    await chosen.getByText('University of Oxford').waitFor();
    await chosen.getByRole('button', { name: 'Remove Regenstrief Institute' }).click();
    await page.getByRole('form', { name: 'Edit your profile' }).getByRole('button', { name: 'Save profile' }).click();
    await page.waitForURL('**/accounts/profile');
    expect(await saved()).toEqual(['University of Oxford']);
    expect(errors.messages).toEqual([]);
    await page.context().close();
  });
});

describe('record editor: a publication from Zenodo', () => {
  it('fills the publication fields from the Zenodo record with the DOI', async () => {
    const paper = cataloguePublications().find((publication) => publication.doi === '10.1038/ng1201-365')!;
    const page = await suite.signedInPage('curie');
    await page.goto(`/${MIAME}/edit`);
    const section = page.getByTestId('section-publications');
    await section.waitFor();
    await section.getByLabel('DOI or PubMed id').fill(`https://doi.org/${paper.doi}`);
    await section.getByRole('button', { name: 'Find in Zenodo' }).click();
    const draft = page.getByTestId('publication-draft');
    await draft.waitFor();
    expect(await draft.getByLabel('Publication title').inputValue()).toBe(paper.title);
    expect(await draft.getByLabel('Publication year').inputValue()).toBe(String(paper.year));
    await saveScreenshot(page, 'editor-zenodo-lookup');
    await page.context().close();
  });

  it('says to fill the fields in by hand when no worker answers the look-up', async () => {
    await lookups?.stop();
    lookups = undefined;
    const paper = cataloguePublications().find((publication) => publication.doi && publication.doi !== '10.1038/ng1201-365')!;
    const page = await suite.signedInPage('curie');
    await page.goto(`/${MIAME}/edit`);
    const section = page.getByTestId('section-publications');
    await section.waitFor();
    await section.getByLabel('DOI or PubMed id').fill(paper.doi!);
    await section.getByRole('button', { name: 'Find in Zenodo' }).click();
    await page.getByTestId('publication-problem').getByText('The publication service did not answer; try again later or fill the fields in by hand.').waitFor();
    expect(await page.getByTestId('publication-draft').count()).toBe(0);
    await page.context().close();
  });
});

describe('login form', () => {
  it('points an ORCID iD typed as the login to ORCID sign-in, and a username to nothing else', async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto('/accounts/login');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Username or email').fill('https://orcid.org/0000-0002-1825-0097');
    const suggestion = page.getByTestId('sign-in-suggestion');
    await suggestion.getByRole('link', { name: 'log in with ORCID' }).waitFor();
    expect(await suggestion.getByRole('link', { name: 'log in with ORCID' }).getAttribute('href')).toBe('/users/auth/orcid');
    await saveScreenshot(page, 'login-orcid-suggestion');
    await form.getByLabel('Username or email').fill('lise');
    await suggestion.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
