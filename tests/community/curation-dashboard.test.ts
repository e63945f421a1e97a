/**
 * The curator dashboard's GraphQL queries answer from Postgres: records awaiting approval by
 * creator, recent user edits, pending claims, hidden, incomplete, least recently updated, needing
 * review, recent curator creations, the curators, per-registry counts and the summary; anyone but
 * a curator is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type AccountsHarness } from '../accounts/support.ts';
import { demoRecords, person, startCommunityHarness, type Person } from './support.ts';

let harness: AccountsHarness;
let user: Person;
let curator: Person;
let records: { id: number; name: string }[];
let hidden: { id: number; name: string };

async function graphql(query: string, who?: Person) {
  const response = await call(harness.app, { method: 'POST', url: '/graphql', token: who?.token, payload: { query } });
  return response.body as { data: Record<string, unknown> | null; errors?: { message: string }[] };
}

beforeAll(async () => {
  harness = await startCommunityHarness('curation_dashboard');
  user = await person(harness, 'dashboard-user');
  curator = await person(harness, 'dashboard-curator', 'curator');
  const demo = await demoRecords(harness);
  records = demo.visible;
  hidden = demo.hidden;
  const db = harness.env.db;
  // Fixtures: states of real records (awaiting approval, edited by a user, incomplete, created by a curator).
  await db('records').where({ id: records[0].id }).update({ is_approved: false, created_by_id: user.id });
  await db('records').where({ id: records[1].id }).update({ last_editor_id: user.id, last_edited: new Date() });
  await db('records').where({ id: records[2].id }).update({ is_complete: false, created_by_id: curator.id });
  await call(harness.app, { method: 'POST', url: '/maintenance_requests', token: user.token, payload: { maintenance_request: { fairsharing_record_id: records[3].id } } });
}, 180_000);

afterAll(async () => {
  await harness?.close();
});

describe('curator dashboard queries', () => {
  it('refuse anyone who is not a curator', async () => {
    for (const field of ['curatorApprovalsRequired { id }', 'pendingMaintenanceRequests { id }', 'curationSummary { messages { id } }']) {
      expect((await graphql(`{ ${field} }`, user)).errors?.[0].message).toMatch(/unauthorised/);
      expect((await graphql(`{ ${field} }`)).errors?.[0].message).toMatch(/unauthorised/);
    }
  });

  it('list records awaiting approval by assigned curator (none here), and recent edits by users', async () => {
    const answer = await graphql(`{
      curatorApprovalsRequired { username fairsharingRecords { id name type creator { username } maintainers { username } } }
      userApprovalsRequired { username fairsharingRecords { id lastEditor { username } } }
    }`, curator);
    expect(answer.errors).toBeUndefined();
    const approvals = answer.data!.curatorApprovalsRequired as { username: string; fairsharingRecords: { id: string; name: string; creator: { username: string } }[] }[];
    expect(approvals).toEqual([expect.objectContaining({ username: 'none' })]);
    expect(approvals[0].fairsharingRecords.map((record) => Number(record.id))).toEqual([records[0].id]);
    expect(approvals[0].fairsharingRecords[0]).toMatchObject({ name: records[0].name, creator: { username: user.username } });
    const edits = answer.data!.userApprovalsRequired as { username: string; fairsharingRecords: { id: string }[] }[];
    expect(edits[0].username).toBe(user.username);
    expect(edits[0].fairsharingRecords.map((record) => Number(record.id))).toContain(records[1].id);
  });

  it('list pending claims, hidden, incomplete, least recently updated and recent curator creations', async () => {
    const answer = await graphql(`{
      pendingMaintenanceRequests { id createdAt user { username } fairsharingRecord { id name } }
      hiddenRecords { id }
      incompleteRecords { id incomplete }
      leastRecentlyUpdatedRecords { id updatedAt }
      recentCuratorCreations { id creator { username } }
    }`, curator);
    expect(answer.errors).toBeUndefined();
    const data = { ...answer.data!, ...(await graphql('{ curatorList { username } }', curator)).data };
    expect(data.pendingMaintenanceRequests).toEqual([expect.objectContaining({ user: { username: user.username }, fairsharingRecord: { id: String(records[3].id), name: records[3].name } })]);
    expect((data.hiddenRecords as { id: string }[]).map((record) => Number(record.id))).toContain(hidden.id);
    expect(data.incompleteRecords).toContainEqual({ id: String(records[2].id), incomplete: expect.objectContaining({ required: expect.any(Array), recommended: expect.any(Array), optional: [] }) });
    expect((data.leastRecentlyUpdatedRecords as unknown[]).length).toBeGreaterThan(0);
    expect(data.recentCuratorCreations).toEqual([{ id: String(records[2].id), creator: { username: curator.username } }]);
    expect(data.curatorList).toEqual([{ username: curator.username }]);
  });

  it('count records needing review and per registry, and answer the whole summary', async () => {
    const before = await graphql('{ needsReview(shape: object) curatorSummaryStatistics(shape: object) }', curator);
    const due = before.data!.needsReview as { count: number; records: { id: number }[] };
    expect(due.count).toBeGreaterThan(0);
    const reviewed = due.records[0].id;
    await call(harness.app, { method: 'POST', url: '/record_reviews', token: curator.token, payload: { record_review: { fairsharing_record_id: reviewed } } });
    const after = await graphql('{ needsReview(shape: object) }', curator);
    expect((after.data!.needsReview as { count: number }).count).toBe(due.count - 1);
    const statistics = before.data!.curatorSummaryStatistics as { registries: { registry: string; awaitingApproval: number }[]; pendingClaims: number };
    expect(statistics.registries.map((row) => row.registry).sort()).toEqual(['Collection', 'Database', 'Policy', 'Standard']);
    expect(statistics.registries.reduce((sum, row) => sum + row.awaitingApproval, 0)).toBeGreaterThanOrEqual(1);
    expect(statistics.pendingClaims).toBe(1);

    const summary = await graphql(`{ curationSummary {
      leastRecentlyUpdated needsReview curatorSummaryStatistics messages { id } curatorList { username }
      approvalsRequired { username fairsharingRecords { id processingNotes } }
      pendingMaintenanceRequests { id user { username } }
      recentCuratorCreations { id } recordsInCuration { username } hiddenRecords { id }
    } }`, curator);
    expect(summary.errors).toBeUndefined();
    const body = summary.data!.curationSummary as Record<string, unknown[]>;
    expect(body.approvalsRequired).toEqual([{ username: 'none', fairsharingRecords: [{ id: String(records[0].id), processingNotes: [] }] }]);
    expect(body.pendingMaintenanceRequests).toHaveLength(1);
    expect(body.recordsInCuration).toEqual([{ username: user.username }]);
  });
});

describe('curators’ downloads', () => {
  const download = (path: string, who?: Person) => harness.app.inject({ url: `/files/${path}`, headers: who ? { authorization: `Bearer ${who.token}` } : {} });
  const lines = (body: string) => body.trim().split('\n');

  it('are refused to anyone who is not a curator', async () => {
    for (const path of ['no_dois', 'creation_dates', 'edit_dates']) {
      expect((await download(path)).statusCode).toBe(401);
      expect((await download(path, user)).statusCode).toBe(403);
    }
  });

  it('list records without a DOI with the reason', async () => {
    const response = await download('no_dois', curator);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    const rows = lines(response.body);
    expect(rows[0]).toBe('id,name,abbreviation,registry,type,status,created,reason');
    const withoutDoi = Number((await harness.env.db('records').whereNull('doi').count<{ count: string }[]>('id as count'))[0].count);
    expect(rows).toHaveLength(withoutDoi + 1);
    for (const row of rows.slice(1)) expect(row).toMatch(/,(awaiting approval|hidden|incomplete|awaiting registration)$/);
  });

  it('count creations and edits per month', async () => {
    const creations = lines((await download('creation_dates', curator)).body);
    expect(creations[0]).toBe('month,Collection,Database,Policy,Standard,total');
    const total = creations.slice(1).reduce((sum, row) => sum + Number(row.split(',').at(-1)), 0);
    const dated = Number((await harness.env.db('records').whereNotNull('created_at').count<{ count: string }[]>('id as count'))[0].count);
    expect(total).toBe(dated);

    await call(harness.app, { method: 'POST', url: `/fairsharing_records/${records[0].id}/approve`, token: curator.token });
    const edits = lines((await download('edit_dates', curator)).body);
    expect(edits[0]).toBe('month,edits,records edited');
    expect(edits.at(-1)).toBe(`${new Date().toISOString().slice(0, 7)},1,1`);
  });
});
