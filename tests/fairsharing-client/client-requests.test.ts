/**
 * FAIRsharing's own web client against this registry: the requests it sends (`requests/`, read
 * from its source, see README.md) for the editor, record creation, the profile's pick lists, the
 * curator dashboard, DOI import and its ORCID e-mail page, each sent as the client sends it, and
 * what the client reads back checked in the shape it reads.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { signUserToken } from '@registry/api/http/auth.ts';
import { MAX_EXPENSIVE_IN_FLIGHT } from '@registry/api/http/expensive-requests.ts';
import { startPublicationLookups, type RunningPublicationLookups } from '@registry/api/references/publication-lookup-jobs.ts';
import { startAccountsHarness, type AccountsHarness } from '../accounts/support.ts';
import { cataloguePublications, startPublicationServices, type PublicationServices } from '../support/publication-services.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const fixture = (name: string): Json => JSON.parse(readFileSync(new URL(`./requests/${name}.json`, import.meta.url), 'utf8'));

let harness: AccountsHarness;
let services: PublicationServices;
let lookups: RunningPublicationLookups;
const tokens = { curator: '', maintainer: '', user: '', orcidUser: '' };
let maintainerId = 0;
/** A standard whose general information passes today's rules (record 2 has no homepage), which the maintainer edits. */
let edited = 0;
let addressCounter = 0;

async function send(options: InjectOptions & { token?: string; remoteAddress?: string }) {
  const { token, headers, remoteAddress, ...rest } = options;
  addressCounter += 1;
  return harness.app.inject({
    remoteAddress: remoteAddress ?? `10.31.0.${addressCounter % 250 + 1}`,
    ...rest,
    headers: { accept: 'application/json', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
}

async function graphql(query: string, token?: string, remoteAddress?: string) {
  const response = await send({ method: 'POST', url: '/graphql', payload: { query }, token, remoteAddress });
  return { status: response.statusCode, body: response.json() as Json };
}

/** The client's editor query for a record (the fixture's, for record 2), with its id. */
const editorQuery = (id: number) => (fixture('editor-record').body.query as string).replace('fairsharingRecord(id:2 )', `fairsharingRecord(id:${id} )`);

async function readForEditor(id: number, token: string): Promise<Json> {
  const answer = await graphql(editorQuery(id), token);
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  return answer.body.data.fairsharingRecord;
}

/**
 * The body src/store/recordData.js updateGeneralInformation builds from what the editor read
 * (the fields it takes out and the lists it maps to ids), with `edit` applied to the metadata.
 */
function generalInformationBody(read: Json, edit: Json = {}): Json {
  const ids = (list: { id: string }[]) => list.map((item) => item.id);
  return {
    fairsharing_record: {
      metadata: { ...read.metadata, deprecation_reason: read.metadata.deprecation_reason || '', status: read.status, ...edit },
      registry: read.registry,
      name: read.name,
      curator_notes: read.curatorNotes ?? undefined,
      is_dataset: false,
      country_ids: ids(read.countries),
      hidden: read.isHidden,
      object_type_ids: ids(read.objectTypes),
      domain_ids: ids(read.domains),
      subject_ids: ids(read.subjects),
      taxonomy_ids: ids(read.taxonomies),
      maintainer_ids: ids(read.maintainers),
      watcher_ids: ids(read.watchers),
      user_defined_tag_ids: ids(read.userDefinedTags),
    },
  };
}

const put = (id: number, body: Json, token: string) => send({ method: 'PUT', url: `/fairsharing_records/${id}`, payload: body, token });

beforeAll(async () => {
  services = await startPublicationServices();
  harness = await startAccountsHarness('fairsharing_client', {
    publicationResolvers: { crossrefUrl: services.crossrefUrl, ncbiUrl: services.ncbiUrl, zenodoUrl: services.zenodoUrl },
  });
  lookups = startPublicationLookups({ ...harness.config, egressAllow: [services.host] }, { log: { info: () => {}, warn: () => {}, error: () => {} }, egress: { hostDelayMs: 0 } });
  const { db } = harness.env;
  await seedDemoCatalogue(db);
  const user = async (username: string, role: string, email: string | null = `${username}@example.org`) =>
    Number((await db('users').insert({ username, email, role, confirmed_at: db.fn.now() }).returning('id'))[0].id);
  tokens.curator = await signUserToken(harness.app, await user('fs-curator', 'super_curator'));
  maintainerId = await user('fs-maintainer', 'user');
  tokens.maintainer = await signUserToken(harness.app, maintainerId);
  tokens.user = await signUserToken(harness.app, await user('fs-user', 'user'));
  // An account made by ORCID sign-in, which shares no e-mail address.
  tokens.orcidUser = await signUserToken(harness.app, await user('0000-0002-1825-0097', 'user', null));
  await db('record_maintainers').insert({ record_id: 2, user_id: maintainerId });
  edited = Number((await db('records as r').join('registries as g', 'g.id', 'r.registry_id')
    .where('g.name', 'Standard').where({ 'r.is_approved': true, 'r.is_hidden': false, 'r.status': 'ready' })
    .whereNotNull('r.homepage').whereRaw("r.homepage LIKE 'https://%' AND length(r.description) BETWEEN 60 AND 2000")
    .orderBy('r.id').first('r.id')).id);
  await db('record_maintainers').insert({ record_id: edited, user_id: maintainerId });
}, 240_000);

afterAll(async () => {
  await lookups?.stop();
  await harness?.close();
  await services?.close();
});

describe('1. the editor reads the metadata and saves in the client\'s shape', () => {
  it('answers name, abbreviation, homepage, description and status inside metadata (GraphQL and REST), and beside it', async () => {
    const read = await readForEditor(2, tokens.maintainer);
    expect(read.metadata).toMatchObject({ name: read.name, abbreviation: read.abbreviation, homepage: read.homepage, description: read.description, status: read.status });
    expect(read.metadata.name).toBe('Logical Observation Identifier Names and Codes');
    const rest = await send({ method: 'GET', url: '/fairsharing_records/2' });
    expect(rest.statusCode).toBe(200);
    const attributes = rest.json().data.attributes;
    expect(attributes.metadata).toMatchObject({ name: attributes.name, homepage: attributes.homepage, description: attributes.description, status: attributes.status });
  });

  it('takes the save the client sent while metadata was empty: unchanged keys change nothing', async () => {
    const sent = fixture('general-information-save');
    const read = await readForEditor(2, tokens.curator);
    // The fixture is what the client sent for this record: its lists are the record's.
    expect(sent.body.fairsharing_record.subject_ids.map(Number).sort()).toEqual(read.subjects.map((subject: Json) => Number(subject.id)).sort());
    const body = structuredClone(sent.body);
    body.fairsharing_record.domain_ids = read.domains.map((domain: Json) => domain.id);
    // The client sends the maintainers it read (none then; this suite made one since).
    body.fairsharing_record.maintainer_ids = read.maintainers.map((maintainer: Json) => maintainer.id);
    const before = await harness.env.db('records').where({ id: 2 }).first('revision', 'name', 'homepage', 'description');
    const response = await put(2, body, tokens.curator);
    expect(response.statusCode, response.body).toBe(200);
    const after = await harness.env.db('records').where({ id: 2 }).first('revision', 'name', 'homepage', 'description');
    expect(after).toEqual(before);
  });

  it("saves a maintainer's edit of the general information built from what the editor read, and nothing else", async () => {
    const read = await readForEditor(edited, tokens.maintainer);
    const description = `${read.description} Edited through FAIRsharing's editor.`;
    const response = await put(edited, generalInformationBody(read, { description, year_creation: 1994 }), tokens.maintainer);
    expect(response.statusCode, response.body).toBe(200);
    const again = await readForEditor(edited, tokens.maintainer);
    expect(again.description).toBe(description);
    expect(again.metadata).toMatchObject({ description, year_creation: 1994, name: read.name, homepage: read.homepage });
    expect(again.subjects).toEqual(read.subjects);
    const [event] = await harness.env.db('edit_events').where({ record_id: edited }).orderBy('id', 'desc').limit(1).select('edit_event');
    expect(Object.keys(event.edit_event.changes).sort()).toEqual(['description', 'metadata']);
  });

  it('saves contacts sent inside metadata by the additional-information save, and takes its echo of the rest as no change', async () => {
    const read = await readForEditor(edited, tokens.maintainer);
    const contacts = [{ contact_name: 'Clem McDonald', contact_email: 'loinc@regenstrief.org' }];
    const response = await put(edited, { fairsharing_record: { metadata: { ...read.metadata, contacts } } }, tokens.maintainer);
    expect(response.statusCode, response.body).toBe(200);
    expect((await readForEditor(edited, tokens.maintainer)).metadata.contacts).toEqual(contacts);
  });

  it('still answers 403 by the field table for a key the viewer may not write, and nothing is saved', async () => {
    const read = await readForEditor(edited, tokens.maintainer);
    const maintainers = await put(edited, generalInformationBody(read, { description: `${read.description} More.` }), tokens.maintainer);
    expect(maintainers.statusCode).toBe(200);
    const body = generalInformationBody(read, { description: `${read.description} Not saved.` });
    body.fairsharing_record.maintainer_ids = [...body.fairsharing_record.maintainer_ids, '1'];
    const refused = await put(edited, body, tokens.maintainer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/maintainer_ids/);
    const forged = await put(edited, { fairsharing_record: { metadata: { ...read.metadata, legacy_logs: [{ note: 'forged' }] }, registry: read.registry } }, tokens.maintainer);
    expect(forged.statusCode).toBe(403);
    expect((await readForEditor(edited, tokens.maintainer)).description).toBe(`${read.description} More.`);
  });
});

describe('2. creating a record without object types, as the client\'s create form does', () => {
  async function createAsClient(token: string, name: string) {
    const { db } = harness.env;
    const body = structuredClone(fixture('create-record').body);
    Object.assign(body.fairsharing_record.metadata, {
      name,
      homepage: 'https://www.w3.org/TR/shacl/',
      description: 'Shapes Constraint Language, a language for validating RDF graphs against a set of conditions.',
    });
    body.fairsharing_record.record_type_id = Number((await db('record_types').where({ name: 'model_and_format' }).first('id')).id);
    body.fairsharing_record.country_ids = [Number((await db('countries').where({ code: 'GB' }).first('id')).id)];
    return send({ method: 'POST', url: '/fairsharing_records', payload: body, token });
  }

  it('creates it (the body names no object types), then the editor sets them and a curator approves it', async () => {
    const created = await createAsClient(tokens.user, 'SHACL shapes (client create)');
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.id);
    // The editor sets them afterwards (general information, whole-record shape).
    const read = await readForEditor(id, tokens.user);
    expect(read.objectTypes).toEqual([]);
    const objectType = await harness.env.db('object_types').orderBy('id').first('id', 'label');
    const body = generalInformationBody(read);
    body.fairsharing_record.object_type_ids = [String(objectType.id)];
    const saved = await put(id, body, tokens.user);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await readForEditor(id, tokens.user)).objectTypes.map((type: Json) => Number(type.id))).toEqual([objectType.id]);
    const approved = await send({ method: 'POST', url: `/fairsharing_records/${id}/approve`, token: tokens.curator });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('still refuses a save that empties them', async () => {
    const created = await createAsClient(tokens.curator, 'SHACL shapes (curator create)');
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.id);
    const objectType = await harness.env.db('object_types').orderBy('id').first('id');
    const read = await readForEditor(id, tokens.curator);
    const body = generalInformationBody(read);
    body.fairsharing_record.object_type_ids = [String(objectType.id)];
    expect((await put(id, body, tokens.curator)).statusCode).toBe(200);
    body.fairsharing_record.object_type_ids = [];
    const emptied = await put(id, body, tokens.curator);
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().errors.object_type_ids).toBe('Select at least one object type');
  });
});

describe('3. the edit-profile page asks three pick lists at once', () => {
  it('answers all three, and a client already running the most expensive requests still gets the small lists', async () => {
    const [organisations, types, countries] = fixture('edit-profile-pick-lists').requests.map((request: Json) => request.body.query as string);
    const client = '10.31.1.1';
    const answers = await Promise.all([organisations, types, countries].map((query) => graphql(query, tokens.user, client)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers[2].body.data.searchCountries.length).toBeGreaterThan(200);

    await harness.app.redis.set(harness.app.expensiveInFlightKey(`user:${(await harness.env.db('users').where({ username: 'fs-user' }).first('id')).id}`), String(MAX_EXPENSIVE_IN_FLIGHT));
    expect((await graphql(countries, tokens.user, client)).status).toBe(200);
    expect((await graphql(types, tokens.user, client)).status).toBe(200);
    // A whole list that is not kept as bytes still counts.
    expect((await graphql(organisations, tokens.user, client)).status).toBe(429);
    // A vocabulary answer kept as bytes costs next to nothing: once another client has asked it, it does not count.
    const taxonomies = '{searchTaxonomies{ id label}}';
    expect((await graphql(taxonomies, tokens.user, client)).status).toBe(429);
    expect((await graphql(taxonomies, tokens.maintainer, '10.31.1.3')).status).toBe(200);
    expect((await graphql(taxonomies, tokens.user, client)).status).toBe(200);
  });
});

describe("4. the curator dashboard's least recently updated record", () => {
  it('is one record with the date it was last changed, and the summary lists carry dates', async () => {
    const [least, summary] = fixture('curator-dashboard').requests.map((request: Json) => request.body.query as string);
    const answer = await graphql(least, tokens.curator);
    expect(answer.body.errors).toBeUndefined();
    const record = answer.body.data.leastRecentlyUpdated;
    expect(record).toEqual({ id: expect.any(String), name: expect.any(String), updatedAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(record.updatedAt))).toBe(false);
    const whole = await graphql(summary, tokens.curator);
    expect(whole.body.errors).toBeUndefined();
    expect(whole.body.data.curationSummary.leastRecentlyUpdated[0]).toHaveProperty('updatedAt');
    const paged = await graphql('{ leastRecentlyUpdatedRecords(page: 1, perPage: 3) { id updatedAt } }', tokens.curator);
    expect(paged.body.data.leastRecentlyUpdatedRecords).toHaveLength(3);
  });
});

describe('5. DOI import in the publication editor', () => {
  const paper = cataloguePublications().find((publication) => publication.doi && publication.authors && publication.year)!;
  const [citationRequest] = fixture('doi-import').requests as Json[];

  it('answers GET /zenodo?doi= with a Crossref-style citation, and POST /zenodo with a Zenodo record, through the look-up jobs', async () => {
    const url = citationRequest.path.replace('<DOI, URI-encoded>', encodeURIComponent(paper.doi!));
    const citation = await send({ method: 'GET', url, token: tokens.user });
    expect(citation.statusCode, citation.body).toBe(200);
    expect(citation.headers['content-type']).toMatch(/^application\/json/);
    const csl = citation.json();
    expect(csl).toMatchObject({ DOI: paper.doi, title: paper.title, issued: { 'date-parts': [[paper.year]] } });
    expect(csl.metadata).toBeUndefined();
    expect(csl.author.map((author: Json) => author.name)).toEqual(paper.authors!.split(',').map((name) => name.trim()).filter(Boolean));

    const zenodo = await send({ method: 'POST', url: '/zenodo', payload: { doi: paper.doi }, token: tokens.user });
    expect(zenodo.statusCode, zenodo.body).toBe(200);
    const record = zenodo.json();
    expect(record.metadata).toMatchObject({ title: paper.title, publication_date: String(paper.year) });
    expect(record.metadata.creators.length).toBeGreaterThan(0);
    // This registry's own editor reads the publication fields beside it.
    expect(record).toMatchObject({ title: paper.title, doi: paper.doi, year: paper.year });
    expect(services.requests.some((path) => path.startsWith('/crossref/works/'))).toBe(true);
    expect(services.requests.some((path) => path.startsWith('/zenodo/records'))).toBe(true);
  });

  it('answers the publication the registry already holds for an imported DOI, and adds no second one', async () => {
    const url = citationRequest.path.replace('<DOI, URI-encoded>', encodeURIComponent(paper.doi!));
    const csl = (await send({ method: 'GET', url, token: tokens.user })).json();
    const body = structuredClone(fixture('publication-create').body);
    const year = csl.issued['date-parts'][0][0];
    Object.assign(body.publication, {
      journal: csl['container-title-short'] || csl['container-title'] || csl.title, doi: csl.DOI, title: csl.title, url: csl.URL, year,
      authors: csl.author.map((author: Json) => `${[author.family, author.given].filter(Boolean).join(', ') || author.name}; `).join(''),
    });
    const held = () => harness.env.db('publications').whereRaw('lower(doi) = lower(?)', [paper.doi]).pluck('id');
    const before = await held();
    expect(before.length).toBe(1);
    for (let time = 0; time < 2; time += 1) {
      const response = await send({ method: 'POST', url: '/publications', payload: body, token: tokens.user });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: before[0], doi: paper.doi });
    }
    expect(await held()).toEqual(before);
  });

  it('answers 404 for a DOI Crossref does not know, so the client asks Zenodo next', async () => {
    const response = await send({ method: 'GET', url: `/zenodo?doi=${encodeURIComponent('10.5281/zenodo.0000000')}`, token: tokens.user });
    expect(response.statusCode).toBe(404);
  });
});

describe("6. the ORCID e-mail page's POST /users/auth/identify_user", () => {
  const request = fixture('orcid-send-email');
  const body = (email: string, identifier: string) => ({ user: { ...request.body.user, email, uid: '0000-0002-1825-0097', identifier } });
  const identify = (payload: Json) => send({ method: 'POST', url: request.path, payload, headers: request.headers });

  it('takes the address for the account the sign-in session names and mails it a link', async () => {
    const response = await identify(body('orcid-person@example.org', tokens.orcidUser));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(request.success_message);
    await expect.poll(() => harness.sink.mails.some((mail) => mail.to.includes('orcid-person@example.org')), { timeout: 10_000 }).toBe(true);
  });

  it('answers an address that has an account exactly as a fresh one (no enumeration)', async () => {
    const orcidToken = await signUserToken(harness.app, Number((await harness.env.db('users').insert({ username: '0000-0001-5109-3700', email: null, role: 'user', confirmed_at: harness.env.db.fn.now() }).returning('id'))[0].id));
    const taken = await identify(body('fs-user@example.org', orcidToken));
    expect(taken.statusCode).toBe(200);
    expect(taken.json().message).toBe(request.success_message);
  });

  it('never finds an account by its ORCID iD: without a live session it answers 401 and mails nobody', async () => {
    const mails = harness.sink.mails.length;
    const response = await identify(body('someone@example.org', 'not-a-token'));
    expect(response.statusCode).toBe(401);
    expect(harness.sink.mails.length).toBe(mails);
  });

  it('still answers the sign-in methods for {user: {login}}', async () => {
    const response = await send({ method: 'POST', url: '/users/auth/identify_user', payload: { user: { login: 'fs-user' } } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ methods: expect.arrayContaining(['password']), suggested: 'password' });
  });
});

describe('7. the additional-information schema, as its editor and record page read it', () => {
  const request = fixture('metadata-fields');
  const ask = async (type: string) => {
    const answer = await send({ method: request.method, url: request.path, payload: { ...request.body, type }, token: tokens.maintainer });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Json;
  };

  it("resolves each list of objects' \"+\" through items.$ref to an object schema under definitions", async () => {
    const allowedFields = await ask(request.body.type);
    const field = allowedFields.properties.access_points;
    expect(field).toMatchObject({ type: 'array', description: expect.any(String) });
    // EditAdditionalInfo.vue createItem(fieldName, definitions[…].properties, definitions[…].required || [])
    const definition = allowedFields.definitions[field.items.$ref.replace('#/definitions/', '')];
    const template = definition.properties as Record<string, Json>;
    expect(Object.keys(template).sort()).toEqual(['example_url', 'name', 'type', 'url']);
    expect(template.url.format).toBe('uri');
    expect(definition.required || []).toEqual(['url']);
  });

  it('answers every registry the same way, and saves the item its overlay makes (unfilled fields as "")', async () => {
    for (const type of ['repository', 'journal', 'model_and_format', 'collection']) {
      const { properties, definitions } = await ask(type);
      expect(definitions[properties.access_points.items.$ref.replace('#/definitions/', '')].properties).toBeDefined();
    }
    const read = await readForEditor(edited, tokens.maintainer);
    const item = { url: 'https://api.example.org/v1', name: '', type: 'REST', example_url: '' };
    const saved = await put(edited, { fairsharing_record: { metadata: { ...read.metadata, access_points: [item] } } }, tokens.maintainer);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await readForEditor(edited, tokens.maintainer)).metadata.access_points).toEqual([expect.objectContaining({ url: item.url, type: 'REST' })]);
  });
});
