/**
 * DOIs through DataCite's REST API, against a local fake speaking its JSON:API: an approved,
 * visible, complete record gets a DOI (registered with its title, registry and landing page,
 * stored with an edit event and an index intent, found by its DOI); unapproved, hidden or
 * incomplete records do not; a DataCite failure leaves the record for the next run; DataCite is
 * called through the egress module (the local fake is reached only through the allow-list); a
 * withdrawn record's DOI is updated (when, why, its successor) and keeps its landing page; the
 * configuration is checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from '@registry/platform';
import { signUserToken } from '@registry/api/http/auth.ts';
import { mintPendingDois, updateWithdrawnDois, type DoiDeps } from '@registry/api/dois/doi-service.ts';
import { dataciteEgress } from '@registry/api/dois/datacite-client.ts';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { startFakeDatacite, type FakeDatacite } from '../../scripts/datacite-fake/datacite-fake.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';

let env: IsolatedEnvironment;
let app: FastifyInstance;
let datacite: FakeDatacite;
let deps: DoiDeps;
const warnings: string[] = [];
let due: { id: number; name: string };
let unapproved: { id: number };
let hidden: { id: number };

beforeAll(async () => {
  env = await createIsolatedEnvironment('dois');
  await seedDemoCatalogue(env.db);
  // FAIRsharing's own prefix: record look-ups by DOI know it.
  datacite = await startFakeDatacite({ prefix: '10.25504' });
  app = await buildTestApp(env.config, { db: env.db });
  const db = env.db;
  // Fixtures: only three records without a DOI are complete; one is due, one unapproved, one hidden.
  await db('records').whereNull('doi').update({ is_complete: false });
  const candidates = await db('records').whereNull('doi').where({ is_approved: true, is_hidden: false }).orderBy('id').limit(3).select('id', 'name');
  expect(candidates).toHaveLength(3);
  [due, unapproved, hidden] = candidates;
  await db('records').whereIn('id', candidates.map((record) => record.id)).update({ is_complete: true });
  await db('records').where({ id: unapproved.id }).update({ is_approved: false });
  await db('records').where({ id: hidden.id }).update({ is_hidden: true });
  deps = {
    db,
    publisher: null,
    datacite: { apiUrl: datacite.url, prefix: datacite.prefix, repositoryId: datacite.repositoryId, password: datacite.password },
    egress: dataciteEgress({ egressAllow: [new URL(datacite.url).host], siteName: 'FAIRsharing', publicUrl: 'http://registry.test' }),
    publicUrl: 'http://registry.test',
    siteName: 'FAIRsharing',
    warn: (message) => warnings.push(message),
  };
}, 180_000);

afterAll(async () => {
  await app?.close();
  await datacite?.close();
  await env?.cleanup();
});

describe('DOI minting', () => {
  it('does not call a DataCite URL on an internal address that the allow-list does not name', async () => {
    const refusals: unknown[] = [];
    const egress = dataciteEgress({ egressAllow: [], siteName: 'FAIRsharing', publicUrl: 'http://registry.test' });
    expect(await mintPendingDois({ ...deps, egress, warn: (_message, error) => refusals.push(error) })).toEqual([]);
    expect(String(refusals[0])).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(datacite.dois.size).toBe(0);
    expect((await env.db('records').where({ id: due.id }).first('doi')).doi).toBeNull();
  });

  it('leaves the record for the next run when DataCite fails or refuses the credentials', async () => {
    datacite.failNext(503);
    expect(await mintPendingDois(deps)).toEqual([]);
    expect(await mintPendingDois({ ...deps, datacite: { ...deps.datacite, password: 'wrong' } })).toEqual([]);
    expect(warnings).toEqual([`DOI not registered for record ${due.id}`, `DOI not registered for record ${due.id}`]);
    expect((await env.db('records').where({ id: due.id }).first('doi')).doi).toBeNull();
  });

  it('registers an approved, visible, complete record and stores its DOI', async () => {
    const minted = await mintPendingDois(deps);
    expect(minted.map((item) => item.id)).toEqual([due.id]);
    const doi = minted[0].doi;
    expect(doi).toMatch(/^10\.25504\/FAIRsharing\.[a-z0-9]{6}$/);
    const registered = datacite.dois.get(doi.toLowerCase())!;
    expect(registered).toMatchObject({ doi, event: 'publish', titles: [{ title: due.name }], publisher: 'FAIRsharing', url: `http://registry.test/${doi}` });
    expect(registered.types).toMatchObject({ resourceType: expect.stringMatching(/^(Standard|Database|Policy|Collection)$/) });
    expect((await env.db('records').where({ id: due.id }).first('doi')).doi).toBe(doi);
    const event = await env.db('edit_events').where({ record_id: due.id, edit_type: 'doi' }).first('edit_event');
    expect(event.edit_event).toEqual({ section: 'doi', changes: { doi: { before: null, after: doi } } });
    expect(await env.db('index_outbox').where({ entity_type: 'record', entity_id: due.id }).first('id')).toBeDefined();
    const found = await app.inject({ method: 'POST', url: '/graphql', payload: { query: `{ fairsharingRecord(id: "${doi}") { id doi } }` } });
    expect(found.json().data.fairsharingRecord).toEqual({ id: String(due.id), doi });
  });

  it('does not register unapproved or hidden records, nor a record twice; approval makes one due', async () => {
    expect(await mintPendingDois(deps)).toEqual([]);
    expect(datacite.dois.size).toBe(1);
    const [row] = await env.db('users').insert({ username: 'doi-curator', email: 'doi-curator@example.org', role: 'curator', confirmed_at: new Date() }).returning('id');
    const token = await signUserToken(app, Number(row.id));
    expect((await app.inject({ method: 'POST', url: `/fairsharing_records/${unapproved.id}/approve`, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    expect((await mintPendingDois(deps)).map((item) => item.id)).toEqual([unapproved.id]);
    expect((await env.db('records').where({ id: hidden.id }).first('doi')).doi).toBeNull();
  });
});

describe('the record page', () => {
  it('says why a record has no DOI yet', async () => {
    const [row] = await env.db('users').insert({ username: 'doi-reader', email: 'doi-reader@example.org', role: 'curator', confirmed_at: new Date() }).returning('id');
    const token = await signUserToken(app, Number(row.id));
    const reason = async (id: number) => {
      const answer = await app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${token}` }, payload: { query: `{ fairsharingRecord(id: ${id}) { missingDoiReason } }` } });
      return answer.json().data.fairsharingRecord.missingDoiReason;
    };
    expect(await reason(due.id)).toBeNull();
    expect(await reason(hidden.id)).toBe('hidden');
    const incomplete = await env.db('records').whereNull('doi').where({ is_approved: true, is_hidden: false, is_complete: false }).first('id');
    expect(await reason(incomplete.id)).toBe('incomplete');
  });
});

describe('a withdrawn record\'s DOI', () => {
  it('is updated at DataCite by the DOI job: the landing page stays (the tombstone), the metadata says when, why and what replaces it', async () => {
    const { doi } = await env.db('records').where({ id: due.id }).first('doi');
    expect(doi).toMatch(/^10\.25504\//);
    const successor = await env.db('records').where({ is_approved: true, is_hidden: false }).whereNotNull('doi').whereNot({ id: due.id }).orderBy('id').first('id', 'doi');
    const [row] = await env.db('users').insert({ username: 'doi-super', email: 'doi-super@example.org', role: 'super_curator', confirmed_at: new Date() }).returning('id');
    const token = await signUserToken(app, Number(row.id));
    const withdrawn = await app.inject({
      method: 'DELETE', url: `/fairsharing_records/${due.id}`, headers: { authorization: `Bearer ${token}` },
      payload: { reason: 'Superseded by a broader standard', successor_id: successor.id },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    // The landing page answers the tombstone.
    expect((await app.inject({ url: `/fairsharing_record/${doi}` })).statusCode).toBe(410);

    datacite.failNext(503);
    warnings.length = 0;
    expect(await updateWithdrawnDois(deps)).toEqual([]);
    expect(warnings).toEqual([`DOI of withdrawn record ${due.id} not updated`]);
    expect(await updateWithdrawnDois(deps)).toEqual([due.id]);
    const registered = datacite.dois.get(doi.toLowerCase())!;
    const today = new Date().toISOString().slice(0, 10);
    expect(registered).toMatchObject({
      doi, url: `http://registry.test/${doi}`, titles: [{ title: due.name }],
      descriptions: [{ description: `Withdrawn on ${today}: Superseded by a broader standard`, descriptionType: 'Other' }],
      relatedIdentifiers: [{ relatedIdentifier: successor.doi, relatedIdentifierType: 'DOI', relationType: 'IsObsoletedBy' }],
    });
    // Told once.
    expect(await updateWithdrawnDois(deps)).toEqual([]);
  });
});

describe('DataCite configuration', () => {
  const base = { JWT_SECRET: 'a-test-secret-that-is-long-enough-0123456789' };
  it('is off without a repository id and checked when given', () => {
    expect(loadConfig(base).datacite).toBeNull();
    expect(() => loadConfig({ ...base, DATACITE_REPOSITORY_ID: 'X.Y' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, DATACITE_REPOSITORY_ID: 'X.Y', DATACITE_PASSWORD: 'p', DATACITE_PREFIX: 'FAIRsharing' })).toThrow(/DATACITE_PREFIX/);
    expect(loadConfig({ ...base, DATACITE_REPOSITORY_ID: 'X.Y', DATACITE_PASSWORD: 'p', DATACITE_PREFIX: '10.25504', DATACITE_URL: 'https://api.test.datacite.org/' }).datacite)
      .toEqual({ apiUrl: 'https://api.test.datacite.org', prefix: '10.25504', repositoryId: 'X.Y', password: 'p' });
  });
});
