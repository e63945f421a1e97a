/**
 * Claims (maintenance requests) through the REST API: claiming with a message, the mails to the
 * claimant and the curators, a curator's decision (with its message, the mails to both sides,
 * the new maintainer, the edit event and the index intent), stopping maintaining, and each refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsHarness } from '../accounts/support.ts';
import { call } from '../accounts/support.ts';
import { demoRecords, person, startCommunityHarness, type Person } from './support.ts';

let harness: AccountsHarness;
let claimant: Person;
let other: Person;
let otherMaintainer: Person;
let curator: Person;
let record: { id: number; name: string };
let ownedRecord: { id: number; name: string };
let hidden: { id: number; name: string };
let claimId: number;

const claim = (who: Person | null, body: Record<string, unknown>) =>
  call(harness.app, { method: 'POST', url: '/maintenance_requests', token: who?.token, payload: { maintenance_request: body } });
const decide = (who: Person, id: number, body: Record<string, unknown>) =>
  call(harness.app, { method: 'PUT', url: `/maintenance_requests/${id}`, token: who.token, payload: { maintenance_request: body } });
const remove = (who: Person, body: Record<string, unknown>) =>
  call(harness.app, { method: 'POST', url: '/maintenance_requests/remove', token: who.token, payload: { maintenance_request: body } });
const existing = (who: Person, id: number) => call(harness.app, { url: `/maintenance_requests/existing/${id}`, token: who.token });
const recordUpdatedAt = async (id: number): Promise<Date | null> =>
  ((await harness.env.db('records').where({ id }).first('updated_at')) as { updated_at: Date | null }).updated_at;
const canEdit = async (who: Person, id: number) => (await call(harness.app, { url: `/fairsharing_records/can_edit/${id}`, token: who.token })).body.success;

beforeAll(async () => {
  harness = await startCommunityHarness('claims');
  claimant = await person(harness, 'claimant');
  other = await person(harness, 'other-claimant');
  otherMaintainer = await person(harness, 'other-maintainer');
  curator = await person(harness, 'claims-curator', 'curator');
  const records = await demoRecords(harness);
  [record, ownedRecord] = records.visible;
  hidden = records.hidden;
  await harness.env.db('record_maintainers').insert({ record_id: ownedRecord.id, user_id: otherMaintainer.id });
}, 180_000);

afterAll(async () => {
  await harness?.close();
});

describe('POST /maintenance_requests', () => {
  it('needs a signed-in person', async () => {
    expect((await claim(null, { fairsharing_record_id: record.id })).status).toBe(401);
  });

  it('refuses a missing or unknown record and a record the person cannot see', async () => {
    const missing = await claim(claimant, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Required/);
    expect((await claim(claimant, { fairsharing_record_id: 2_000_000 })).status).toBe(404);
    expect((await claim(claimant, { fairsharing_record_id: hidden.id })).status).toBe(404);
    expect((await claim(claimant, { fairsharing_record_id: record.id, message: 'x'.repeat(1001) })).status).toBe(400);
  });

  it('records a pending claim with the message, says when to expect an answer, and mails the claimant and the curators', async () => {
    const response = await claim(claimant, { fairsharing_record_id: record.id, message: 'I lead the team that develops it.' });
    expect(response.status).toBe(201);
    expect(response.body.message).toMatch(/within five working days/);
    const saved = response.body.maintenance_request as { id: number; status: string; claimant_message: string };
    expect(saved).toMatchObject({ status: 'pending', claimant_message: 'I lead the team that develops it.', fairsharing_record_id: record.id, user_id: claimant.id });
    claimId = saved.id;
    const toClaimant = await harness.sink.waitFor((mail) => mail.to.includes(claimant.email) && mail.subject.includes(`your claim on ${record.name}`));
    expect(toClaimant.text).toMatch(/within five working days/);
    expect(toClaimant.text).toContain(`http://registry.test/${record.id}`);
    const toCurator = await harness.sink.waitFor((mail) => mail.to.includes(curator.email) && mail.subject.includes('claimant claims'));
    expect(toCurator.text).toContain('I lead the team that develops it.');
  });

  it('refuses a second pending claim on the same record', async () => {
    const again = await claim(claimant, { fairsharing_record_id: record.id });
    expect(again.status).toBe(409);
  });

  it('shows the claimant the state of their claim', async () => {
    const state = await existing(claimant, record.id);
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ existing: 'pending', maintainer: false });
    expect((await existing(other, record.id)).body).toMatchObject({ existing: null, maintainer: false, maintenance_request: null });
    expect((await call(harness.app, { url: `/maintenance_requests/existing/${record.id}` })).status).toBe(401);
    expect((await existing(claimant, hidden.id)).status).toBe(404);
  });
});

describe('PUT /maintenance_requests/{id}', () => {
  it('refuses a user, the claimant and the maintainer of another record', async () => {
    for (const who of [other, claimant, otherMaintainer]) {
      expect((await decide(who, claimId, { status: 'approved' })).status).toBe(403);
    }
    expect(await canEdit(claimant, record.id)).toBe(false);
  });

  it('accepts only approved or rejected', async () => {
    for (const status of ['withdrawn', 'pending', 'maybe']) {
      const response = await decide(curator, claimId, { status });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/approved, rejected/);
    }
    expect((await decide(curator, 999_999, { status: 'approved' })).status).toBe(404);
  });

  it('approving makes the claimant a maintainer who can edit, with an edit event, an index intent and mails to both sides', async () => {
    const updatedBefore = await recordUpdatedAt(record.id);
    const outboxBefore = await harness.env.db('index_outbox').where({ entity_type: 'record', entity_id: record.id }).count<{ count: string }[]>('id as count');
    const response = await decide(curator, claimId, { status: 'approved', message: 'Welcome aboard.' });
    expect(response.status).toBe(200);
    expect(response.body.maintenance_request).toMatchObject({ status: 'approved', curator_message: 'Welcome aboard.' });
    expect(await canEdit(claimant, record.id)).toBe(true);
    const event = await harness.env.db('edit_events').where({ record_id: record.id }).orderBy('id', 'desc').first('edit_event', 'user_id');
    expect(event.user_id).toBe(curator.id);
    expect(event.edit_event).toMatchObject({ section: 'maintainers', changes: { added: [claimant.id] } });
    const outboxAfter = await harness.env.db('index_outbox').where({ entity_type: 'record', entity_id: record.id }).count<{ count: string }[]>('id as count');
    expect(Number(outboxAfter[0].count)).toBe(Number(outboxBefore[0].count) + 1);
    // A claim is not a change to the record's content: its public "Last updated" stays.
    expect(await recordUpdatedAt(record.id)).toEqual(updatedBefore);
    const toClaimant = await harness.sink.waitFor((mail) => mail.to.includes(claimant.email) && /was approved/.test(mail.subject));
    expect(toClaimant.text).toContain('Welcome aboard.');
    const toCurator = await harness.sink.waitFor((mail) => mail.to.includes(curator.email) && /you approved claimant's claim/.test(mail.subject));
    expect(toCurator.text).toContain(record.name);
    expect((await existing(claimant, record.id)).body).toMatchObject({ existing: 'approved', maintainer: true });
    const profile = await call(harness.app, {
      method: 'POST', url: '/graphql', token: claimant.token,
      payload: { query: `{ user(id: ${claimant.id}) { maintenanceRequests { status fairsharingRecord { id } } maintainedRecords { id } } }` },
    });
    expect(profile.body.data).toEqual({ user: { maintenanceRequests: [{ status: 'approved', fairsharingRecord: { id: String(record.id) } }], maintainedRecords: [{ id: String(record.id) }] } });
  });

  it('refuses to decide a claim twice', async () => {
    expect((await decide(curator, claimId, { status: 'rejected' })).status).toBe(409);
  });

  it('rejecting leaves the record as it was and tells the claimant why', async () => {
    const made = await claim(other, { fairsharing_record_id: record.id });
    const id = (made.body.maintenance_request as { id: number }).id;
    const response = await decide(curator, id, { status: 'rejected', message: 'Please ask from your institutional address.' });
    expect(response.body.maintenance_request).toMatchObject({ status: 'rejected' });
    expect(await canEdit(other, record.id)).toBe(false);
    const mail = await harness.sink.waitFor((m) => m.to.includes(other.email) && /was rejected/.test(m.subject));
    expect(mail.text).toContain('Please ask from your institutional address.');
  });
});

describe('POST /maintenance_requests/remove', () => {
  it('refuses to remove someone else unless a curator asks', async () => {
    expect((await remove(other, { fairsharing_record_id: record.id, user_id: claimant.id })).status).toBe(403);
    expect((await remove(otherMaintainer, { fairsharing_record_id: record.id, user_id: claimant.id })).status).toBe(403);
  });

  it('lets a maintainer stop maintaining: the claim is withdrawn, the record re-indexed, editing refused', async () => {
    const updatedBefore = await recordUpdatedAt(record.id);
    const response = await remove(claimant, { fairsharing_record_id: record.id });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ removed_maintainer: true, withdrawn_claims: 1 });
    expect(await canEdit(claimant, record.id)).toBe(false);
    expect((await existing(claimant, record.id)).body).toMatchObject({ existing: 'withdrawn', maintainer: false });
    const event = await harness.env.db('edit_events').where({ record_id: record.id }).orderBy('id', 'desc').first('edit_event');
    expect(event.edit_event).toMatchObject({ section: 'maintainers', changes: { removed: [claimant.id] } });
    expect(await recordUpdatedAt(record.id)).toEqual(updatedBefore);
    expect((await remove(claimant, { fairsharing_record_id: record.id })).status).toBe(404);
  });

  it('withdraws a pending claim', async () => {
    await claim(claimant, { fairsharing_record_id: ownedRecord.id });
    const response = await remove(claimant, { fairsharing_record_id: ownedRecord.id });
    expect(response.body).toMatchObject({ removed_maintainer: false, withdrawn_claims: 1 });
  });

  it('lets a curator remove a maintainer', async () => {
    const response = await remove(curator, { fairsharing_record_id: ownedRecord.id, user_id: otherMaintainer.id });
    expect(response.status).toBe(200);
    expect(await canEdit(otherMaintainer, ownedRecord.id)).toBe(false);
  });
});
