/**
 * What FAIRsharing's web client (at 4a39acf, see requests/README) reads on a new record's page
 * and on its curator dashboard, sent as it sends it (requests/record-page.json,
 * requests/curator-dashboard-lists.json) and checked in the shape it reads.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { signUserToken } from '@registry/api/http/auth.ts';
import { startAccountsHarness, type AccountsHarness } from '../accounts/support.ts';
import { MAX_EXPENSIVE_IN_FLIGHT } from '@registry/api/http/expensive-requests.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const fixture = (name: string): Json => JSON.parse(readFileSync(new URL(`./requests/${name}.json`, import.meta.url), 'utf8'));
const dashboard = fixture('curator-dashboard-lists').requests as Record<string, { body: { query: string } }>;

let harness: AccountsHarness;
const tokens = { curator: '', creator: '' };
let curatorId = 0;
let superCuratorId = 0;
let addressCounter = 0;

async function graphql(query: string, token: string) {
  addressCounter += 1;
  const response = await harness.app.inject({
    method: 'POST', url: '/graphql', payload: { query }, remoteAddress: `10.33.0.${addressCounter % 250 + 1}`,
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json() as Json };
}

/** A record as the client's create form makes it (requests/create-record.json): marked incomplete. */
async function createAsClient(name: string): Promise<number> {
  const { db } = harness.env;
  const body = structuredClone(fixture('create-record').body);
  Object.assign(body.fairsharing_record.metadata, { name, homepage: `https://example.org/${encodeURIComponent(name)}`, description: 'A record made as FAIRsharing\'s create form makes it, for the dashboard\'s requests.' });
  body.fairsharing_record.record_type_id = String((await db('record_types').where({ name: 'model_and_format' }).first('id')).id);
  body.fairsharing_record.country_ids = [String((await db('countries').where({ code: 'GB' }).first('id')).id)];
  const created = await harness.app.inject({
    method: 'POST', url: '/fairsharing_records', payload: body,
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${tokens.creator}` },
  });
  expect(created.statusCode, created.body).toBe(201);
  return Number(created.json().data.id);
}

beforeAll(async () => {
  harness = await startAccountsHarness('fairsharing_client_dashboard');
  const { db } = harness.env;
  await seedDemoCatalogue(db);
  const user = async (username: string, role: string) =>
    Number((await db('users').insert({ username, email: `${username}@example.org`, role, confirmed_at: db.fn.now() }).returning('id'))[0].id);
  curatorId = await user('dashboard-curator', 'curator');
  superCuratorId = await user('dashboard-super', 'super_curator');
  tokens.curator = await signUserToken(harness.app, superCuratorId);
  tokens.creator = await signUserToken(harness.app, await user('dashboard-user', 'user'));
}, 240_000);

afterAll(async () => {
  await harness?.close();
});

const fieldList = expect.arrayContaining([]);

describe('incomplete, in the shape the record page and the Incomplete records tab read', () => {
  it("answers a new record's incomplete as {required, recommended, optional}, each a list of {field, url}", async () => {
    const id = await createAsClient('Dashboard incomplete record');
    const query = (fixture('record-page').body.query as string).replace('fairsharingRecord(id:2 )', `fairsharingRecord(id:${id} )`);
    const answer = await graphql(query, tokens.creator);
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
    const { incomplete } = answer.body.data.fairsharingRecord;
    expect(incomplete).toEqual({ required: fieldList, recommended: fieldList, optional: [] });
    // The create form gave no contacts, licences or organisations: recommended, each linking to the editor.
    expect(incomplete.recommended).toEqual(['contacts', 'licences', 'organisations'].map((field) => ({ field, url: `/${id}/edit` })));
    expect(incomplete.required).toEqual([]);
  });

  it('answers null for a complete record (the page shows no banner)', async () => {
    const { db } = harness.env;
    const complete = await db('records').where({ is_approved: true, is_hidden: false }).orderBy('id').first('id');
    await db('records').where({ id: complete.id }).update({ is_complete: true });
    const query = (fixture('record-page').body.query as string).replace('fairsharingRecord(id:2 )', `fairsharingRecord(id:${complete.id} )`);
    const answer = await graphql(query, tokens.creator);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.fairsharingRecord.incomplete).toBeNull();
  });

  it("answers the Incomplete records tab's rows with what each lacks", async () => {
    const id = await createAsClient('Dashboard incomplete tab');
    const answer = await graphql(dashboard.incompleteRecords.body.query, tokens.curator);
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
    const row = answer.body.data.incompleteRecords.find((record: Json) => Number(record.id) === id);
    expect(row.incomplete.recommended.map((missing: Json) => missing.field)).toEqual(['contacts', 'licences', 'organisations']);
    expect(row.incomplete.required).toEqual([]);
    expect(row.incomplete.optional).toEqual([]);
  });
});

describe("the Records awaiting approval tab's curators", () => {
  it("answers curatorList's role as {name}, which the Assign curator menu sorts by", async () => {
    const answer = await graphql(dashboard.curatorList.body.query, tokens.curator);
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
    const list = answer.body.data.curatorList as Json[];
    expect(list).toContainEqual({ id: String(curatorId), username: 'dashboard-curator', role: { name: 'curator' } });
    expect(list).toContainEqual(expect.objectContaining({ username: 'dashboard-super', role: { name: 'super_curator' } }));
  });

  it('groups records awaiting approval by their assigned curator (the Curator column), not their creator', async () => {
    const id = await createAsClient('Dashboard assigned record');
    const assigned = await harness.app.inject({
      method: 'PUT', url: `/fairsharing_records/${id}`, payload: { fairsharing_record: { curator_id: String(curatorId) } },
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${tokens.curator}` },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const unassigned = await createAsClient('Dashboard unassigned record');
    const answer = await graphql(dashboard.curatorApprovalsRequired.body.query, tokens.curator);
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
    const groupOf = (recordId: number) => (answer.body.data.curatorApprovalsRequired as Json[])
      .find((group) => group.fairsharingRecords.some((record: Json) => Number(record.id) === recordId));
    expect(groupOf(id)).toMatchObject({ id: String(curatorId), username: 'dashboard-curator' });
    expect(groupOf(unassigned)).toMatchObject({ id: '0', username: 'none' });
  });
});

describe("the Download records tab's documents with an empty selection set", () => {
  it('runs {needsReview{}} and {curatorSummaryStatistics{}} as the bare fields, for curators', async () => {
    for (const name of ['needsReview', 'curatorSummaryStatistics'] as const) {
      const { query } = dashboard[name].body;
      expect(query).toBe(`{${name}{}}`);
      const answer = await graphql(query, tokens.curator);
      expect(answer.status).toBe(200);
      expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
      expect(answer.body.data[name]).toEqual((await graphql(`{${name}}`, tokens.curator)).body.data[name]);
    }
  });

  it('answers each as the list of lines the tab joins into its file (a heading line first)', async () => {
    const { db } = harness.env;
    const due = await db('records').where({ is_approved: true }).whereNull('last_reviewed').orderBy('id').first('id', 'name');
    const review = (await graphql(dashboard.needsReview.body.query, tokens.curator)).body.data.needsReview;
    expect(Array.isArray(review) && review.every((line: unknown) => typeof line === 'string')).toBe(true);
    // RecordsNeedingReview.vue: (data.needsReview || []).join("\n")
    const reviewFile = (review as string[]).join('\n').split('\n');
    expect(reviewFile[0]).toBe('id,name,type,last reviewed,updated');
    expect(reviewFile[1]).toMatch(new RegExp(`^${due.id},`));

    const statistics = (await graphql(dashboard.curatorSummaryStatistics.body.query, tokens.curator)).body.data.curatorSummaryStatistics;
    expect(Array.isArray(statistics)).toBe(true);
    const statisticsFile = (statistics as string[]).join('\n').split('\n');
    expect(statisticsFile[0]).toBe('registry,records,awaiting approval,hidden,incomplete,without DOI');
    expect(statisticsFile.slice(1, -1).map((line) => line.split(',')[0]).sort()).toEqual(['Collection', 'Database', 'Policy', 'Standard']);
    expect(statisticsFile.at(-1)).toMatch(/^pending claims,\d+$/);
  });

  it("keeps this registry's JSON for shape: object", async () => {
    const review = (await graphql('{needsReview(shape: object)}', tokens.curator)).body.data.needsReview;
    expect(review).toEqual({ count: expect.any(Number), records: expect.any(Array) });
    const statistics = (await graphql('{curatorSummaryStatistics(shape: object)}', tokens.curator)).body.data.curatorSummaryStatistics;
    expect(statistics).toEqual({ registries: expect.any(Array), pendingClaims: expect.any(Number) });
  });

  it('opens nothing: the access and validation rules see the same fields', async () => {
    const refused = await graphql(dashboard.needsReview.body.query, tokens.creator);
    expect(refused.body.errors?.[0].message).toMatch(/unauthorised/);
    // A field that needs subfields is refused by validation, not answered whole.
    const record = await graphql('{fairsharingRecord(id:1){}}', tokens.curator);
    expect(record.body.errors?.[0].message).toMatch(/must have a selection of subfields/);
    expect(record.body.data ?? null).toBeNull();
  });
});

describe("the Download records tab's files, asked at once", () => {
  const files = fixture('curator-downloads').requests as { method: 'GET'; path: string; headers: Record<string, string> }[];
  const download = (path: string) => {
    const { headers } = files.find((file) => file.path === path)!;
    return harness.app.inject({ method: 'GET', url: path, headers: { ...headers, authorization: `Bearer ${tokens.curator}` } });
  };
  /** What RecordsWithoutDois.vue (and the two by-month components) make of the answer they read. */
  const clientFileText = (data: unknown) => JSON.stringify(data).replace(/^\[(.+)\]$/, '$1').replace(/","/g, '"\r\n"').replace(/['"]+/g, '');

  it('answers each as a JSON list of CSV lines, which the client writes out a line each', async () => {
    for (const file of files) {
      const answer = await download(file.path);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      const lines = answer.json() as unknown[];
      expect(lines.every((line) => typeof line === 'string')).toBe(true);
      const csv = await harness.app.inject({ method: 'GET', url: file.path, headers: { accept: 'text/csv', authorization: `Bearer ${tokens.curator}` } });
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(lines).toEqual(csv.body.replace(/\n$/, '').split('\n'));
      // A line per row (the client drops the quotes of a quoted cell, and keeps JSON's backslash before each).
      const written = clientFileText(lines).split('\r\n');
      expect(written).toHaveLength(lines.length);
      expect(written[0]).toBe(lines[0]);
    }
    const edits = (await download('/files/edit_dates')).json() as string[];
    expect(edits[0]).toBe('month,edits,records edited');
  });

  it('answers all three sent together', async () => {
    const answers = await Promise.all(files.map((file) => download(file.path)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
  });

  it('counts the month-by-month counts as ordinary requests; the list of records without a DOI stays counted', async () => {
    const key = harness.app.expensiveInFlightKey(`user:${superCuratorId}`);
    await harness.app.redis.set(key, String(MAX_EXPENSIVE_IN_FLIGHT));
    try {
      const [noDois, creations, edits] = await Promise.all(files.map((file) => download(file.path)));
      expect(noDois.statusCode).toBe(429);
      expect([creations.statusCode, edits.statusCode]).toEqual([200, 200]);
    } finally {
      await harness.app.redis.del(key);
    }
  });
});
