/**
 * Shared entities (publications, organisations, grants, licences, tags) show on every record
 * citing them, so the access module decides who may change one: curators, and its creator while
 * only records they may edit cite it. Everyone else links or unlinks it on their own record. A
 * change is an edit event on every citing record, with index intents for each; a licence named
 * inline by a maintainer stays out of the public dumps and reference lists until a curator links it,
 * and a keyword a maintainer proposes until a curator names it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { signUserToken } from '@registry/api/http/auth.ts';
import { loadIndexableRecords } from '@registry/indexer';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';

let env: IsolatedEnvironment;
let app: FastifyInstance;
const PEOPLE = ['stranger', 'author', 'curator'] as const;
type Person = (typeof PEOPLE)[number];
const ids = {} as Record<Person, number>;
const tokens = {} as Record<Person, string>;
/** Two public records: `own` is maintained by the author, `other` by nobody of the test. */
let own: number;
let other: number;

const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, who: Person | null, payload?: Record<string, unknown>) =>
  app.inject({ method, url, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {}, ...(payload === undefined ? {} : { payload }) });

const citingEvents = (recordId: number, type: string, id: number) =>
  env.db('edit_events').where({ record_id: recordId }).whereRaw(`edit_event->'changes'->'sharedEntity'->>'type' = ? AND (edit_event->'changes'->'sharedEntity'->>'id')::int = ?`, [type, id]);

const recordIntents = (recordIds: number[], afterOutboxId: number) =>
  env.db('index_outbox').where({ entity_type: 'record' }).whereIn('entity_id', recordIds).where('id', '>', afterOutboxId).distinct('entity_id').pluck('entity_id');

const lastOutboxId = async (): Promise<number> => Number((await env.db('index_outbox').max('id as id').first())?.id ?? 0);

async function addPublication(who: Person, title: string): Promise<number> {
  const created = await send('POST', '/publications', who, { publication: { title } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

const cite = (recordId: number, publicationId: number) => env.db('record_publications').insert({ record_id: recordId, publication_id: publicationId });

beforeAll(async () => {
  env = await createIsolatedEnvironment('shared_entities');
  await seedDemoCatalogue(env.db);
  for (const name of PEOPLE) {
    const [row] = await env.db('users').insert({ username: `${name}-shared`, email: `${name}-shared@example.org`, role: name === 'curator' ? 'curator' : 'user', confirmed_at: env.db.fn.now() }).returning('id');
    ids[name] = row.id;
  }
  [own, other] = await env.db('records').where({ is_approved: true, is_hidden: false }).orderBy('id').limit(2).pluck('id');
  await env.db('record_maintainers').insert({ record_id: own, user_id: ids.author });
  app = await buildTestApp(env.config, { db: env.db });
  for (const name of PEOPLE) tokens[name] = await signUserToken(app, ids[name]);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('who may change a shared entity', () => {
  it("refuses a stranger's PUT /publications/{id} and leaves the title unchanged", async () => {
    const seeded = await env.db('publications').whereNull('created_by').first('id', 'title');
    const changed = await send('PUT', `/publications/${seeded.id}`, 'stranger', { publication: { title: 'Defaced', url: 'https://evil.example/' } });
    expect(changed.statusCode).toBe(403);
    expect(changed.json().message).toMatch(/Only curators may change this publication/);
    expect(await env.db('publications').where({ id: seeded.id }).first('title')).toEqual({ title: seeded.title });

    const authors = await addPublication('author', 'The author’s paper');
    expect((await send('PUT', `/publications/${authors}`, 'stranger', { publication: { title: 'Defaced' } })).statusCode).toBe(403);
    expect(await env.db('publications').where({ id: authors }).first('title')).toEqual({ title: 'The author’s paper' });
  });

  it('lets its creator change it while only records they maintain cite it, and no longer once another record does', async () => {
    const publication = await addPublication('author', 'Draft title');
    await cite(own, publication);
    const changed = await send('PUT', `/publications/${publication}`, 'author', { publication: { title: 'Final title' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().title).toBe('Final title');

    await cite(other, publication);
    const refused = await send('PUT', `/publications/${publication}`, 'author', { publication: { title: 'Changed again' } });
    expect(refused.statusCode).toBe(403);
    expect(await env.db('publications').where({ id: publication }).first('title')).toEqual({ title: 'Final title' });
  });

  it('keeps organisations to curators and their creator the same way, for changes and deletions', async () => {
    const created = await send('POST', '/organisations', 'author', { organisation: { name: 'Author Institute' } });
    expect(created.statusCode, created.body).toBe(201);
    const organisation = created.json().id;
    expect((await send('PUT', `/organisations/${organisation}`, 'stranger', { organisation: { name: 'Defaced' } })).statusCode).toBe(403);
    expect((await send('DELETE', `/organisations/${organisation}`, 'stranger')).statusCode).toBe(403);
    expect(await env.db('organisations').where({ id: organisation }).first('name')).toEqual({ name: 'Author Institute' });
    const renamed = await send('PUT', `/organisations/${organisation}`, 'author', { organisation: { name: 'Author Institute of Standards' } });
    expect(renamed.statusCode, renamed.body).toBe(200);

    await env.db('organisation_links').insert({ record_id: other, organisation_id: organisation, relation: 'maintains', is_lead: false });
    expect((await send('DELETE', `/organisations/${organisation}`, 'author')).statusCode).toBe(403);
    expect(await env.db('organisations').where({ id: organisation }).first('id')).toBeDefined();
  });

  it('leaves seeded entities to curators, and answers 404 for one that does not exist', async () => {
    // As the seed writes them: no creator.
    const [seeded] = await env.db('organisations').insert({ name: 'Seeded organisation' }).returning('id');
    expect((await send('PUT', `/organisations/${seeded.id}`, 'author', { organisation: { name: 'Defaced' } })).statusCode).toBe(403);
    expect((await send('PUT', '/publications/2147483647', 'curator', { publication: { title: 'Nothing' } })).statusCode).toBe(404);
  });

  it('records who added each kind of shared entity', async () => {
    const grant = await send('POST', '/grants', 'author', { grant: { name: 'Author grant', description: '' } });
    const tag = await send('POST', '/user_defined_tags', 'author', { user_defined_tag: { label: 'author-made tag' } });
    expect(await env.db('grants').where({ id: grant.json().id }).first('created_by')).toEqual({ created_by: ids.author });
    expect(await env.db('user_defined_tags').where({ id: tag.json().id }).first('created_by')).toEqual({ created_by: ids.author });
  });
});

describe('a change shows in the history of every citing record and re-indexes them', () => {
  it('writes an edit event on each citing record and an index intent for each, for a curator’s change', async () => {
    const publication = await addPublication('stranger', 'Cited twice');
    await cite(own, publication);
    await cite(other, publication);
    const before = await lastOutboxId();
    const changed = await send('PUT', `/publications/${publication}`, 'curator', { publication: { title: 'Cited twice, corrected' } });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const recordId of [own, other]) {
      const [event] = await citingEvents(recordId, 'publication', publication).select('user_id', 'edit_event');
      expect(event.user_id).toBe(ids.curator);
      expect(event.edit_event).toMatchObject({ section: 'publications', changes: { sharedEntity: { before: { title: 'Cited twice' }, after: { title: 'Cited twice, corrected' } } } });
    }
    expect((await recordIntents([own, other], before)).sort((a, b) => a - b)).toEqual([own, other].sort((a, b) => a - b));
    expect(await env.db('index_outbox').where({ entity_type: 'publication', entity_id: publication }).where('id', '>', before).first('id')).toBeDefined();
  });

  it('does the same when a curator deletes an organisation, and writes nothing when the change is refused', async () => {
    const organisation = (await send('POST', '/organisations', 'stranger', { organisation: { name: 'Cited organisation' } })).json().id;
    for (const recordId of [own, other]) await env.db('organisation_links').insert({ record_id: recordId, organisation_id: organisation, relation: 'funds', is_lead: false });
    const refusedFrom = await lastOutboxId();
    expect((await send('PUT', `/organisations/${organisation}`, 'author', { organisation: { name: 'Defaced' } })).statusCode).toBe(403);
    expect(await citingEvents(own, 'organisation', organisation).first('id')).toBeUndefined();
    expect(await lastOutboxId()).toBe(refusedFrom);

    const deleted = await send('DELETE', `/organisations/${organisation}`, 'curator');
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const recordId of [own, other]) {
      const [event] = await citingEvents(recordId, 'organisation', organisation).select('edit_event');
      expect(event.edit_event).toMatchObject({ section: 'organisations', changes: { sharedEntity: { deleted: true, before: { name: 'Cited organisation' } } } });
    }
    expect((await recordIntents([own, other], refusedFrom)).length).toBe(2);
  });
});

describe('a licence named inline by a maintainer', () => {
  const NAME = 'Author Open Licence 7';

  const csvDump = async () => (await send('GET', '/export/records.csv', null)).body;
  const jsonDump = async () => JSON.stringify((await send('GET', '/export/records.json', null)).json());
  const licenceList = async () => (await send('POST', '/search/licences', null, { q: NAME })).json().data as unknown[];
  const graphqlList = async (who: Person | null) => {
    const answer = await app.inject({
      method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}) },
      payload: { query: `{ searchLicences(q: ${JSON.stringify(NAME)}) { name } }` },
    });
    return answer.json().data.searchLicences as { name: string }[];
  };

  const indexedLicenceNames = async (recordId: number) => (await loadIndexableRecords(env.db, [recordId]))[0]!.licences.map((licence) => licence.name);

  it('stays out of the CSV and JSON dumps, the public licence lists and the search facets until a curator links it', async () => {
    const named = await send('POST', '/licence_links', 'author', { licence_link: { fairsharing_record_id: own, relation: 'applies_to_content', licence_attributes: { name: NAME, url: 'https://licence.example/' } } });
    expect(named.statusCode, named.body).toBe(201);
    const licenceId = named.json().licence_id;
    expect(await env.db('licences').where({ id: licenceId }).first('created_by', 'is_approved')).toEqual({ created_by: ids.author, is_approved: false });

    expect(await csvDump()).not.toContain(NAME);
    expect(await jsonDump()).not.toContain(NAME);
    expect(await licenceList()).toEqual([]);
    expect(await graphqlList(null)).toEqual([]);
    expect(await graphqlList('curator')).toEqual([{ name: NAME }]);
    expect(await indexedLicenceNames(own)).not.toContain(NAME);

    const beforeAdoption = await lastOutboxId();
    const adopted = await send('POST', '/licence_links', 'curator', { licence_link: { fairsharing_record_id: other, relation: 'applies_to_content', licence_id: licenceId } });
    expect(adopted.statusCode, adopted.body).toBe(201);
    expect(await csvDump()).toContain(NAME);
    expect(await jsonDump()).toContain(NAME);
    expect(await licenceList()).toHaveLength(1);
    expect(await graphqlList(null)).toEqual([{ name: NAME }]);
    // The approval re-indexes every record linking the licence (fan-out of the licence intent).
    expect(await indexedLicenceNames(own)).toContain(NAME);
    expect(await env.db('index_outbox').where({ entity_type: 'licence', entity_id: licenceId }).where('id', '>', beforeAdoption).first('id')).toBeDefined();
  });
});

describe('a keyword proposed by a maintainer', () => {
  const LABEL = 'glacier mass balance';

  const jsonDump = async () => JSON.stringify((await send('GET', '/export/records.json', null)).json());
  const tagList = async () => (await send('POST', '/search/user_defined_tags', null, { q: LABEL })).json().data as unknown[];
  const graphqlList = async (who: Person | null) => {
    const answer = await app.inject({
      method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}) },
      payload: { query: `{ searchUserDefinedTags(q: ${JSON.stringify(LABEL)}) { label } }` },
    });
    return answer.json().data.searchUserDefinedTags as { label: string }[];
  };
  const indexedTagLabels = async (recordId: number) => (await loadIndexableRecords(env.db, [recordId]))[0]!.userDefinedTags.map((tag) => tag.label);

  it('shows on its record at once and stays out of the dumps, the public tag lists and the search facets until a curator names it', async () => {
    const proposed = await send('POST', `/user_defined_tags?fairsharing_record_id=${own}`, 'author', { user_defined_tag: { label: LABEL } });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const tagId = proposed.json().id;
    expect(await env.db('user_defined_tags').where({ id: tagId }).first('created_by', 'is_approved')).toEqual({ created_by: ids.author, is_approved: false });
    // The author's record names it (as the editor's save does); its page reads it from Postgres.
    await env.db('record_user_defined_tags').insert({ record_id: own, user_defined_tag_id: tagId });
    const page = await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: { query: `{ fairsharingRecord(id: ${own}) { userDefinedTags { label } } }` } });
    expect(page.json().data.fairsharingRecord.userDefinedTags).toContainEqual({ label: LABEL });

    expect(await jsonDump()).not.toContain(LABEL);
    expect(await tagList()).toEqual([]);
    expect(await graphqlList(null)).toEqual([]);
    expect(await graphqlList('author')).toEqual([]);
    expect(await graphqlList('curator')).toEqual([{ label: LABEL }]);
    expect(await indexedTagLabels(own)).not.toContain(LABEL);

    const beforeApproval = await lastOutboxId();
    const named = await send('POST', '/user_defined_tags', 'curator', { user_defined_tag: { label: LABEL } });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().id).toBe(tagId);
    expect(await jsonDump()).toContain(LABEL);
    expect(await tagList()).toHaveLength(1);
    expect(await graphqlList(null)).toEqual([{ label: LABEL }]);
    // The approval re-indexes every record naming the tag (fan-out of the tag intent).
    expect(await indexedTagLabels(own)).toContain(LABEL);
    expect(await env.db('index_outbox').where({ entity_type: 'user_defined_tag', entity_id: tagId }).where('id', '>', beforeApproval).first('id')).toBeDefined();
  });
});
