/**
 * Every identifier the catalogue ever issued keeps resolving (issue 32, "Must hold"). On the demo
 * catalogue, curators and a creator create, approve, hide, merge (into public, hidden and
 * never-approved records), withdraw (with and without successor), reject and delete records; the
 * test keeps its own ledger of every record row it saw after each step (id, DOI, legacy ids, and
 * whether it was public then). It then walks every identifier the history tables name
 * (`records`, `edit_events`, `public_changes`, `record_redirects`, `record_tombstones`) through
 * REST, GraphQL and the record page URL, and checks the rule of docs/api.md "Identifiers that
 * keep resolving":
 * - an identifier that a record carried while public (approved and not hidden, at some step)
 *   answers live, moved (301 to a public record) or withdrawn (410) — never 404, unless it names a
 *   live record that is hidden now;
 * - any other identifier answers 404, or a move to a public record: never a record no visitor
 *   may see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';
import { signUserToken } from '@registry/api/http/auth.ts';

type Role = 'creator' | 'curator' | 'super';
type RecordRow = { id: number; doi: string | null; legacy_ids: string[]; is_approved: boolean; is_hidden: boolean };

let env: IsolatedEnvironment;
let app: FastifyInstance;
const tokens = {} as Record<Role, string>;
const bearer = (role: Role) => ({ authorization: `Bearer ${tokens[role]}` });

/** Identifier (`id:…`, `doi:…` lower-case, `legacy:…` lower-case) → the record ids that carried it, and whether one of them did while public. */
const ledger = new Map<string, { carriers: Set<number>; public: boolean }>();

function keysOf(row: Pick<RecordRow, 'id' | 'doi' | 'legacy_ids'>): string[] {
  return [`id:${row.id}`, ...(row.doi ? [`doi:${row.doi.toLowerCase()}`] : []), ...(row.legacy_ids ?? []).map((legacyId) => `legacy:${legacyId.toLowerCase()}`)];
}

/** Notes every record row as it is now. */
async function snapshot(): Promise<void> {
  const rows: RecordRow[] = await env.db('records').select('id', 'doi', 'legacy_ids', 'is_approved', 'is_hidden');
  for (const row of rows) {
    for (const key of keysOf(row)) {
      const entry = ledger.get(key) ?? { carriers: new Set<number>(), public: false };
      entry.carriers.add(row.id);
      entry.public ||= row.is_approved && !row.is_hidden;
      ledger.set(key, entry);
    }
  }
}

/** One curation step, then a snapshot; the step must succeed. */
async function step(method: 'POST' | 'DELETE', url: string, role: Role, payload?: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await app.inject({ method, url, headers: bearer(role), ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  await snapshot();
  return response.json();
}

/** Every identifier the history tables name, as ledger keys. */
async function identifiersInHistory(): Promise<Set<string>> {
  const { db } = env;
  const keys = new Set<string>();
  const addRecord = (row: { id?: unknown; doi?: unknown; legacy_ids?: unknown; legacyIds?: unknown }) => {
    if (row.id !== undefined && row.id !== null) keys.add(`id:${Number(row.id)}`);
    if (typeof row.doi === 'string') keys.add(`doi:${row.doi.toLowerCase()}`);
    for (const legacyId of (row.legacy_ids ?? row.legacyIds ?? []) as string[]) keys.add(`legacy:${legacyId.toLowerCase()}`);
  };
  for (const row of await db('records').select('id', 'doi', 'legacy_ids')) addRecord(row);
  for (const { record_id: id } of await db('public_changes').distinct('record_id')) addRecord({ id });
  for (const row of await db('edit_events').select('record_id', 'edit_event')) {
    addRecord({ id: row.record_id });
    const event = row.edit_event as { deletedRecord?: object; mergedRecord?: object; into?: number; withdrawn?: { successorId?: number | null } };
    if (event.deletedRecord) addRecord(event.deletedRecord);
    if (event.mergedRecord) addRecord(event.mergedRecord);
    addRecord({ id: event.into });
    addRecord({ id: event.withdrawn?.successorId });
  }
  for (const { identifier } of await db('record_redirects').select('identifier')) keys.add(identifier);
  for (const row of await db('record_tombstones').select('*')) {
    addRecord({ id: row.record_id, doi: row.doi, legacy_ids: row.legacy_ids });
    for (const identifier of row.merged_identifiers as string[]) keys.add(identifier);
    addRecord({ id: row.successor_id });
  }
  return keys;
}

/** The identifier as a caller types it: a number, the DOI, the legacy id. */
function identifierOf(key: string): string {
  return key.slice(key.indexOf(':') + 1);
}

let everyKey: string[];
let names: Record<string, number>;

beforeAll(async () => {
  env = await createIsolatedEnvironment('identifier_permanence');
  const { db } = env;
  await seedDemoCatalogue(db);
  const userIds = {} as Record<Role, number>;
  for (const [role, userRole] of [['creator', undefined], ['curator', 'curator'], ['super', 'super_curator']] as const) {
    const [row] = await db('users').insert({ username: `${role}-permanence`, email: `${role}-permanence@example.org`, ...(userRole ? { role: userRole } : {}), confirmed_at: db.fn.now() }).returning('id');
    userIds[role] = row.id;
  }
  app = await buildTestApp(env.config, { db });
  for (const role of Object.keys(userIds) as Role[]) tokens[role] = await signUserToken(app, userIds[role]);
  await snapshot();

  // Real public standards with a DOI and a legacy id, in id order.
  const standards: { id: number }[] = await db('records').where({ is_hidden: false, is_approved: true }).whereNotNull('doi')
    .whereRaw('cardinality(legacy_ids) > 0').orderBy('id').limit(12).select('id');
  const [withdrawn, successor, bare, mergedPublic, canonical, mergedHidden, laterHidden, mergedNever, hiddenThenDeleted, hidden, mergedThenHidden, canonicalHidden] =
    standards.map((row) => row.id);
  names = { withdrawn, successor, bare, mergedPublic, canonical, mergedHidden, laterHidden, mergedNever, hiddenThenDeleted, hidden, mergedThenHidden, canonicalHidden };

  // A creator's records: approved, never approved, rejected (deleted unapproved), approved then withdrawn.
  const loinc = await db('records').where({ id: 2 }).first('name', 'description');
  const recordType = Number((await db('record_types').where({ name: 'terminology_artefact' }).first('id')).id);
  const objectType = Number((await db('object_types').orderBy('id').first('id')).id);
  const create = async (label: string) => {
    const body = await step('POST', '/fairsharing_records', 'creator', {
      fairsharing_record: {
        metadata: { name: `${loinc.name} (${label})`, homepage: 'https://loinc.org/', description: loinc.description, status: 'ready' },
        record_type_id: recordType, object_type_ids: [objectType],
      },
    });
    return Number((body.data as { id: string }).id);
  };
  const approved = await create('approved');
  await step('POST', `/fairsharing_records/${approved}/approve`, 'curator');
  const neverApproved = await create('awaiting approval');
  const rejected = await create('rejected');
  await step('DELETE', `/fairsharing_records/${rejected}`, 'super');
  const approvedThenWithdrawn = await create('approved then withdrawn');
  await step('POST', `/fairsharing_records/${approvedThenWithdrawn}/approve`, 'curator');
  await step('DELETE', `/fairsharing_records/${approvedThenWithdrawn}`, 'super', { reason: 'Created by mistake' });
  const neverApprovedMerged = await create('never approved, merged into a public record');
  await step('POST', `/fairsharing_records/${neverApprovedMerged}/merge`, 'curator', { into: canonical });
  const neverApprovedCanonical = await create('never approved, a public record merged into it, rejected');
  Object.assign(names, { approved, neverApproved, rejected, approvedThenWithdrawn, neverApprovedMerged, neverApprovedCanonical });

  const hide = (id: number) => step('POST', `/fairsharing_records/${id}/hide`, 'curator', { hidden: true });
  const merge = (id: number, into: number) => step('POST', `/fairsharing_records/${id}/merge`, 'curator', { into });
  await step('DELETE', `/fairsharing_records/${withdrawn}`, 'super', { reason: 'Superseded by a broader standard', successor_id: successor });
  await step('DELETE', `/fairsharing_records/${bare}`, 'super', { reason: 'No longer maintained' });
  await merge(mergedPublic, canonical);
  // Merged into a record hidden before, and into one hidden after.
  await hide(laterHidden);
  await merge(mergedHidden, laterHidden);
  await merge(mergedThenHidden, canonicalHidden);
  await hide(canonicalHidden);
  // Merged into a never-approved record that is rejected later (item 6 of the issue's follow-up).
  await merge(mergedNever, neverApprovedCanonical);
  await step('DELETE', `/fairsharing_records/${neverApprovedCanonical}`, 'super');
  // Public once, hidden, then deleted: still a tombstone.
  await hide(hiddenThenDeleted);
  await step('DELETE', `/fairsharing_records/${hiddenThenDeleted}`, 'super', { reason: 'Withdrawn by its maintainers' });
  await hide(hidden);

  const history = await identifiersInHistory();
  // The ledger saw every identifier the history names, and the history names every one it saw.
  expect([...history].filter((key) => !ledger.has(key))).toEqual([]);
  expect([...ledger.keys()].filter((key) => !history.has(key))).toEqual([]);
  everyKey = [...history].sort();
}, 300_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

type Answer = 'live' | 'moved' | 'withdrawn' | 'unknown';
type Found = { answer: Answer; recordId?: number };

/** Whether the record with this id is public now. */
async function publicIds(): Promise<Set<number>> {
  return new Set((await env.db('records').where({ is_approved: true, is_hidden: false }).pluck('id')).map(Number));
}

/** Whether an identifier names a live record that is hidden now (the one case an ever-public identifier may answer 404). */
async function namesHiddenRecord(key: string): Promise<boolean> {
  return (await liveRecordsNamed(key)).some((row) => row.is_hidden);
}

/** Checks one transport's answers for every identifier against the rule. */
async function checkAll(answerOf: (keys: string[]) => Promise<Map<string, Found>>): Promise<Record<Answer, number>> {
  const visible = await publicIds();
  const counts: Record<Answer, number> = { live: 0, moved: 0, withdrawn: 0, unknown: 0 };
  const wrong: string[] = [];
  for (let start = 0; start < everyKey.length; start += 25) {
    const keys = everyKey.slice(start, start + 25);
    const answers = await answerOf(keys);
    for (const key of keys) {
      const { answer, recordId } = answers.get(key)!;
      counts[answer] += 1;
      if ((answer === 'live' || answer === 'moved') && !visible.has(recordId!)) wrong.push(`${key}: ${answer} to ${recordId}, not public`);
      if (answer === 'unknown' && ledger.get(key)!.public && !(await namesHiddenRecord(key))) wrong.push(`${key}: 404 after having been public`);
    }
  }
  expect(wrong).toEqual([]);
  return counts;
}

/** The answers of a few named records, to see each case is reached (not only counted). */
async function expectNamed(answerOf: (keys: string[]) => Promise<Map<string, Found>>, moved: Answer): Promise<void> {
  const expected: [string, Answer][] = [
    [`id:${names.withdrawn}`, 'withdrawn'], [`id:${names.bare}`, 'withdrawn'], [`id:${names.successor}`, 'live'],
    [`id:${names.mergedPublic}`, moved], [`id:${names.mergedHidden}`, 'withdrawn'], [`id:${names.mergedThenHidden}`, 'withdrawn'],
    [`id:${names.mergedNever}`, 'withdrawn'], [`id:${names.hiddenThenDeleted}`, 'withdrawn'], [`id:${names.hidden}`, 'unknown'],
    [`id:${names.approved}`, 'live'], [`id:${names.neverApproved}`, 'unknown'], [`id:${names.rejected}`, 'unknown'],
    [`id:${names.approvedThenWithdrawn}`, 'withdrawn'], [`id:${names.neverApprovedMerged}`, moved], [`id:${names.neverApprovedCanonical}`, 'unknown'],
  ];
  const answers = await answerOf(expected.map(([key]) => key));
  expect(expected.map(([key]) => [key, answers.get(key)!.answer])).toEqual(expected);
}

/** The live records an identifier is one of the own identifiers of. */
async function liveRecordsNamed(key: string): Promise<RecordRow[]> {
  const live: RecordRow[] = await env.db('records').whereIn('id', [...ledger.get(key)!.carriers]).select('id', 'doi', 'legacy_ids', 'is_approved', 'is_hidden');
  return live.filter((row) => keysOf(row).includes(key));
}

/** A record answered for an identifier: its own record (live) or another one (moved). */
async function liveOrMoved(key: string, recordId: number): Promise<Answer> {
  return (await liveRecordsNamed(key)).some((row) => row.id === recordId) ? 'live' : 'moved';
}

const restAnswers = async (keys: string[]) => new Map(await Promise.all(keys.map(async (key) => {
  const identifier = identifierOf(key);
  const url = key.startsWith('id:') ? `/fairsharing_records/${identifier}` : `/fairsharing_record/${identifier}`;
  const response = await app.inject({ url });
  if (response.statusCode === 404) return [key, { answer: 'unknown' as Answer }] as const;
  if (response.statusCode === 410) return [key, { answer: 'withdrawn' as Answer }] as const;
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  const recordId = Number(response.json().data.id);
  return [key, { answer: await liveOrMoved(key, recordId), recordId }] as const;
})));

const pageAnswers = async (keys: string[]) => new Map(await Promise.all(keys.map(async (key) => {
  const url = `/${identifierOf(key)}`;
  const response = await app.inject({ url, headers: { accept: 'text/turtle' } });
  if (response.statusCode === 404) return [key, { answer: 'unknown' as Answer }] as const;
  if (response.statusCode === 410) return [key, { answer: 'withdrawn' as Answer }] as const;
  if (response.statusCode === 301) {
    const target = String(response.headers.location);
    const followed = await app.inject({ url: target, headers: { accept: 'text/turtle' } });
    expect(followed.statusCode, `${url} → ${target}`).toBe(200);
    return [key, { answer: 'moved' as Answer, recordId: Number(target.slice(1)) }] as const;
  }
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  const [own] = await liveRecordsNamed(key);
  expect(own, url).toBeDefined();
  return [key, { answer: 'live' as Answer, recordId: own.id }] as const;
})));

/** GraphQL takes at most 5 root fields a query: the keys go 5 to a query. */
const graphqlAnswers = async (keys: string[]) => {
  const chunks = Array.from({ length: Math.ceil(keys.length / 5) }, (_, index) => keys.slice(index * 5, index * 5 + 5));
  return new Map((await Promise.all(chunks.map(graphqlChunkAnswers))).flatMap((answers) => [...answers]));
};

const graphqlChunkAnswers = async (keys: string[]) => {
  const query = `{ ${keys.map((key, index) => `r${index}: fairsharingRecord(id: ${JSON.stringify(identifierOf(key))}) { id withdrawn { reason } }`).join(' ')} }`;
  const response = await app.inject({ method: 'POST', url: '/graphql', payload: { query } });
  const body = response.json() as { data: Record<string, { id: string; withdrawn: object | null } | null> | null; errors?: { message: string; path?: string[] }[] };
  const failed = new Set((body.errors ?? []).map((error) => {
    expect((error as { extensions?: { code?: string } }).extensions?.code, JSON.stringify(error)).toBe('NOT_FOUND');
    return error.path?.[0];
  }));
  return new Map(await Promise.all(keys.map(async (key, index): Promise<[string, Found]> => {
    const record = body.data?.[`r${index}`] ?? null;
    if (record === null || failed.has(`r${index}`)) return [key, { answer: 'unknown' }];
    if (record.withdrawn) return [key, { answer: 'withdrawn' }];
    return [key, { answer: await liveOrMoved(key, Number(record.id)), recordId: Number(record.id) }];
  })));
};

describe('every identifier ever issued', () => {
  it('walks ids, DOIs and legacy ids from every history table', () => {
    expect(everyKey.filter((key) => key.startsWith('id:')).length).toBeGreaterThan(3000);
    expect(everyKey.filter((key) => key.startsWith('doi:')).length).toBeGreaterThan(1000);
    expect(everyKey.filter((key) => key.startsWith('legacy:')).length).toBeGreaterThan(100);
  });

  it('resolves through REST: live, moved (the public successor), withdrawn (410), or 404 only for hidden and never-public records', async () => {
    await expectNamed(restAnswers, 'moved');
    const counts = await checkAll(restAnswers);
    expect(counts.withdrawn).toBeGreaterThanOrEqual(7);
  }, 600_000);

  it('resolves through GraphQL the same way (a withdrawn state, not an error)', async () => {
    await expectNamed(graphqlAnswers, 'moved');
    await checkAll(graphqlAnswers);
  }, 600_000);

  it('resolves through the record page URL: 200, 301 to a public record, 410, or 404 only for hidden and never-public records', async () => {
    await expectNamed(pageAnswers, 'moved');
    await checkAll(pageAnswers);
  }, 600_000);
});
