/**
 * SPEC §7 calls answered since issue 26: POST /zenodo {doi} (against a local Zenodo stand-in),
 * POST /users/auth/identify_user (the same answer for any login), and PUT /users with
 * preferences and organisations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { signUserToken } from '@registry/api/http/auth.ts';
import { DIGEST_PREFERENCE } from '@registry/schemas/forms/community.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from './support.ts';
import { cataloguePublications, publicationServicesConfig, startPublicationServices, type PublicationServices } from '../support/publication-services.ts';
import { startPublicationLookups, type RunningPublicationLookups } from '@registry/api/references/publication-lookup-jobs.ts';

let env: IsolatedEnvironment;
let app: FastifyInstance;
let services: PublicationServices;
let lookups: RunningPublicationLookups;
let userId: number;
let token = '';
let organisationIds: number[] = [];

const send = (method: 'POST' | 'PUT' | 'GET', url: string, signedIn: boolean, payload?: unknown) =>
  app.inject({ method, url, headers: signedIn ? { authorization: `Bearer ${token}` } : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

beforeAll(async () => {
  env = await createIsolatedEnvironment('spec_calls');
  services = await startPublicationServices();
  const [user] = await env.db('users').insert({ username: 'spec-calls', email: 'spec-calls@example.org', role: 'user', confirmed_at: env.db.fn.now() }).returning('id');
  userId = user.id;
  organisationIds = (await env.db('organisations').insert([{ name: 'Regenstrief Institute' }, { name: 'University of Oxford' }]).returning('id')).map((row: { id: number }) => row.id);
  const config = publicationServicesConfig(env.config, services);
  app = await buildTestApp(config, { db: env.db });
  // The look-ups are jobs of the worker role.
  lookups = startPublicationLookups(config, { log: { info: () => {}, warn: () => {}, error: () => {} } });
  token = await signUserToken(app, userId);
});

afterAll(async () => {
  await app?.close();
  await lookups?.stop();
  await services?.close();
  await env?.cleanup();
});

describe('POST /zenodo {doi}', () => {
  const known = cataloguePublications().find((publication) => publication.doi && publication.year && publication.authors);

  it('answers the publication fields of the Zenodo record with that DOI, bare or as its address', async () => {
    expect((await send('POST', '/zenodo', false, { doi: known!.doi })).statusCode).toBe(401);
    const found = await send('POST', '/zenodo', true, { doi: `https://doi.org/${known!.doi}` });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ title: known!.title, doi: known!.doi, year: known!.year, pubmed_id: null });
    expect(found.json().authors).toContain(known!.authors!.split(',')[0]!.trim());
  });

  it('says 404 for a DOI Zenodo does not hold and 400 for what is not a DOI', async () => {
    expect((await send('POST', '/zenodo', true, { doi: '10.5281/zenodo.0' })).statusCode).toBe(404);
    const bad = await send('POST', '/zenodo', true, { doi: 'zenodo-ish' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Give a DOI');
    expect((await send('POST', '/zenodo', true, {})).statusCode).toBe(400);
  });
});

describe('POST /users/auth/identify_user', () => {
  it('gives the same answer for an account that exists and one that does not', async () => {
    const existing = await send('POST', '/users/auth/identify_user', false, { user: { login: 'spec-calls' } });
    const unknown = await send('POST', '/users/auth/identify_user', false, { user: { login: 'nobody-has-this-name' } });
    expect(existing.statusCode).toBe(200);
    expect(existing.json()).toEqual({ methods: ['password'], suggested: 'password' });
    expect(unknown.json()).toEqual(existing.json());
    expect((await send('POST', '/users/auth/identify_user', false, {})).statusCode).toBe(400);
  });
});

describe('PUT /users with preferences and organisations', () => {
  it('saves a preference and the list of organisations, and answers them', async () => {
    const saved = await send('PUT', '/users', true, { user: { preferences: { [DIGEST_PREFERENCE]: false }, organisation_ids: organisationIds } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().user.preferences).toEqual({ [DIGEST_PREFERENCE]: false });
    expect(saved.json().user.organisations.map((organisation: { name: string }) => organisation.name)).toEqual(['Regenstrief Institute', 'University of Oxford']);
    const narrowed = await send('PUT', '/users', true, { user: { organisation_ids: [organisationIds[1]] } });
    expect(narrowed.json().user.organisations).toEqual([{ id: organisationIds[1], name: 'University of Oxford' }]);
    const own = (await send('GET', '/users/edit', true)).json();
    expect(own.preferences).toEqual({ [DIGEST_PREFERENCE]: false });
    expect(own.organisations).toEqual([{ id: organisationIds[1], name: 'University of Oxford' }]);
  });

  it('refuses unknown preferences, unknown organisations and duplicate ids without saving anything', async () => {
    const unknownPreference = await send('PUT', '/users', true, { user: { preferences: { colour: true } } });
    expect(unknownPreference.statusCode).toBe(422);
    expect(unknownPreference.json().errors['preferences.colour']).toEqual(['colour is not a preference']);
    const unknown = await send('PUT', '/users', true, { user: { first_name: 'Changed', organisation_ids: [2_000_000_000] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.organisation_ids[0]).toBe('Unknown organisation 2000000000');
    expect((await send('PUT', '/users', true, { user: { organisation_ids: [organisationIds[0], organisationIds[0]] } })).statusCode).toBe(400);
    expect(await env.db('users').where({ id: userId }).first('first_name')).toEqual({ first_name: null });
  });
});
