/**
 * The field table at work: history and legacy logs redacted field by field for each kind of
 * viewer (plain user, maintainer, curator, API key), a maintainer's save refused on fields only
 * curators write (and the record unchanged), records named by claims and edit events following
 * the visibility rule, and a new record's suspected duplicates naming no record its creator may
 * not see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { viewerForUser } from '@registry/schemas';
import { signUserToken } from '@registry/api/http/auth.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';
import { insertFixtureVocabulary, insertRecord, type FixtureIds } from '../indexing/fixtures.ts';

const PEOPLE = ['maintainer', 'admin', 'watcher', 'plain', 'curator', 'claimant', 'stranger'] as const;
type Person = (typeof PEOPLE)[number];

let env: IsolatedEnvironment;
let app: FastifyInstance;
let fixture: FixtureIds;
const users = {} as Record<Person, number>;
const headers = {} as Record<Person | 'apiKey', Record<string, string>>;
const records = { open: 0, hidden: 0, unapproved: 0 };

// Real registry entries (FAIRsharing, CC BY-SA 4.0).
const DESCRIPTION = 'The European Nucleotide Archive collects nucleotide sequencing information from around the world.';
const CURATOR_NOTE = 'Checked the licence with the ENA team';

async function graphql(query: string, as: Record<string, string> = {}) {
  return (await app.inject({ method: 'POST', url: '/graphql', headers: as, payload: { query } })).json();
}

function generalInformation(extra: Record<string, unknown> = {}) {
  return {
    section: 'generalInformation',
    fairsharing_record: {
      metadata: { name: 'European Nucleotide Archive', abbreviation: 'ENA', homepage: 'https://www.ebi.ac.uk/ena', description: DESCRIPTION, status: 'ready' },
      record_type_id: fixture.recordTypes.collection,
      ...extra,
    },
  };
}

async function save(as: Person, body: Record<string, unknown>) {
  return app.inject({ method: 'PUT', url: `/fairsharing_records/${records.open}`, headers: headers[as], payload: body });
}

async function linked(table: string, recordId = records.open) {
  return (await env.db(table).where({ record_id: recordId }).orderBy('user_id').pluck('user_id')).map(Number);
}

beforeAll(async () => {
  env = await createIsolatedEnvironment('access_field_rules');
  const { db } = env;
  fixture = await insertFixtureVocabulary(db);
  for (const person of PEOPLE) {
    const role = person === 'curator' ? 'curator' : person === 'admin' ? 'super_curator' : 'user';
    const [row] = await db('users').insert({ username: `fields-${person}`, email: `fields-${person}@example.org`, role, confirmed_at: new Date() }).returning('id');
    users[person] = row.id;
  }
  records.open = await insertRecord(db, {
    registryId: fixture.registries.Collection, recordTypeId: fixture.recordTypes.collection, name: 'European Nucleotide Archive',
    description: DESCRIPTION, metadata: { legacy_logs: [{ note: 'imported from BioSharing' }] },
  });
  await db('records').where({ id: records.open }).update({ curator_notes: CURATOR_NOTE, homepage: 'https://www.ebi.ac.uk/ena', abbreviation: 'ENA' });
  await db('record_maintainers').insert([{ record_id: records.open, user_id: users.maintainer }, { record_id: records.open, user_id: users.admin }]);
  await db('record_watchers').insert({ record_id: records.open, user_id: users.watcher });
  records.hidden = await insertRecord(db, { registryId: fixture.registries.Database, name: 'UniProt Knowledgebase', isHidden: true });
  await db('records').where({ id: records.hidden }).update({ homepage: 'https://www.uniprot.org' });
  records.unapproved = await insertRecord(db, { registryId: fixture.registries.Database, name: 'Protein Data Bank', isApproved: false });
  await db('records').where({ id: records.unapproved }).update({ homepage: 'https://www.rcsb.org', created_by_id: users.stranger });
  // The claimant asked to maintain, and edited, a record that is hidden since.
  await db('maintenance_requests').insert({ record_id: records.hidden, user_id: users.claimant, status: 'pending' });
  await db('edit_events').insert({ record_id: records.hidden, user_id: users.claimant, edit_type: 'update', edit_event: JSON.stringify({ section: 'support', changes: {} }) });

  app = await buildTestApp(env.config, { db });
  for (const person of PEOPLE) headers[person] = { authorization: `Bearer ${await signUserToken(app, users[person])}` };
  const key = await app.accounts.createApiKey(viewerForUser({ id: users.plain, username: 'fields-plain', role: 'user' }, 'session'), 'fields');
  headers.apiKey = { 'x-graphql-key': key.key };

  // A curator's edit: the history now holds curator notes and watchers, before and after.
  const curated = await save('curator', generalInformation({ curator_notes: `${CURATOR_NOTE} (again)`, watcher_ids: [users.watcher, users.curator] }));
  expect(curated.statusCode, curated.body).toBe(200);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('history, redacted field by field', () => {
  const HISTORY = () => `{ fairsharingRecord(id: ${records.open}) { history legacyLogs metadata curatorNotes watchers { id } } }`;

  it.each(['plain', 'maintainer', 'apiKey'] as const)('shows %s the entries without curator notes or watchers', async (viewer) => {
    const answer = await graphql(HISTORY(), headers[viewer]);
    const record = answer.data.fairsharingRecord;
    expect(record.history.length).toBeGreaterThan(0);
    expect(record.history.some((entry: { editEvent: { section?: string } }) => entry.editEvent.section === 'generalInformation')).toBe(true);
    const text = JSON.stringify(record.history);
    expect(text).not.toContain('curator_notes');
    expect(text).not.toContain('watcher_ids');
    expect(text).not.toContain(CURATOR_NOTE);
    expect(record.curatorNotes).toBeNull();
    expect(record.watchers).toEqual([]);
    expect(record.legacyLogs).toEqual([{ note: 'imported from BioSharing' }]);
  });

  it('shows curators every field of every entry', async () => {
    const record = (await graphql(HISTORY(), headers.curator)).data.fairsharingRecord;
    const text = JSON.stringify(record.history);
    expect(text).toContain('curator_notes');
    expect(text).toContain('watcher_ids');
    expect(record.watchers.map((user: { id: string }) => Number(user.id)).sort()).toEqual([users.watcher, users.curator].sort());
  });

  it('keeps legacy logs from anonymous readers in GraphQL metadata and REST attributes', async () => {
    const record = (await graphql(HISTORY())).data.fairsharingRecord;
    expect(record.history).toBeNull();
    expect(record.legacyLogs).toBeNull();
    expect(record.metadata).not.toHaveProperty('legacy_logs');
    const rest = await app.inject({ method: 'GET', url: `/fairsharing_records/${records.open}`, headers: { accept: 'application/json' } });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().data.attributes.metadata).not.toHaveProperty('legacy_logs');
    const signedIn = await app.inject({ method: 'GET', url: `/fairsharing_records/${records.open}`, headers: { accept: 'application/json', ...headers.plain } });
    expect(signedIn.json().data.attributes.metadata.legacy_logs).toEqual([{ note: 'imported from BioSharing' }]);
  });

  it('redacts a user’s own edit events the same way', async () => {
    const answer = await graphql(`{ user(id: ${users.curator}) { editEvents { editEvent } } }`, headers.curator);
    expect(JSON.stringify(answer.data.user.editEvents)).toContain('curator_notes');
  });
});

describe('a maintainer’s save', () => {
  it.each([
    ['maintainer_ids', { maintainer_ids: [] as number[] }],
    ['maintainer_ids', { maintainer_ids: [0] }],
    ['watcher_ids', { watcher_ids: [0] }],
    ['curator_notes', { curator_notes: '' }],
    ['curator_notes', { curator_notes: null }],
    ['is_hidden', { hidden: true }],
  ])('is refused when it changes %s, and the record is unchanged', async (field, extra) => {
    const before = { row: await env.db('records').where({ id: records.open }).first(), maintainers: await linked('record_maintainers'), watchers: await linked('record_watchers') };
    const body = 'maintainer_ids' in extra && extra.maintainer_ids[0] === 0
      ? { maintainer_ids: [users.maintainer] }
      : 'watcher_ids' in extra ? { watcher_ids: [...before.watchers, users.stranger] } : extra;
    const response = await save('maintainer', generalInformation({ ...body, metadata: { ...generalInformation().fairsharing_record.metadata, name: 'ENA (renamed)' } }));
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().message).toContain(field);
    expect(await env.db('records').where({ id: records.open }).first()).toEqual(before.row);
    expect(await linked('record_maintainers')).toEqual(before.maintainers);
    expect(await linked('record_watchers')).toEqual(before.watchers);
  });

  it('goes through when it sends those fields unchanged', async () => {
    const maintainers = await linked('record_maintainers');
    const watchers = await linked('record_watchers');
    const response = await save('maintainer', generalInformation({ maintainer_ids: maintainers, watcher_ids: watchers }));
    expect(response.statusCode, response.body).toBe(200);
    expect((await env.db('records').where({ id: records.open }).first()).curator_notes).toBe(`${CURATOR_NOTE} (again)`);
  });

  it('cannot forge legacy logs through metadata', async () => {
    const logs = await env.db('records').where({ id: records.open }).first('metadata');
    const response = await save('maintainer', { section: 'additionalInformation', fairsharing_record: { metadata: { legacy_logs: [{ note: 'forged' }] } } });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await env.db('records').where({ id: records.open }).first('metadata')).toEqual(logs);
  });

  it('lets a curator change maintainers', async () => {
    const response = await save('curator', generalInformation({ maintainer_ids: [users.maintainer, users.admin, users.plain] }));
    expect(response.statusCode, response.body).toBe(200);
    expect(await linked('record_maintainers')).toEqual([users.maintainer, users.admin, users.plain].sort((a, b) => a - b));
  });

  it('cannot create a record with curator notes, maintainers, watchers or the hidden flag', async () => {
    for (const extra of [{ curator_notes: 'mine' }, { maintainer_ids: [users.stranger] }, { watcher_ids: [users.stranger] }, { hidden: true }]) {
      const body = generalInformation(extra);
      body.fairsharing_record.metadata = { ...body.fairsharing_record.metadata, name: `Created with ${Object.keys(extra)[0]}` };
      const response = await app.inject({ method: 'POST', url: '/fairsharing_records', headers: headers.plain, payload: body });
      expect(response.statusCode, response.body).toBe(403);
    }
    expect(await env.db('records').where('name', 'like', 'Created with%').pluck('id')).toEqual([]);
  });
});

describe('records named by other things follow the visibility rule', () => {
  it('shows a claimant no hidden record through their claims or their edit events', async () => {
    const answer = await graphql(`{ user(id: ${users.claimant}) { maintenanceRequests { status fairsharingRecord { id name } } editEvents { fairsharingRecord { id name } } } }`, headers.claimant);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.user.maintenanceRequests).toEqual([{ status: 'pending', fairsharingRecord: null }]);
    expect(answer.data.user.editEvents).toEqual([{ fairsharingRecord: null }]);
    const curator = await graphql(`{ user(id: ${users.claimant}) { maintenanceRequests { fairsharingRecord { id } } } }`, headers.admin);
    expect(curator.data.user.maintenanceRequests).toEqual([{ fairsharingRecord: { id: String(records.hidden) } }]);
  });

  it('names no hidden record and no other person’s unapproved record among suspected duplicates', async () => {
    const body = generalInformation();
    // Named like the hidden record, with the unapproved one's homepage, abbreviated like the public one.
    body.fairsharing_record.metadata = { ...body.fairsharing_record.metadata, name: 'UniProt Knowledgebase', homepage: 'https://www.rcsb.org', abbreviation: 'ENA' };
    const response = await app.inject({ method: 'POST', url: '/fairsharing_records', headers: headers.plain, payload: body });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const named = (response.json().suspected_duplicates ?? []).map((duplicate: { id: number }) => duplicate.id);
    expect(named).toEqual([records.open]);
    // The stranger who created the unapproved record still sees it among theirs.
    const own = generalInformation();
    own.fairsharing_record.metadata = { ...own.fairsharing_record.metadata, name: 'Protein Data Bank' };
    const mine = await app.inject({ method: 'POST', url: '/fairsharing_records', headers: headers.stranger, payload: own });
    expect((mine.json().suspected_duplicates ?? []).map((duplicate: { id: number }) => duplicate.id)).toContain(records.unapproved);
  });
});

describe('a curator’s save', () => {
  it('moves a record to another registry’s type (its registry changes with it)', async () => {
    const [objectType] = await env.db('object_types').insert({ label: 'Nucleotide sequence' }).returning('id');
    const response = await save('curator', generalInformation({ record_type_id: fixture.recordTypes.repository, object_type_ids: [objectType.id] }));
    expect(response.statusCode, response.body).toBe(200);
    expect(await env.db('records').where({ id: records.open }).first('registry_id')).toEqual({ registry_id: fixture.registries.Database });
  });
});
