/**
 * Every identifier the catalogue ever issued keeps resolving (issue 32). On the demo catalogue,
 * curators create, approve, reject, hide, merge (into public, hidden and since-withdrawn records,
 * and in a chain) and withdraw records (with and without a successor). Then every record id,
 * DOI and legacy id ever issued — the seeded catalogue's, the new records', and what the change
 * log (`public_changes`), the tombstones and the redirects name — is asked for through REST, and
 * those the curators touched also through GraphQL and the record URL. Each answers live (200),
 * moved (301 to the record it was merged into), withdrawn (410 with its tombstone) or unknown
 * (404); unknown only while the record is live and hidden now, or if it was never public (the
 * change log shows it public at no moment). None silently 404s after having been public.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { BROWSER_NAVIGATION, buildTestApp } from '../api/support.ts';
import { signUserToken } from '@registry/api/http/auth.ts';

type Answer = 'live' | 'moved' | 'withdrawn' | 'unknown';
interface Issued {
  /** `id:2`, `doi:10.25504/…`, `legacy:bsg-…`. */
  key: string;
  /** The record that issued it. */
  recordId: number;
}

let env: IsolatedEnvironment;
let app: FastifyInstance;
const tokens = { user: '', curator: '', super: '' };
const bearer = (who: keyof typeof tokens) => ({ authorization: `Bearer ${tokens[who]}` });
/** What each record was merged into by this test: `merged.get(a) === b`. */
const merged = new Map<number, number>();
/** Records the test touched: their identifiers are also asked through GraphQL and the record URL. */
const touched = new Set<number>();
let issued: Issued[] = [];

async function ok(response: Promise<{ statusCode: number; body: string }>, status = 200): Promise<void> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
}

const post = (url: string, who: keyof typeof tokens, payload?: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, headers: bearer(who), ...(payload ? { payload } : {}) });
const approve = (id: number) => ok(post(`/fairsharing_records/${id}/approve`, 'curator'));
const hide = (id: number) => ok(post(`/fairsharing_records/${id}/hide`, 'curator', { hidden: true }));
async function merge(from: number, into: number): Promise<void> {
  await ok(post(`/fairsharing_records/${from}/merge`, 'curator', { into }));
  merged.set(from, into);
}
const remove = (id: number, payload?: Record<string, unknown>) =>
  ok(app.inject({ method: 'DELETE', url: `/fairsharing_records/${id}`, headers: bearer('super'), ...(payload ? { payload } : {}) }));

async function create(name: string): Promise<number> {
  const loinc = await env.db('records').where({ id: 2 }).first('name', 'description');
  const recordType = Number((await env.db('record_types').where({ name: 'terminology_artefact' }).first('id')).id);
  const objectType = Number((await env.db('object_types').orderBy('id').first('id')).id);
  const created = await app.inject({
    method: 'POST', url: '/fairsharing_records', headers: bearer('user'),
    payload: { fairsharing_record: { metadata: { name: `${loinc.name} ${name}`, homepage: 'https://loinc.org/', description: loinc.description, status: 'ready' }, record_type_id: recordType, object_type_ids: [objectType] } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = Number(created.json().data.id);
  touched.add(id);
  return id;
}

/** Every identifier the records in the database hold now, and those a tombstone or redirect keeps. */
async function identifiersHeldNow(): Promise<Issued[]> {
  const rows: { id: number; doi: string | null; legacy_ids: string[] }[] = await env.db('records').select('id', 'doi', 'legacy_ids');
  const tombstones: { record_id: number; doi: string | null; legacy_ids: string[] }[] = await env.db('record_tombstones').select('record_id', 'doi', 'legacy_ids');
  const redirects: { identifier: string; record_id: number }[] = await env.db('record_redirects').select('identifier', 'record_id');
  const held = [...rows.map((row) => ({ ...row, recordId: row.id })), ...tombstones.map((row) => ({ ...row, recordId: row.record_id }))];
  return [
    ...held.flatMap((row) => [
      { key: `id:${row.recordId}`, recordId: row.recordId },
      ...(row.doi ? [{ key: `doi:${row.doi.toLowerCase()}`, recordId: row.recordId }] : []),
      ...row.legacy_ids.map((legacyId) => ({ key: `legacy:${legacyId}`, recordId: row.recordId })),
    ]),
    // A redirect's identifier belongs to the merged record: its id is in the key when it is an id.
    ...redirects.filter((row) => row.identifier.startsWith('id:')).map((row) => ({ key: row.identifier, recordId: Number(row.identifier.slice(3)) })),
  ];
}

function unique(list: Issued[]): Issued[] {
  return [...new Map(list.map((entry) => [entry.key, entry])).values()];
}

/**
 * May this record's identifiers answer 404 (docs/api.md, "Identifiers that keep resolving")?
 * Only while the record is live and hidden now (a curator's reversible decision), or if it was
 * never public: no change log row shows it public before or after a change.
 */
async function mayBeUnknown(recordId: number): Promise<boolean> {
  const row = await env.db('records').where({ id: recordId }).first('is_hidden', 'is_approved');
  if (row?.is_hidden) return true;
  if (row && row.is_approved) return false;
  const everPublic = await env.db('public_changes').where({ record_id: recordId }).where((where) => where.where({ is_public: true }).orWhere({ was_public: true })).first('id');
  return !everPublic;
}

function restUrl(key: string): string {
  const [kind, ...rest] = key.split(':');
  const value = rest.join(':');
  return kind === 'id' ? `/fairsharing_records/${value}` : `/fairsharing_record/${encodeURI(value)}`;
}

function answerOf(status: number): Answer {
  if (status === 200) return 'live';
  if (status === 301) return 'moved';
  if (status === 410) return 'withdrawn';
  if (status === 404) return 'unknown';
  throw new Error(`unexpected status ${status}`);
}

/**
 * What REST answers for an identifier of `recordId`. A merged record's identifiers are answered
 * with the record it was merged into (200, as FAIRsharing's API does), or a 301 to it: moved.
 */
async function restAnswer({ key, recordId }: Issued): Promise<Answer> {
  const response = await app.inject({ url: restUrl(key) });
  const answer = answerOf(response.statusCode);
  return answer === 'live' && Number(response.json().data.id) !== recordId ? 'moved' : answer;
}

beforeAll(async () => {
  env = await createIsolatedEnvironment('identifier_permanence');
  await seedDemoCatalogue(env.db);
  const roles = { user: 'user', curator: 'curator', super: 'super_curator' } as const;
  app = await buildTestApp(env.config, { db: env.db });
  for (const [who, role] of Object.entries(roles) as [keyof typeof tokens, string][]) {
    const [row] = await env.db('users').insert({ username: `permanence-${who}`, email: `permanence-${who}@example.org`, role, confirmed_at: env.db.fn.now() }).returning('id');
    tokens[who] = await signUserToken(app, row.id);
  }
  const before = await identifiersHeldNow();

  // Public standards with a DOI and a legacy id, in id order, for the curators' actions.
  const publicRecords: number[] = await env.db('records').where({ is_hidden: false, is_approved: true }).whereNotNull('doi')
    .whereRaw('cardinality(legacy_ids) > 0').orderBy('id').limit(16).pluck('id');
  const [duplicate, canonical, intoWithdrawn, withdrawnLater, gone, successor, goneAlone, hiddenOnly, hiddenThenDeleted,
    intoHidden, hiddenCanonical, chainA, chainB, chainC] = publicRecords;
  for (const id of publicRecords) touched.add(id);

  // Created and rejected (deleted while awaiting approval); created, approved, then withdrawn.
  await remove(await create('(rejected)'));
  const approvedThenGone = await create('(approved, then withdrawn)');
  await approve(approvedThenGone);
  await remove(approvedThenGone, { reason: 'Submitted twice by mistake' });
  // Merges: into a public record; into one withdrawn since; into a hidden one; in a chain.
  await merge(duplicate, canonical);
  await merge(intoWithdrawn, withdrawnLater);
  await remove(withdrawnLater, { reason: 'No longer maintained' });
  await hide(hiddenCanonical);
  await merge(intoHidden, hiddenCanonical);
  await merge(chainA, chainB);
  await merge(chainB, chainC);
  // Withdrawn with and without a successor; hidden; hidden, then deleted.
  await remove(gone, { reason: 'Superseded by its successor', successor_id: successor });
  await remove(goneAlone, { reason: 'The resource went offline' });
  await hide(hiddenOnly);
  await hide(hiddenThenDeleted);
  await remove(hiddenThenDeleted, { reason: 'Hidden, then withdrawn' });

  const fromChangeLog: number[] = await env.db('public_changes').distinct('record_id').pluck('record_id');
  issued = unique([...before, ...(await identifiersHeldNow()), ...fromChangeLog.map((recordId) => ({ key: `id:${recordId}`, recordId }))]);
}, 300_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('every identifier ever issued', () => {
  it('answers live, moved or withdrawn through REST; unknown only for a record hidden now or never public', async () => {
    expect(issued.length).toBeGreaterThan(3_000);
    const wrong: string[] = [];
    const seen = new Map<Answer, number>();
    for (const entry of issued) {
      const { key, recordId } = entry;
      const answer = await restAnswer(entry);
      seen.set(answer, (seen.get(answer) ?? 0) + 1);
      if (answer === 'unknown' && !(await mayBeUnknown(recordId))) wrong.push(`${key} (record ${recordId})`);
    }
    expect(wrong, 'identifiers of records once public that answer 404').toEqual([]);
    // Every kind of answer is met: the walk saw each case the curators made.
    expect([...seen.keys()].sort()).toEqual(['live', 'moved', 'unknown', 'withdrawn']);
  }, 600_000);

  it('answers the same through GraphQL and the record URL for every record the curators touched', async () => {
    const keys = issued.filter((entry) => touched.has(entry.recordId) || [...merged.keys()].includes(entry.recordId));
    expect(keys.length).toBeGreaterThan(touched.size);
    for (const entry of keys) {
      const { key, recordId } = entry;
      const rest = await restAnswer(entry);
      const value = key.slice(key.indexOf(':') + 1);
      const graphql = (await app.inject({ method: 'POST', url: '/graphql', payload: { query: `{ fairsharingRecord(id: "${value}") { id withdrawn { reason } } }` } })).json();
      const record = graphql.data?.fairsharingRecord as { id: string; withdrawn: unknown } | null | undefined;
      // GraphQL follows a merge and answers the record it was merged into (or its tombstone).
      const graphqlAnswer: Answer = !record ? 'unknown' : record.withdrawn ? 'withdrawn' : Number(record.id) === recordId ? 'live' : 'moved';
      expect(graphqlAnswer, key).toBe(rest);
      if (key.startsWith('id:')) {
        const page = await app.inject({ url: `/${value}`, headers: BROWSER_NAVIGATION });
        expect(answerOf(page.statusCode), `page of ${key}`).toBe(rest);
      }
    }
  }, 300_000);
});
