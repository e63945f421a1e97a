/**
 * A record's creator keeps it after a curator approves it: approval makes them a maintainer, so
 * their next save goes through, and they are mailed the decision (approved, or rejected: deleted
 * while awaiting approval). Shared entities added from the editor for a record the viewer may
 * not save are refused before anything is created.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type AccountsHarness } from '../accounts/support.ts';
import { person, startCommunityHarness, type Person } from '../community/support.ts';

let harness: AccountsHarness;
const people = {} as Record<'creator' | 'stranger' | 'curator' | 'superCurator', Person>;
let newRecordBody: (name: string) => Record<string, unknown>;

async function createRecord(name: string): Promise<number> {
  const created = await call(harness.app, { method: 'POST', url: '/fairsharing_records', token: people.creator.token, payload: newRecordBody(name) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return Number((created.body.data as { id: string }).id);
}

const mailsTo = (who: Person, subject: RegExp) => harness.sink.mails.filter((mail) => mail.to.includes(who.email) && subject.test(mail.subject));

beforeAll(async () => {
  harness = await startCommunityHarness('creator_after_approval');
  people.creator = await person(harness, 'record-creator');
  people.stranger = await person(harness, 'record-stranger');
  people.curator = await person(harness, 'record-curator', 'curator');
  people.superCurator = await person(harness, 'record-super', 'super_curator');
  const db = harness.env.db;
  // Real content: LOINC's own description, under a name that marks the copy.
  const loinc = await db('records').where({ id: 2 }).first('name', 'description');
  const standardType = Number((await db('record_types').where({ name: 'terminology_artefact' }).first('id')).id);
  const objectType = Number((await db('object_types').orderBy('id').first('id')).id);
  newRecordBody = (name) => ({
    fairsharing_record: {
      metadata: { name: `${loinc.name} ${name}`, homepage: 'https://loinc.org/', description: loinc.description, status: 'ready' },
      record_type_id: standardType,
      object_type_ids: [objectType],
    },
  });
}, 180_000);

afterAll(async () => {
  await harness?.close();
});

describe('a record approved by a curator', () => {
  it('stays editable by its creator, who now maintains it and is mailed once', async () => {
    const id = await createRecord('(creator keeps it)');
    const approved = await call(harness.app, { method: 'POST', url: `/fairsharing_records/${id}/approve`, token: people.curator.token });
    expect(approved.status).toBe(200);
    expect(await harness.env.db('record_maintainers').where({ record_id: id }).pluck('user_id')).toEqual([people.creator.id]);

    const saved = await call(harness.app, {
      method: 'PUT', url: `/fairsharing_records/${id}`, token: people.creator.token,
      payload: { fairsharing_record: { metadata: { contacts: [{ contact_name: 'LOINC team', contact_email: 'loinc@regenstrief.org' }] } } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const canEdit = await call(harness.app, { method: 'GET', url: `/fairsharing_records/can_edit/${id}`, token: people.creator.token });
    expect(canEdit.body.success).toBe(true);

    const mail = await harness.sink.waitFor((received) => received.to.includes(people.creator.email) && /was approved/.test(received.subject));
    const { name } = await harness.env.db('records').where({ id }).first('name');
    expect(mail.subject).toContain(name);
    expect(mail.text).toContain(`/${id}`);
    expect(mail.text).toMatch(/You maintain it/);

    const again = await call(harness.app, { method: 'POST', url: `/fairsharing_records/${id}/approve`, token: people.curator.token });
    expect(again.status).toBe(200);
    expect(mailsTo(people.creator, new RegExp(`${name.replace(/[()]/g, '\\$&')} was approved`))).toHaveLength(1);
    const approvals = await harness.env.db('edit_events').where({ record_id: id, edit_type: 'approve' }).pluck('edit_event');
    expect(approvals).toHaveLength(1);
    expect(approvals[0].changes.maintainer_ids).toEqual({ before: [], after: [people.creator.id] });
  });

  it('is no longer editable by a creator a curator removed as maintainer', async () => {
    const id = await createRecord('(maintainer removed)');
    expect((await call(harness.app, { method: 'POST', url: `/fairsharing_records/${id}/approve`, token: people.curator.token })).status).toBe(200);
    const removed = await call(harness.app, {
      method: 'POST', url: '/maintenance_requests/remove', token: people.curator.token,
      payload: { maintenance_request: { fairsharing_record_id: id, user_id: people.creator.id } },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const canEdit = await call(harness.app, { method: 'GET', url: `/fairsharing_records/can_edit/${id}`, token: people.creator.token });
    expect(canEdit.body.success).toBe(false);
  });
});

describe('a record deleted while awaiting approval', () => {
  it('is a rejection: its creator is mailed', async () => {
    const id = await createRecord('(rejected)');
    const { name } = await harness.env.db('records').where({ id }).first('name');
    const deleted = await call(harness.app, { method: 'DELETE', url: `/fairsharing_records/${id}`, token: people.superCurator.token });
    expect(deleted.status).toBe(200);
    const mail = await harness.sink.waitFor((received) => received.to.includes(people.creator.email) && /was not approved/.test(received.subject));
    expect(mail.subject).toContain(name);
    expect(mail.text).toMatch(/did not approve/);
  });
});

describe('shared entities added from the editor', () => {
  it('are created only when the viewer may save the record they name', async () => {
    const id = await createRecord('(organisation from the editor)');
    const organisation = { organisation: { name: 'Regenstrief Institute (editor test)', homepage: 'https://www.regenstrief.org/', organisation_type_ids: [], country_ids: [] } };
    const before = await harness.env.db('organisations').count<{ count: string }[]>({ count: '*' });

    const refused = await call(harness.app, { method: 'POST', url: `/organisations?fairsharing_record_id=${id}`, token: people.stranger.token, payload: organisation });
    expect(refused.status).toBe(404);
    const approvedId = await createRecord('(organisation on an approved record)');
    expect((await call(harness.app, { method: 'POST', url: `/fairsharing_records/${approvedId}/approve`, token: people.curator.token })).status).toBe(200);
    const forbidden = await call(harness.app, { method: 'POST', url: `/organisations?fairsharing_record_id=${approvedId}`, token: people.stranger.token, payload: organisation });
    expect(forbidden.status).toBe(403);
    const grant = await call(harness.app, { method: 'POST', url: `/grants?fairsharing_record_id=${approvedId}`, token: people.stranger.token, payload: { grant: { name: 'A grant' } } });
    expect(grant.status).toBe(403);
    const publication = await call(harness.app, { method: 'POST', url: `/publications?fairsharing_record_id=${approvedId}`, token: people.stranger.token, payload: { publication: { title: 'LOINC' } } });
    expect(publication.status).toBe(403);
    const after = await harness.env.db('organisations').count<{ count: string }[]>({ count: '*' });
    expect(after).toEqual(before);

    const allowed = await call(harness.app, { method: 'POST', url: `/organisations?fairsharing_record_id=${approvedId}`, token: people.creator.token, payload: organisation });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
  });
});
