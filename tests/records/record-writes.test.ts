/**
 * The records service behind the REST writes, against the real demo catalogue: create (with
 * approval), each section's rules and messages, permissions from the access module, the
 * revision check, all-or-nothing relation saves, delete, approve and merge, edit events and
 * index intents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';
import { signUserToken } from '@registry/api/http/auth.ts';
import { MAX_ITEMS_PER_LIST, TEXT_MAX } from '@registry/schemas/forms/bounds.ts';

let env: IsolatedEnvironment;
let app: FastifyInstance;
const users: Record<'creator' | 'maintainer' | 'other' | 'curator' | 'super', number> = { creator: 0, maintainer: 0, other: 0, curator: 0, super: 0 };
let ids: { standardType: number; databaseType: number; collectionType: number; objectType: number; country: number; relatedTo: number; recommends: number; collects: number };
let loinc: { id: number; name: string; description: string; homepage: string | null };
let database: { id: number };

const tokens: Partial<Record<keyof typeof users, string>> = {};
const bearer = (user: keyof typeof users) => ({ authorization: `Bearer ${tokens[user]}` });

function newRecordBody(overrides: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) {
  return {
    fairsharing_record: {
      // Real content (LOINC's own description); the name marks it as a copy so the duplicate check has work to do.
      metadata: { name: `${loinc.name} (copy)`, homepage: 'https://loinc.org/', description: loinc.description, status: 'ready', ...metadata },
      record_type_id: ids.standardType,
      object_type_ids: [ids.objectType],
      ...overrides,
    },
  };
}

async function create(user: keyof typeof users, body = newRecordBody()) {
  return app.inject({ method: 'POST', url: '/fairsharing_records', headers: bearer(user), payload: body });
}

beforeAll(async () => {
  env = await createIsolatedEnvironment('record_writes');
  const { db } = env;
  await seedDemoCatalogue(db);
  for (const name of Object.keys(users) as (keyof typeof users)[]) {
    const role = name === 'curator' ? 'curator' : name === 'super' ? 'super_curator' : 'user';
    const [row] = await db('users').insert({ username: `${name}-writes`, email: `${name}-writes@example.org`, role, confirmed_at: db.fn.now() }).returning('id');
    users[name] = row.id;
  }
  const typeId = async (name: string) => Number((await db('record_types').where({ name }).first('id')).id);
  const relationId = async (name: string) => Number((await db('relation_types').where({ name }).first('id')).id);
  ids = {
    standardType: await typeId('terminology_artefact'),
    databaseType: await typeId('repository'),
    collectionType: await typeId('collection'),
    objectType: Number((await db('object_types').orderBy('id').first('id')).id),
    country: Number((await db('countries').where({ code: 'GB' }).first('id')).id),
    relatedTo: await relationId('related_to'),
    recommends: await relationId('recommends'),
    collects: await relationId('collects'),
  };
  loinc = await db('records').where({ id: 2 }).first('id', 'name', 'description', 'homepage');
  database = await db('records as r').join('registries as g', 'g.id', 'r.registry_id').where('g.name', 'Database').where({ is_hidden: false, is_approved: true }).orderBy('r.id').first('r.id');
  await db('record_maintainers').insert({ record_id: loinc.id, user_id: users.maintainer });
  app = await buildTestApp(env.config, { db });
  for (const name of Object.keys(users) as (keyof typeof users)[]) tokens[name] = await signUserToken(app, users[name]);
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('POST /fairsharing_records', () => {
  it('needs a signed-in user', async () => {
    const response = await app.inject({ method: 'POST', url: '/fairsharing_records', payload: newRecordBody() });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    [{}, { name: '' }, 'metadata.name', 'Required'],
    [{}, { homepage: 'not a url' }, 'metadata.homepage', 'Invalid URL.'],
    [{}, { description: 'Too short to describe.' }, 'metadata.description', 'Value is not long enough (22/40)'],
    [{}, { status: 'finished' }, 'metadata.status', 'Status must be one of ready, in_development, deprecated, uncertain'],
    [{}, { status: 'deprecated' }, 'metadata.deprecation_reason', 'A deprecated record needs a deprecation reason'],
    [{}, { year_creation: 1800 }, 'metadata.year_creation', `Year must be between ${new Date().getFullYear() - 100} and ${new Date().getFullYear()}`],
    [{ record_type_id: undefined }, {}, 'record_type_id', 'Required'],
    [{ object_type_ids: [] }, {}, 'object_type_ids', 'Select at least one object type'],
    [{ country_ids: [999_999] }, {}, 'country_ids', 'Unknown country 999999: choose a country from the approved list'],
    [{ logo: { filename: 'logo.png', data: Buffer.from('GIF89a not a png').toString('base64') } }, {}, 'logo', 'File type should be PNG or JPEG'],
  ])('refuses %j %j with the message of %s', async (overrides, metadata, field, message) => {
    const response = await create('creator', newRecordBody(overrides, metadata));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors[field]).toBe(message);
  });

  it('creates a standard whose body names no object types (FAIRsharing\'s create form has no such field)', async () => {
    const body = newRecordBody({}, { name: 'LOINC copy without object types' });
    delete (body.fairsharing_record as Record<string, unknown>).object_type_ids;
    const response = await create('curator', body);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('lets collections go without an object type', async () => {
    const response = await create('curator', newRecordBody({ record_type_id: ids.collectionType, object_type_ids: [] }, { name: 'A collection copy of LOINC' }));
    expect(response.statusCode, response.body).toBe(201);
  });

  it("holds a user's record for approval, shows it to its creator and curators, and lists suspected duplicates", async () => {
    const response = await create('creator', newRecordBody({ country_ids: [ids.country] }, { name: loinc.name }));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    const id = Number(body.data.id);
    expect(body.message).toMatch(/awaits approval/);
    expect(body.suspected_duplicates.map((duplicate: { id: number }) => duplicate.id)).toContain(loinc.id);
    const row = await env.db('records').where({ id }).first();
    expect(row).toMatchObject({ is_approved: false, created_by_id: users.creator });
    expect(row.suspected_duplicate_ids).toContain(loinc.id);
    expect(await env.db('record_countries').where({ record_id: id }).pluck('country_id')).toEqual([ids.country]);

    const read = (headers = {}) => app.inject({ method: 'POST', url: '/graphql', headers, payload: { query: `{fairsharingRecord(id:${id}){id isApproved}}` } }).then((r) => r.json());
    expect((await read()).errors[0].message).toBe('record not found');
    expect((await read(bearer('other'))).errors[0].message).toBe('record not found');
    expect((await read(bearer('creator'))).data.fairsharingRecord.isApproved).toBe(false);
    expect((await read(bearer('curator'))).data.fairsharingRecord.isApproved).toBe(false);

    expect((await app.inject({ method: 'POST', url: `/fairsharing_records/${id}/approve`, headers: bearer('creator') })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `/fairsharing_records/${id}/approve`, headers: bearer('curator') })).statusCode).toBe(200);
    expect((await read()).data.fairsharingRecord.isApproved).toBe(true);
    const events = await env.db('edit_events').where({ record_id: id }).orderBy('id').pluck('edit_type');
    expect(events).toEqual(['create', 'approve']);
    const outbox = await env.db('index_outbox').where({ entity_type: 'record', entity_id: id }).count<{ count: string }[]>({ count: '*' });
    expect(Number(outbox[0].count)).toBeGreaterThanOrEqual(2);
  });

  it("approves a curator's record at once", async () => {
    const response = await create('curator', newRecordBody({}, { name: 'LOINC curated copy' }));
    expect(response.statusCode).toBe(201);
    expect(await env.db('records').where({ id: Number(response.json().data.id) }).first('is_approved')).toEqual({ is_approved: true });
  });
});

describe('PUT /fairsharing_records/{id}', () => {
  const put = (id: number, user: keyof typeof users | null, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({ method: 'PUT', url: `/fairsharing_records/${id}`, headers: { ...(user ? bearer(user) : {}), ...headers }, payload: body });

  it('lets maintainers and curators edit, refuses anyone else', async () => {
    const body = { fairsharing_record: { metadata: { contacts: [{ contact_name: 'LOINC team', contact_email: 'loinc@regenstrief.org' }] } } };
    expect((await put(loinc.id, null, body)).statusCode).toBe(401);
    expect((await put(loinc.id, 'other', body)).statusCode).toBe(403);
    const saved = await put(loinc.id, 'maintainer', body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Record successfully updated!');
    expect(saved.headers.etag).toMatch(/^"r\d+"$/);
    expect((await put(loinc.id, 'curator', body)).statusCode).toBe(200);
    const event = await env.db('edit_events').where({ record_id: loinc.id, user_id: users.maintainer }).orderBy('id', 'desc').first();
    expect(event.edit_event.section).toBe('support');
    expect(event.edit_event.changes.contacts.after[0].contact_name).toBe('LOINC team');
  });

  it('checks contacts: a name, a valid e-mail and an ORCID of the right shape', async () => {
    const response = await put(loinc.id, 'maintainer', { fairsharing_record: { metadata: { contacts: [{ contact_name: '', contact_email: 'nope', contact_orcid: '1234' }] } } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      'metadata.contacts[0].contact_name': 'Required',
      'metadata.contacts[0].contact_email': 'Invalid e-mail.',
      'metadata.contacts[0].contact_orcid': "Doesn't look like a valid ORCID ID.",
    });
  });

  it('refuses a stale save with who changed the record and when, and takes saves without a revision', async () => {
    const first = await put(loinc.id, 'maintainer', { fairsharing_record: { metadata: { support_links: [{ url: 'https://loinc.org/forums/', name: 'Forum', type: 'Forum' }] } } });
    const etag = first.headers.etag as string;
    const second = await put(loinc.id, 'curator', { fairsharing_record: { metadata: { support_links: [{ url: 'https://loinc.org/faq/', name: 'FAQ', type: 'FAQs' }] } } }, { 'if-match': etag });
    expect(second.statusCode, second.body).toBe(200);
    const stale = await put(loinc.id, 'maintainer', { fairsharing_record: { metadata: { support_links: [] } } }, { 'if-match': etag });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toMatch(/changed by curator-writes at \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    const staleBody = await put(loinc.id, 'maintainer', { fairsharing_record: { metadata: { support_links: [] } }, revision: etag.slice(2, -1) });
    expect(staleBody.statusCode).toBe(409);
    const row = await env.db('records').where({ id: loinc.id }).first('metadata');
    expect(row.metadata.support_links[0].name).toBe('FAQ');
  });

  it('re-indexes the records related to one whose name changes (their documents show it), not on other edits', async () => {
    const current = await env.db('records').where({ id: loinc.id }).first();
    const related = await env.db.raw<{ rows: { id: number }[] }>(
      'SELECT linked_record_id AS id FROM record_associations WHERE record_id = ? UNION SELECT record_id FROM record_associations WHERE linked_record_id = ?',
      [loinc.id, loinc.id],
    );
    const relatedIds = related.rows.map((row) => Number(row.id));
    expect(relatedIds.length).toBeGreaterThan(0);
    const objectTypeIds = (await env.db('record_object_types').where({ record_id: loinc.id }).pluck('object_type_id')).map(Number);
    const general = (changes: Record<string, unknown>) => ({
      fairsharing_record: {
        metadata: { name: current.name, homepage: current.homepage ?? 'https://loinc.org/', description: current.description, status: current.status, abbreviation: current.abbreviation, ...changes },
        record_type_id: current.record_type_id,
        object_type_ids: objectTypeIds.length ? objectTypeIds : [ids.objectType],
      },
    });
    const queuedSince = async (outboxId: number) =>
      (await env.db('index_outbox').where('id', '>', outboxId).andWhere({ entity_type: 'record' }).pluck('entity_id')).map(Number);
    const lastOutboxId = async () => Number((await env.db('index_outbox').max<{ max: number }[]>('id as max'))[0].max ?? 0);

    const beforeDescription = await lastOutboxId();
    const described = await put(loinc.id, 'curator', general({ description: `${current.description} More.` }));
    expect(described.statusCode, described.body).toBe(200);
    expect(await queuedSince(beforeDescription)).toEqual([loinc.id]);

    const beforeRename = await lastOutboxId();
    const renamed = await put(loinc.id, 'curator', general({ name: `${current.name} (renamed)`, description: current.description }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await queuedSince(beforeRename)).sort((a, b) => a - b)).toEqual([loinc.id, ...relatedIds].sort((a, b) => a - b));
    expect((await put(loinc.id, 'curator', general({}))).statusCode).toBe(200);
  });

  it('saves the general information of an imported record naming no object type when the save leaves them alone; emptying them is refused', async () => {
    const imported = await env.db('records as r').join('record_types as t', 't.id', 'r.record_type_id').where('t.name', 'terminology_artefact')
      .whereNotNull('r.homepage').whereRaw('length(r.description) >= 40').whereIn('r.status', ['ready', 'in_development', 'uncertain'])
      .whereNotExists((query) => query.select(1).from('record_object_types as o').whereRaw('o.record_id = r.id'))
      .orderBy('r.id').first('r.id', 'r.name', 'r.description', 'r.homepage', 'r.status');
    expect(imported).toBeDefined();
    const general = (extra: Record<string, unknown>) => ({
      fairsharing_record: { metadata: { name: imported.name, homepage: imported.homepage, description: imported.description, status: imported.status }, record_type_id: ids.standardType, ...extra },
      section: 'generalInformation',
    });
    const saved = await put(imported.id, 'curator', general({}));
    expect(saved.statusCode, saved.body).toBe(200);
    const emptied = await put(imported.id, 'curator', general({ object_type_ids: [] }));
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().errors.object_type_ids).toBe('Select at least one object type');
  });

  it('lets only curators change a record type', async () => {
    const current = await env.db('records').where({ id: loinc.id }).first();
    const general = {
      metadata: { name: current.name, homepage: current.homepage ?? 'https://loinc.org/', description: current.description, status: current.status, abbreviation: current.abbreviation },
      object_type_ids: [ids.objectType],
      record_type_id: ids.standardType === current.record_type_id ? ids.standardType + 1 : ids.standardType,
    };
    const response = await put(loinc.id, 'maintainer', { fairsharing_record: general });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Only curators can change the type of a record.');
  });

  it('saves relations all or nothing, only between the registries a relation type allows', async () => {
    const relations = (items: unknown[]) => ({ fairsharing_record: { record_associations_attributes: items } });
    const before = await env.db('record_associations').where({ record_id: loinc.id }).count<{ count: string }[]>({ count: '*' });
    // A standard may be related to a database, but may not "recommend" one: the whole save is refused.
    const mixed = await put(loinc.id, 'maintainer', relations([
      { linked_record_id: database.id, record_assoc_label_id: ids.relatedTo },
      { linked_record_id: database.id, record_assoc_label_id: ids.recommends },
    ]));
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe('A standard cannot be linked to a database with "recommends"');
    expect(await env.db('record_associations').where({ record_id: loinc.id }).count<{ count: string }[]>({ count: '*' })).toEqual(before);

    const twice = await put(loinc.id, 'maintainer', relations([
      { linked_record_id: database.id, record_assoc_label_id: ids.relatedTo },
      { linked_record_id: database.id, record_assoc_label_id: ids.relatedTo },
    ]));
    expect(twice.json().errors['record_associations_attributes']).toBe('The same record is linked twice with the same relation');

    const saved = await put(loinc.id, 'maintainer', relations([{ linked_record_id: database.id, record_assoc_label_id: ids.relatedTo }]));
    expect(saved.statusCode, saved.body).toBe(200);
    const association = await env.db('record_associations').where({ record_id: loinc.id, linked_record_id: database.id, relation_type_id: ids.relatedTo }).first('id');
    expect(association).toBeDefined();
    // The other end is re-indexed too: its related-records count changed.
    expect(await env.db('index_outbox').where({ entity_type: 'record', entity_id: database.id }).first('id')).toBeDefined();

    const again = await put(loinc.id, 'maintainer', relations([{ linked_record_id: database.id, record_assoc_label_id: ids.relatedTo }]));
    expect(again.statusCode).toBe(400);
    const removed = await put(loinc.id, 'maintainer', relations([{ id: association.id, _destroy: '1' }]));
    expect(removed.statusCode).toBe(200);
    expect(await env.db('record_associations').where({ id: association.id }).first()).toBeUndefined();
  });
});

describe('retiring a record', () => {
  it('lets curators deprecate a record pointing to its replacement', async () => {
    const id = Number((await create('curator', newRecordBody({}, { name: 'LOINC copy to retire' }))).json().data.id);
    await env.db('record_maintainers').insert({ record_id: id, user_id: users.maintainer });
    const body = (metadata: Record<string, unknown>) => newRecordBody({ replaced_by_id: loinc.id }, { name: 'LOINC copy to retire', ...metadata });
    const put = (user: keyof typeof users, payload: unknown) => app.inject({ method: 'PUT', url: `/fairsharing_records/${id}`, headers: bearer(user), payload: payload as Record<string, unknown> });
    expect((await put('maintainer', body({ status: 'deprecated', deprecation_reason: 'Superseded by LOINC itself' }))).statusCode).toBe(403);
    const notDeprecated = await put('curator', body({}));
    expect(notDeprecated.json().errors.replaced_by_id).toBe('Only a deprecated record can name its replacement');
    const retired = await put('curator', body({ status: 'deprecated', deprecation_reason: 'Superseded by LOINC itself' }));
    expect(retired.statusCode, retired.body).toBe(200);
    const read = await app.inject({ method: 'POST', url: '/graphql', payload: { query: `{fairsharingRecord(id:${id}){status metadata replacedBy{id name}}}` } });
    expect(read.json().data.fairsharingRecord).toMatchObject({ status: 'deprecated', metadata: { deprecation_reason: 'Superseded by LOINC itself' }, replacedBy: { id: String(loinc.id) } });
  });
});

describe('additional information', () => {
  it('answers the JSON Schema of a record type and refuses unknown types', async () => {
    const schema = await app.inject({ method: 'POST', url: '/fairsharing_records/metadata_fields', payload: { type: 'repository' } });
    expect(schema.statusCode).toBe(200);
    expect(schema.json().properties.data_access_condition).toEqual({ title: 'Data Access Condition', type: 'string', maxLength: TEXT_MAX.description, enum: ['open', 'partially open', 'controlled', 'not found'] });
    expect(schema.json().properties.access_methods).toMatchObject({ type: 'array', maxItems: MAX_ITEMS_PER_LIST, items: { maxLength: TEXT_MAX.description } });
    expect(schema.json().properties.mandated_data_sharing).toBeUndefined();
    const policy = await app.inject({ method: 'POST', url: '/fairsharing_records/metadata_fields', payload: { type: 'Journal' } });
    expect(policy.json().properties.mandated_data_sharing.enum).toContain('required');
    expect((await app.inject({ method: 'POST', url: '/fairsharing_records/metadata_fields', payload: { type: 'spaceship' } })).statusCode).toBe(400);
  });

  it('saves only the fields and values of the record type', async () => {
    const put = (id: number, metadata: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: `/fairsharing_records/${id}`, headers: bearer('curator'), payload: { fairsharing_record: { metadata }, section: 'additionalInformation' } });
    const onStandard = await put(loinc.id, { data_access_condition: 'open' });
    expect(onStandard.statusCode).toBe(400);
    expect(onStandard.json().errors['metadata.data_access_condition']).toBe('data_access_condition is not a field of a standard record');
    const wrongValue = await put(database.id, { data_access_condition: 'whenever' });
    expect(wrongValue.json().errors['metadata.data_access_condition']).toBe('Data Access Condition must be one of open, partially open, controlled, not found');
    const saved = await put(database.id, { data_access_condition: 'controlled', data_versioning: 'yes' });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = await env.db('records').where({ id: database.id }).first('metadata');
    expect(row.metadata).toMatchObject({ data_access_condition: 'controlled', data_versioning: 'yes' });
  });
});

describe('delete and merge', () => {
  it('deletes only for super curators, and keeps the history', async () => {
    const id = Number((await create('curator', newRecordBody({}, { name: 'LOINC copy to delete' }))).json().data.id);
    const payload = { reason: 'Created by mistake' };
    expect((await app.inject({ method: 'DELETE', url: `/fairsharing_records/${id}`, headers: bearer('curator'), payload })).statusCode).toBe(403);
    const deleted = await app.inject({ method: 'DELETE', url: `/fairsharing_records/${id}`, headers: bearer('super'), payload });
    expect(deleted.json()).toEqual({ message: 'Delete successful !' });
    expect(await env.db('records').where({ id }).first()).toBeUndefined();
    const event = await env.db('edit_events').where({ edit_type: 'delete' }).orderBy('id', 'desc').first();
    expect(event.edit_event.deletedRecord.id).toBe(id);
  });

  it('merges a duplicate: relations move, its id answers with the canonical record', async () => {
    const duplicateId = Number((await create('curator', newRecordBody({}, { name: 'LOINC duplicate' }))).json().data.id);
    await app.inject({
      method: 'PUT', url: `/fairsharing_records/${duplicateId}`, headers: bearer('curator'),
      payload: { fairsharing_record: { record_associations_attributes: [{ linked_record_id: database.id, record_assoc_label_id: ids.relatedTo }] } },
    });
    expect((await app.inject({ method: 'POST', url: `/fairsharing_records/${duplicateId}/merge`, headers: bearer('maintainer'), payload: { into: loinc.id } })).statusCode).toBe(403);
    const merged = await app.inject({ method: 'POST', url: `/fairsharing_records/${duplicateId}/merge`, headers: bearer('curator'), payload: { into: loinc.id } });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await env.db('records').where({ id: duplicateId }).first()).toBeUndefined();
    expect(await env.db('record_associations').where({ record_id: loinc.id, linked_record_id: database.id }).first()).toBeDefined();
    expect(await env.db('record_redirects').where({ identifier: `id:${duplicateId}` }).first('record_id')).toEqual({ record_id: loinc.id });
    const events = await env.db('edit_events').where({ record_id: loinc.id, edit_type: 'merge' }).first();
    expect(events.edit_event.mergedRecord.id).toBe(duplicateId);
    const read = await app.inject({ method: 'POST', url: '/graphql', payload: { query: `{fairsharingRecord(id:${duplicateId}){id}}` } });
    expect(read.json().data.fairsharingRecord.id).toBe(String(loinc.id));
    for (const accept of ['text/html', '*/*', 'application/ld+json']) {
      const page = await app.inject({ url: `/${duplicateId}`, headers: { accept } });
      expect(page.statusCode, accept).toBe(301);
      expect(page.headers.location).toBe(`/${loinc.id}`);
    }
  });

  it('answers can_edit from the access module', async () => {
    const canEdit = async (user: keyof typeof users | null) =>
      (await app.inject({ url: `/fairsharing_records/can_edit/${loinc.id}`, headers: user ? bearer(user) : {} })).json().success;
    expect(await canEdit(null)).toBe(false);
    expect(await canEdit('other')).toBe(false);
    expect(await canEdit('maintainer')).toBe(true);
    expect(await canEdit('curator')).toBe(true);
  });
});
