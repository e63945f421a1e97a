/**
 * The entities a record editor adds or links inline: organisations and organisation links,
 * grants, licence links (with a licence created inline), publications with look-up by DOI or
 * PubMed id against local Crossref/NCBI stand-ins, and tags. Permissions come from the access
 * module; every link change is an edit event of its record and an index intent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { signUserToken } from '@registry/api/http/auth.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';
import { cataloguePublications, publicationServicesConfig, startPublicationServices, type PublicationServices } from '../support/publication-services.ts';
import { startPublicationLookups, type RunningPublicationLookups } from '@registry/api/references/publication-lookup-jobs.ts';

let env: IsolatedEnvironment;
let app: FastifyInstance;
let services: PublicationServices;
let lookups: RunningPublicationLookups;
const tokens: Record<'user' | 'maintainer' | 'curator', string> = { user: '', maintainer: '', curator: '' };
const LOINC = 2;

const as = (who: keyof typeof tokens | null) => (who ? { authorization: `Bearer ${tokens[who]}` } : {});
const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, who: keyof typeof tokens | null, payload?: unknown) =>
  app.inject({ method, url, headers: as(who), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

beforeAll(async () => {
  env = await createIsolatedEnvironment('linked_entities');
  await seedDemoCatalogue(env.db);
  services = await startPublicationServices();
  const ids: Record<string, number> = {};
  for (const [name, role] of [['user', 'user'], ['maintainer', 'user'], ['curator', 'curator']] as const) {
    const [row] = await env.db('users').insert({ username: `${name}-links`, email: `${name}-links@example.org`, role, confirmed_at: env.db.fn.now() }).returning('id');
    ids[name] = row.id;
  }
  await env.db('record_maintainers').insert({ record_id: LOINC, user_id: ids.maintainer });
  const config = publicationServicesConfig(env.config, services);
  app = await buildTestApp(config, { db: env.db });
  // The look-ups are jobs of the worker role.
  lookups = startPublicationLookups(config, { log: { info: () => {}, warn: () => {}, error: () => {} } });
  for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[name] = await signUserToken(app, ids[name]!);
});

afterAll(async () => {
  await app?.close();
  await lookups?.stop();
  await services?.close();
  await env?.cleanup();
});

describe('organisations, grants and organisation links', () => {
  let organisationId: number;
  let grantId: number;

  it('lets signed-in users add organisations and grants, with the rules of the shared schema', async () => {
    expect((await send('POST', '/organisations', null, { organisation: { name: 'Regenstrief Institute' } })).statusCode).toBe(401);
    const badRor = await send('POST', '/organisations', 'user', { organisation: { name: 'Regenstrief Institute', ror_link: 'ror:123' } });
    expect(badRor.statusCode).toBe(400);
    expect(badRor.json().errors.ror_link).toBe('A ROR id looks like https://ror.org/02catss52');
    const created = await send('POST', '/organisations', 'user', { organisation: { name: 'Regenstrief Institute', homepage: 'https://www.regenstrief.org/' } });
    expect(created.statusCode, created.body).toBe(201);
    organisationId = created.json().id;
    const grant = await send('POST', '/grants', 'user', { grant: { name: 'LOINC development', description: '' } });
    expect(grant.statusCode).toBe(201);
    grantId = grant.json().id;
  });

  it('keeps changes to a shared organisation to curators', async () => {
    // Its creator ('user') could; a stranger cannot (tests/records/shared-entities.test.ts has the whole rule).
    expect((await send('PUT', `/organisations/${organisationId}`, 'maintainer', { organisation: { name: 'Regenstrief' } })).statusCode).toBe(403);
    const changed = await send('PUT', `/organisations/${organisationId}`, 'curator', { organisation: { name: 'Regenstrief Institute, Inc.', homepage: 'https://www.regenstrief.org/' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().name).toBe('Regenstrief Institute, Inc.');
    expect(await env.db('index_outbox').where({ entity_type: 'organisation', entity_id: organisationId }).first('id')).toBeDefined();
  });

  it('links organisations to records for whoever may edit the record; grants only with funds', async () => {
    const link = { fairsharing_record_id: LOINC, organisation_id: organisationId, relation: 'maintains', is_lead: true };
    expect((await send('POST', '/organisation_links', 'user', { organisation_link: link })).statusCode).toBe(403);
    const withGrant = await send('POST', '/organisation_links', 'maintainer', { organisation_link: { ...link, grant_id: grantId } });
    expect(withGrant.statusCode).toBe(400);
    expect(withGrant.json().message).toBe('A grant can only be linked with the relation funds');
    const created = await send('POST', '/organisation_links', 'maintainer', { organisation_link: link });
    expect(created.statusCode, created.body).toBe(201);
    const linkId = created.json().id;
    const funded = await send('PUT', `/organisation_links/${linkId}`, 'maintainer', { organisation_link: { relation: 'funds', grant_id: grantId } });
    expect(funded.json()).toMatchObject({ relation: 'funds', grant_id: grantId });
    const event = await env.db('edit_events').where({ record_id: LOINC }).orderBy('id', 'desc').first();
    expect(event.edit_event.section).toBe('organisations');
    expect((await send('DELETE', `/organisation_links/${linkId}`, 'user')).statusCode).toBe(403);
    expect((await send('DELETE', `/organisation_links/${linkId}`, 'maintainer')).json()).toEqual({ message: 'Delete successful !' });
    expect(await env.db('organisation_links').where({ id: linkId }).first()).toBeUndefined();
  });
});

describe('licence links', () => {
  it('creates a licence inline once and links it; removing the link keeps the licence', async () => {
    const payload = { licence_link: { fairsharing_record_id: LOINC, relation: 'applies_to_content', licence_attributes: { name: 'LOINC Licence', url: 'https://loinc.org/license/' } } };
    expect((await send('POST', '/licence_links', 'user', payload)).statusCode).toBe(403);
    const created = await send('POST', '/licence_links', 'maintainer', payload);
    expect(created.statusCode, created.body).toBe(201);
    const again = await send('POST', '/licence_links', 'maintainer', payload);
    expect(again.json().licence_id).toBe(created.json().licence_id);
    const bad = await send('POST', '/licence_links', 'maintainer', { licence_link: { fairsharing_record_id: LOINC, relation: 'owns', licence_id: created.json().licence_id } });
    expect(bad.json().errors.relation).toBe('Relation must be one of applies_to_content, undefined');
    expect((await send('DELETE', `/licence_links/${again.json().id}`, 'maintainer')).statusCode).toBe(200);
    expect(await env.db('licences').where({ id: created.json().licence_id }).first('id')).toBeDefined();
  });
});

describe('publications', () => {
  const [known] = cataloguePublications().filter((publication) => publication.doi && publication.pubmedId);

  it('looks a publication up by DOI through the configured Crossref service', async () => {
    expect((await send('GET', `/publications/lookup?doi=${encodeURIComponent(known!.doi!)}`, null)).statusCode).toBe(401);
    const found = await send('GET', `/publications/lookup?doi=${encodeURIComponent(`https://doi.org/${known!.doi}`)}`, 'user');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ title: known!.title, doi: known!.doi, journal: known!.journal, year: known!.year });
  });

  it('looks a publication up by PubMed id through the configured NCBI service', async () => {
    const found = await send('GET', `/publications/lookup?pubmed_id=${known!.pubmedId}`, 'user');
    expect(found.json()).toMatchObject({ pubmed_id: known!.pubmedId, doi: known!.doi, journal: known!.journal, year: known!.year });
  });

  it('says when nothing has that identifier, and refuses what is not one', async () => {
    expect((await send('GET', '/publications/lookup?doi=10.9999/not.a.real.one', 'user')).statusCode).toBe(404);
    expect((await send('GET', '/publications/lookup?pubmed_id=99999999', 'user')).statusCode).toBe(404);
    const bad = await send('GET', '/publications/lookup?doi=doi-ish', 'user');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Give a DOI (10.xxxx/...) or a PubMed id (digits)');
  });

  it('adds and changes a publication', async () => {
    const lookup = (await send('GET', `/publications/lookup?doi=${encodeURIComponent(known!.doi!)}`, 'user')).json();
    // The demo catalogue holds this DOI already: that publication is answered, none is added.
    const held = await env.db('publications').whereRaw('lower(doi) = lower(?)', [known!.doi]).first('id');
    const reused = await send('POST', '/publications', 'user', { publication: lookup });
    expect(reused.statusCode, reused.body).toBe(200);
    expect(reused.json().id).toBe(held.id);
    const { doi: _heldDoi, ...withoutDoi } = lookup;
    const created = await send('POST', '/publications', 'user', { publication: withoutDoi });
    expect(created.statusCode, created.body).toBe(201);
    const changed = await send('PUT', `/publications/${created.json().id}`, 'user', { publication: { year: 2008 } });
    expect(changed.json()).toMatchObject({ title: known!.title, year: 2008 });
    const invalid = await send('PUT', `/publications/${created.json().id}`, 'user', { publication: { title: '' } });
    expect(invalid.json().errors.title).toBe('Required');
    // Linking it as a citation of LOINC keeps the page's "how to cite" (metadata.citations) in step.
    const linked = await send('PUT', `/fairsharing_records/${LOINC}`, 'maintainer', { section: 'publications', fairsharing_record: { publication_ids: [created.json().id], citation_ids: [created.json().id] } });
    expect(linked.statusCode, linked.body).toBe(200);
    const row = await env.db('records').where({ id: LOINC }).first('metadata');
    expect(row.metadata.citations).toContainEqual({ publication_id: created.json().id });
    expect(await env.db('record_publications').where({ record_id: LOINC, publication_id: created.json().id }).first('is_citation')).toEqual({ is_citation: true });
  });
});

describe('user-defined tags', () => {
  it('stores labels lower-case and answers an existing tag as it is', async () => {
    const first = await send('POST', '/user_defined_tags', 'user', { user_defined_tag: { label: 'Laboratory Observations' } });
    expect(first.statusCode).toBe(201);
    expect(first.json().label).toBe('laboratory observations');
    const second = await send('POST', '/user_defined_tags', 'user', { user_defined_tag: { label: 'LABORATORY observations' } });
    expect(second.json().id).toBe(first.json().id);
  });
});
