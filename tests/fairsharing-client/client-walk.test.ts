/**
 * What FAIRsharing's web client (built at 4a39acf, walked in Chromium against this registry, see
 * docs/api.md "FAIRsharing's web client") sent that this registry refused or answered in a shape
 * the client could not read: the requests are the walk's own (`requests/walk-*.json`), each sent
 * as the client sent it, with what the client reads back checked in the shape it reads.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { signUserToken } from '@registry/api/http/auth.ts';
import { startAccountsHarness, type AccountsHarness } from '../accounts/support.ts';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { sendQuery, startGraphqlApp } from '../graphql/support.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const fixture = (name: string): Json => JSON.parse(readFileSync(new URL(`./requests/${name}.json`, import.meta.url), 'utf8'));

let harness: AccountsHarness;
const tokens = { curator: '', creator: '', stranger: '' };
let curatorId = 0;
let addressCounter = 0;

async function send(options: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = options;
  addressCounter += 1;
  return harness.app.inject({
    remoteAddress: `10.32.0.${addressCounter % 250 + 1}`,
    ...rest,
    headers: { accept: 'application/json', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
}

async function graphql(query: string, token?: string) {
  const response = await send({ method: 'POST', url: '/graphql', payload: { query }, token });
  return { status: response.statusCode, body: response.json() as Json };
}

/** The client's editor query (tests/fairsharing-client/requests/editor-record.json) for a record. */
async function readForEditor(id: number, token: string): Promise<Json> {
  const query = (fixture('editor-record').body.query as string).replace('fairsharingRecord(id:2 )', `fairsharingRecord(id:${id} )`);
  const answer = await graphql(query, token);
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  return answer.body.data.fairsharingRecord;
}

/** A record made through the client's create form (requests/create-record.json), as `token`'s user. */
async function createAsClient(token: string, name: string): Promise<number> {
  const { db } = harness.env;
  const body = structuredClone(fixture('create-record').body);
  Object.assign(body.fairsharing_record.metadata, {
    name,
    homepage: `https://example.org/${encodeURIComponent(name)}`,
    description: 'A record made as FAIRsharing\'s create form makes it, for the client walk\'s requests.',
  });
  body.fairsharing_record.record_type_id = String((await db('record_types').where({ name: 'model_and_format' }).first('id')).id);
  body.fairsharing_record.country_ids = [String((await db('countries').where({ code: 'GB' }).first('id')).id)];
  const created = await send({ method: 'POST', url: '/fairsharing_records', payload: body, token });
  expect(created.statusCode, created.body).toBe(201);
  return Number(created.json().data.id);
}

const put = (id: number, body: Json, token: string) => send({ method: 'PUT', url: `/fairsharing_records/${id}`, payload: body, token });

beforeAll(async () => {
  harness = await startAccountsHarness('fairsharing_client_walk');
  const { db } = harness.env;
  await seedDemoCatalogue(db);
  const user = async (username: string, role: string) =>
    Number((await db('users').insert({ username, email: `${username}@example.org`, role, confirmed_at: db.fn.now() }).returning('id'))[0].id);
  curatorId = await user('walk-curator', 'curator');
  tokens.curator = await signUserToken(harness.app, await user('walk-super', 'super_curator'));
  tokens.creator = await signUserToken(harness.app, await user('walk-user', 'user'));
  tokens.stranger = await signUserToken(harness.app, await user('walk-stranger', 'user'));
}, 240_000);

afterAll(async () => {
  await harness?.close();
});

describe('the editor after the create form', () => {
  it('answers contacts, support links and citations in a new record\'s metadata, as lists (GraphQL and REST)', async () => {
    const id = await createAsClient(tokens.creator, 'Walk lists');
    const read = await readForEditor(id, tokens.creator);
    // src/store/utils.js maps metadata.citations for its publications; setDataAccess copies metadata.support_links.
    expect(read.metadata).toMatchObject({ contacts: [], support_links: [], citations: [] });
    const rest = await send({ method: 'GET', url: `/fairsharing_records/${id}`, token: tokens.creator });
    expect(rest.json().data.attributes.metadata).toMatchObject({ contacts: [], support_links: [], citations: [] });
  });

  it('saves general information sent with the form\'s top-level deprecation_reason: null', async () => {
    const id = await createAsClient(tokens.creator, 'Walk general information');
    const read = await readForEditor(id, tokens.creator);
    const body = structuredClone(fixture('walk-general-information-save').body);
    expect(body.fairsharing_record.deprecation_reason).toBeNull();
    const record = body.fairsharing_record;
    Object.assign(record.metadata, { name: read.metadata.name, abbreviation: read.metadata.abbreviation, homepage: read.metadata.homepage });
    record.name = read.name;
    record.country_ids = read.countries.map((country: Json) => country.id);
    const subjects = await harness.env.db('subjects').orderBy('id').limit(2).pluck('id');
    record.subject_ids = subjects.map(String);
    const response = await put(id, body, tokens.creator);
    expect(response.statusCode, response.body).toBe(200);
    const again = await readForEditor(id, tokens.creator);
    expect(again.metadata).toMatchObject({ description: record.metadata.description, year_creation: 2019, contacts: record.metadata.contacts });
    expect(again.metadata.deprecation_reason ?? null).toBeNull();
    expect(again.subjects.map((subject: Json) => Number(subject.id)).sort((a: number, b: number) => a - b)).toEqual(subjects);
  });

  it('takes a support link the client made (its name twice, as name and title), and stores it once', async () => {
    const id = await createAsClient(tokens.creator, 'Walk support link');
    const read = await readForEditor(id, tokens.creator);
    const body = structuredClone(fixture('walk-support-link-save').body);
    const [link] = body.fairsharing_record.metadata.support_links;
    expect(link.title).toBe(link.name);
    body.fairsharing_record.metadata = { ...read.metadata, deprecation_reason: '', support_links: [link] };
    const response = await put(id, body, tokens.creator);
    expect(response.statusCode, response.body).toBe(200);
    expect((await readForEditor(id, tokens.creator)).metadata.support_links).toEqual([{ type: link.type, url: link.url, name: link.name }]);
    // A title that is not the link's name is not taken for it.
    body.fairsharing_record.metadata.support_links = [{ ...link, title: 'Another name' }];
    const refused = await put(id, body, tokens.creator);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/title is not a field/);
  });

  it('keeps the contacts when a support link is saved, and the support links when a contact is (each save sends both as read)', async () => {
    const [contactSave, supportLinkSave, contactBesideLink] = fixture('walk-contact-and-support-link-saves').requests as Json[];
    /** The walk's request with this record's name, abbreviation and homepage (and top-level name) in it. */
    const asFor = (request: Json, read: Json): Json => {
      const body = structuredClone(request.body);
      Object.assign(body.fairsharing_record.metadata, { name: read.metadata.name, abbreviation: read.metadata.abbreviation, homepage: read.metadata.homepage });
      if ('name' in body.fairsharing_record) body.fairsharing_record.name = read.name;
      // The walk database's ids of the record's links stand for this record's own, as read.
      const record = body.fairsharing_record;
      if ('maintainer_ids' in record) record.maintainer_ids = read.maintainers.map((person: Json) => person.id);
      if ('country_ids' in record) record.country_ids = read.countries.map((country: Json) => country.id);
      if ('subject_ids' in record) record.subject_ids = read.subjects.map((subject: Json) => subject.id);
      return body;
    };
    const saveInTurn = async (id: number, requests: Json[]) => {
      for (const request of requests) {
        const response = await put(id, asFor(request, await readForEditor(id, tokens.creator)), tokens.creator);
        expect(response.statusCode, response.body).toBe(200);
      }
      return (await readForEditor(id, tokens.creator)).metadata;
    };
    const contact = contactSave.body.fairsharing_record.metadata.contacts[0];
    const link = { type: 'Help documentation', url: 'https://example.org/walk/help', name: 'Walk help pages' };

    // A contact, then a support link beside it.
    const first = await createAsClient(tokens.creator, 'Walk contact then support link');
    expect(await saveInTurn(first, [contactSave, supportLinkSave])).toMatchObject({ contacts: [contact], support_links: [link] });

    // A support link, then a contact beside it.
    const second = await createAsClient(tokens.creator, 'Walk support link then contact');
    const linkFirst = { body: fixture('walk-support-link-save').body };
    expect(await saveInTurn(second, [linkFirst, contactBesideLink])).toMatchObject({ contacts: [contact], support_links: [link] });
  });

  it('answers a new organisation as a JSON:API resource under data (the link overlay reads data.id and data.attributes)', async () => {
    const { db } = harness.env;
    const organisation = {
      name: 'Walk Organisation',
      homepage: 'https://example.org/walk/organisation',
      organisation_type_ids: [Number((await db('organisation_types').orderBy('id').first('id')).id)],
      country_ids: [Number((await db('countries').where({ code: 'GB' }).first('id')).id)],
    };
    // src/components/Editor/Organisations/LinkOverlay.vue createNewOrganisation → RESTClient.createOrganisation.
    const response = await send({ method: 'POST', url: '/organisations', payload: { organisation }, token: tokens.creator });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json();
    expect(answer.data).toMatchObject({ id: String(answer.id), type: 'organisations', attributes: { name: organisation.name, homepage: organisation.homepage } });
  });

});

describe("the editor's and record page's can_edit", () => {
  it('answers 200 to whoever may edit the record, and an error status (with success false) to anyone else', async () => {
    const id = await createAsClient(tokens.creator, 'Walk can edit');
    const request = fixture('walk-can-edit');
    const ask = (token?: string) => send({ method: request.method, url: request.path.replace('<id>', String(id)), token });
    const creator = await ask(tokens.creator);
    expect(creator.statusCode).toBe(200);
    expect(creator.json()).toEqual({ success: true });
    // The client's axios call fails on these, which is all its editor and Edit button read.
    const stranger = await ask(tokens.stranger);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ success: false, statusCode: 403 });
    const nobody = await ask();
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json()).toMatchObject({ success: false });
  });
});

describe('the relations tab', () => {
  let app: Awaited<ReturnType<typeof startGraphqlApp>>;
  beforeAll(async () => {
    app = await startGraphqlApp(sharedCatalogueConfig());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('searches the records to relate with the record\'s own id quoted (excludeId:"<id>")', async () => {
    // GenBank's own record stands for the record being edited.
    const genbank = await sendQuery(app, '{searchFairsharingRecords(q:"GenBank" perPage:100 ){ records{ id name } }}');
    const own = genbank.data!.searchFairsharingRecords.records.find((record: Json) => record.name === 'GenBank').id as string;
    const query = (fixture('walk-relations-search').body.query as string).replace('excludeId:"4144"', `excludeId:"${own}"`);
    const answer = await sendQuery(app, query);
    expect(answer.errors).toBeUndefined();
    const ids = answer.data!.searchFairsharingRecords.records.map((record: Json) => record.id);
    expect(ids.length, JSON.stringify(answer.data)).toBeGreaterThan(0);
    expect(ids).not.toContain(own);
    const bad = await sendQuery(app, query.replace(`excludeId:"${own}"`, 'excludeId:"walk"'));
    // An id that is no number is an invalid search: an empty page, as for any invalid argument.
    expect(bad.errors).toBeUndefined();
    expect(bad.data!.searchFairsharingRecords).toMatchObject({ totalCount: 0, records: [] });
  });
});

describe("the curator dashboard's assign and approve, sent as record saves", () => {
  const [assign, approve] = fixture('walk-curator-dashboard').requests as Json[];

  it('assigns a curator (by the id string the client read) and none, for curators only', async () => {
    const id = await createAsClient(tokens.creator, 'Walk assignment');
    expect((await put(id, assign.body, tokens.creator)).statusCode).toBe(403);
    const toCurator = await put(id, { fairsharing_record: { curator_id: String(curatorId) } }, tokens.curator);
    expect(toCurator.statusCode, toCurator.body).toBe(200);
    expect(await harness.env.db('record_curator_assignments').where({ record_id: id }).first('curator_id')).toEqual({ curator_id: curatorId });
    const toNone = await put(id, assign.body, tokens.curator);
    expect(toNone.statusCode, toNone.body).toBe(200);
    expect(await harness.env.db('record_curator_assignments').where({ record_id: id }).first()).toBeUndefined();
    const unknown = await put(id, { fairsharing_record: { curator_id: 'someone' } }, tokens.curator);
    expect(unknown.statusCode).toBe(400);
  });

  it('approves a record and marks it reviewed with Create Review, for curators only', async () => {
    const id = await createAsClient(tokens.creator, 'Walk approval');
    expect((await put(id, approve.body, tokens.creator)).statusCode).toBe(403);
    // Someone who may not see the record awaiting approval is not told it exists.
    expect((await put(id, approve.body, tokens.stranger)).statusCode).toBe(404);
    expect((await harness.env.db('records').where({ id }).first('is_approved')).is_approved).toBe(false);
    const response = await put(id, approve.body, tokens.curator);
    expect(response.statusCode, response.body).toBe(200);
    const row = await harness.env.db('records').where({ id }).first('is_approved', 'is_hidden', 'last_reviewed');
    expect(row).toMatchObject({ is_approved: true, is_hidden: false });
    expect(row.last_reviewed).not.toBeNull();
    expect((await graphql('{curatorApprovalsRequired{ fairsharingRecords{ id } }}', tokens.curator)).body.data.curatorApprovalsRequired
      .flatMap((person: Json) => person.fairsharingRecords.map((record: Json) => Number(record.id)))).not.toContain(id);
  });

  it('approves, hides and reviews in one transaction: a failure at the review leaves nothing written', async () => {
    const { db } = harness.env;
    const id = await createAsClient(tokens.creator, 'Walk approval all or nothing');
    const events = async () => Number((await db('edit_events').where({ record_id: id }).count({ n: '*' }))[0].n);
    const eventsBefore = await events();
    // The review step fails in Postgres itself (a trigger on this record's reviews), after approve and hide were written.
    await db.raw(`CREATE FUNCTION walk_refuse_review() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.record_id = ${id} THEN RAISE EXCEPTION 'review refused for the test'; END IF; RETURN NEW; END $$`);
    await db.raw('CREATE TRIGGER walk_refuse_review BEFORE INSERT ON record_reviews FOR EACH ROW EXECUTE FUNCTION walk_refuse_review()');
    try {
      const refused = await put(id, { fairsharing_record: { ...approve.body.fairsharing_record, hidden: true } }, tokens.curator);
      expect(refused.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await db.raw('DROP TRIGGER walk_refuse_review ON record_reviews');
      await db.raw('DROP FUNCTION walk_refuse_review()');
    }
    expect(await db('records').where({ id }).first('is_approved', 'is_hidden', 'last_reviewed')).toEqual({ is_approved: false, is_hidden: false, last_reviewed: null });
    expect(await events()).toBe(eventsBefore);
    const approved = await put(id, { fairsharing_record: { ...approve.body.fairsharing_record, hidden: true } }, tokens.curator);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await db('records').where({ id }).first('is_approved', 'is_hidden')).toEqual({ is_approved: true, is_hidden: true });
    expect(await events()).toBe(eventsBefore + 2);
  });

  it('hides the record when the dialog\'s Hide record is on, and refuses what is not true or false', async () => {
    const id = await createAsClient(tokens.creator, 'Walk approval hidden');
    const response = await put(id, { fairsharing_record: { create_review: false, hidden: true } }, tokens.curator);
    expect(response.statusCode, response.body).toBe(200);
    expect(await harness.env.db('records').where({ id }).first('is_approved', 'is_hidden', 'last_reviewed')).toEqual({ is_approved: true, is_hidden: true, last_reviewed: null });
    const bad = await put(id, { fairsharing_record: { create_review: 'yes' } }, tokens.curator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('create_review must be true or false');
  });
});
