/**
 * The curator dashboard's paged, sorted lists and what curators keep about a record while curating
 * it: processing notes (POST /fairsharing_records/{id}/processing_notes) and the assigned curator
 * (PUT /fairsharing_records/{id}/curator), read back through GraphQL. Assigning never approves.
 * Curators and super curators may; users and anonymous visitors are refused; bad input gets a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type AccountsHarness } from '../accounts/support.ts';
import { demoRecords, person, startCommunityHarness, type Person } from './support.ts';

let harness: AccountsHarness;
let user: Person;
let curator: Person;
let superCurator: Person;
let pending: { id: number; name: string }[];

async function graphql(query: string, who?: Person) {
  const response = await call(harness.app, { method: 'POST', url: '/graphql', token: who?.token, payload: { query } });
  return response.body as { data: Record<string, unknown> | null; errors?: { message: string }[] };
}

const note = (recordId: number, text: unknown, who?: Person) =>
  call(harness.app, { method: 'POST', url: `/fairsharing_records/${recordId}/processing_notes`, token: who?.token, payload: { processing_note: { note: text } } });
const assign = (recordId: number, curatorId: number | null, who?: Person) =>
  call(harness.app, { method: 'PUT', url: `/fairsharing_records/${recordId}/curator`, token: who?.token, payload: { curator_id: curatorId } });

type Approval = { username: string; fairsharingRecords: { id: string; name: string }[] };
const approvalIds = (data: Record<string, unknown> | null) =>
  (data!.curatorApprovalsRequired as Approval[]).flatMap((person) => person.fairsharingRecords.map((record) => Number(record.id)));

beforeAll(async () => {
  harness = await startCommunityHarness('curation_dashboard_actions');
  user = await person(harness, 'actions-user');
  curator = await person(harness, 'actions-curator', 'curator');
  superCurator = await person(harness, 'actions-super', 'super_curator');
  const demo = await demoRecords(harness);
  // Four real records awaiting approval, created by the user a day apart (oldest first).
  pending = demo.visible;
  for (const [index, record] of pending.entries()) {
    await harness.env.db('records').where({ id: record.id }).update({ is_approved: false, created_by_id: user.id, created_at: new Date(Date.UTC(2024, 0, 1 + index)) });
  }
}, 180_000);

afterAll(async () => {
  await harness?.close();
});

describe('dashboard lists', () => {
  it('answer one page at a time, in the order asked for', async () => {
    const first = await graphql('{ curatorApprovalsRequired(page: 1, perPage: 2) { username fairsharingRecords { id name } } }', curator);
    expect(first.errors).toBeUndefined();
    expect(approvalIds(first.data)).toEqual([pending[0].id, pending[1].id]);
    const second = await graphql('{ curatorApprovalsRequired(page: 2, perPage: 3) { username fairsharingRecords { id } } }', curator);
    expect(approvalIds(second.data)).toEqual([pending[3].id]);
    const newest = await graphql('{ curatorApprovalsRequired(perPage: 2, sort: newest) { username fairsharingRecords { id } } }', curator);
    expect(approvalIds(newest.data)).toEqual([pending[3].id, pending[2].id]);
    const byName = await graphql('{ curatorApprovalsRequired(sort: name) { username fairsharingRecords { id name } } }', curator);
    const names = (byName.data!.curatorApprovalsRequired as Approval[])[0].fairsharingRecords.map((record) => record.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toHaveLength(4);
  });

  it('keep the shapes asked without arguments, and page needsReview and recent curator creations', async () => {
    expect((await graphql('{ hiddenRecords { id } incompleteRecords { id missing } }', curator)).errors).toBeUndefined();
    const due = await graphql('{ needsReview(page: 2, perPage: 3, shape: object) }', curator);
    const firstPage = await graphql('{ needsReview(perPage: 6, shape: object) }', curator);
    const ids = (data: Record<string, unknown> | null) => (data!.needsReview as { records: { id: number }[] }).records.map((record) => record.id);
    expect(ids(due.data)).toEqual(ids(firstPage.data).slice(3, 6));
  });

  it('page recent curator creations newest first across curators', async () => {
    // Seven more real records, created by the two curators in turn, a day apart.
    const created = await harness.env.db('records').where({ is_hidden: false, is_approved: true }).whereNotIn('id', pending.map((record) => record.id))
      .orderBy('id').offset(10).limit(7).pluck('id');
    for (const [index, id] of created.entries()) {
      await harness.env.db('records').where({ id }).update({ created_by_id: index % 2 ? superCurator.id : curator.id, created_at: new Date(Date.UTC(2025, 0, 1 + index)) });
    }
    const ids = async (query: string) => ((await graphql(query, curator)).data!.recentCuratorCreations as { id: string }[]).map((record) => Number(record.id));
    const newestFirst = [...created].reverse();
    expect(await ids('{ recentCuratorCreations(perPage: 7) { id } }')).toEqual(newestFirst);
    expect(await ids('{ recentCuratorCreations(page: 2, perPage: 3) { id } }')).toEqual(newestFirst.slice(3, 6));
    expect(await ids('{ recentCuratorCreations(page: 3, perPage: 3) { id } }')).toEqual(newestFirst.slice(6, 7));
  });

  it('say what an incomplete record lacks', async () => {
    const record = pending[0];
    await harness.env.db('records').where({ id: record.id }).update({ is_complete: false, homepage: null });
    const answer = await graphql('{ incompleteRecords(perPage: 100) { id missing } }', curator);
    const row = (answer.data!.incompleteRecords as { id: string; missing: string[] }[]).find((candidate) => Number(candidate.id) === record.id);
    expect(row?.missing).toContain('homepage');
  });

  it('refuse bad pages with a message, and users', async () => {
    expect((await graphql('{ hiddenRecords(perPage: 101) { id } }', curator)).errors?.[0].message).toMatch(/perPage must be a whole number from 1 to 100/);
    expect((await graphql('{ hiddenRecords(page: 0) { id } }', curator)).errors?.[0].message).toMatch(/page must be/);
    expect((await graphql('{ hiddenRecords(sort: sideways) { id } }', curator)).errors?.[0].message).toMatch(/sideways/);
    expect((await graphql('{ hiddenRecords(page: 1) { id } }', user)).errors?.[0].message).toMatch(/unauthorised/);
  });
});

describe('processing notes and the assigned curator', () => {
  it('are refused to anonymous visitors and users', async () => {
    const record = pending[1].id;
    expect((await note(record, 'A note')).status).toBe(401);
    expect((await note(record, 'A note', user)).status).toBe(403);
    expect((await assign(record, curator.id)).status).toBe(401);
    expect((await assign(record, curator.id, user)).status).toBe(403);
  });

  it('are kept by curators and super curators and read back; assigning does not approve the record', async () => {
    const record = pending[1].id;
    const added = await note(record, '  Asked the developers for a licence.  ', curator);
    expect(added.status).toBe(201);
    expect((added.body.processing_note as { note: string }).note).toBe('Asked the developers for a licence.');
    expect((await note(record, 'Licence found.', superCurator)).status).toBe(201);
    const assigned = await assign(record, curator.id, superCurator);
    expect(assigned.status).toBe(200);
    expect(assigned.body.curator_id).toBe(curator.id);
    expect((await harness.env.db('records').where({ id: record }).first('is_approved')).is_approved).toBe(false);

    const answer = await graphql(`{ curatorApprovalsRequired(perPage: 100) { fairsharingRecords { id curator { username } processingNotes { note user { username } createdAt } } } }`, curator);
    const row = (answer.data!.curatorApprovalsRequired as { fairsharingRecords: { id: string; curator: { username: string } | null; processingNotes: { note: string; user: { username: string } }[] }[] }[])
      .flatMap((person) => person.fairsharingRecords).find((candidate) => Number(candidate.id) === record);
    expect(row?.curator).toEqual({ username: curator.username });
    expect(row?.processingNotes.map((item) => [item.note, item.user.username])).toEqual([
      ['Asked the developers for a licence.', curator.username],
      ['Licence found.', superCurator.username],
    ]);
    const summary = await graphql('{ curationSummary { approvalsRequired { fairsharingRecords { id processingNotes } } } }', curator);
    const summaryRow = (summary.data!.curationSummary as { approvalsRequired: { fairsharingRecords: { id: string; processingNotes: { note: string }[] }[] }[] })
      .approvalsRequired.flatMap((person) => person.fairsharingRecords).find((candidate) => Number(candidate.id) === record);
    expect(summaryRow?.processingNotes.map((item) => item.note)).toEqual(['Asked the developers for a licence.', 'Licence found.']);

    expect((await assign(record, null, curator)).body.curator_id).toBeNull();
    expect((await graphql(`{ hiddenRecords { id } }`, curator)).errors).toBeUndefined();
    const cleared = await harness.env.db('record_curator_assignments').where({ record_id: record });
    expect(cleared).toEqual([]);
  });

  it('refuse bad input with a message and write nothing', async () => {
    const record = pending[2].id;
    const empty = await note(record, '   ', curator);
    expect(empty.status).toBe(400);
    const long = await note(record, 'x'.repeat(2001), curator);
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/at most 2000 characters/);
    expect((await note(99_999_999, 'A note', curator)).status).toBe(404);
    const notCurator = await assign(record, user.id, curator);
    expect(notCurator.status).toBe(400);
    expect(notCurator.body.message).toMatch(/Only an active curator/);
    expect((await assign(99_999_999, curator.id, curator)).status).toBe(404);
    expect(await harness.env.db('processing_notes').where({ record_id: record })).toEqual([]);
    expect(await harness.env.db('record_curator_assignments').where({ record_id: record })).toEqual([]);
  });
});

describe('hiding from the dashboard', () => {
  const hide = (recordId: number, hidden: boolean, who?: Person) =>
    call(harness.app, { method: 'POST', url: `/fairsharing_records/${recordId}/hide`, token: who?.token, payload: { hidden } });

  it('is for curators: the record leaves public view and comes back', async () => {
    const record = pending[3].id;
    expect((await hide(record, true)).status).toBe(401);
    expect((await hide(record, true, user)).status).toBe(403);
    expect((await hide(record, true, curator)).status).toBe(200);
    const hiddenIds = async () => ((await graphql('{ hiddenRecords(perPage: 100) { id } }', curator)).data!.hiddenRecords as { id: string }[]).map((row) => Number(row.id));
    expect(await hiddenIds()).toContain(record);
    expect((await hide(record, false, superCurator)).status).toBe(200);
    expect(await hiddenIds()).not.toContain(record);
    const bad = await call(harness.app, { method: 'POST', url: `/fairsharing_records/${record}/hide`, token: curator.token, payload: { hidden: 'yes' } });
    expect(bad.status).toBe(400);
  });
});
