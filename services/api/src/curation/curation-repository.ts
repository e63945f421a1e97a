/**
 * The SQL of the curator dashboard: one page of each tab's rows (`limit` rows after `offset`) in
 * the order asked for, or newest or most urgent first; and the curators' own notes about records
 * (processing notes, the assigned curator), kept beside the records.
 */
import type { Knex } from 'knex';
import { activeUsersOnly, PUBLIC_USER_COLUMNS, type UserRole } from '@registry/schemas';
import type { UserRow } from '../accounts/account-repository.ts';
import { missingPartsByRecord } from '../records/record-missing-parts-repository.ts';
import type { MessageRow } from '../messages/message-repository.ts';
import type { RegistryCurationCounts } from '@registry/schemas/curation/summary-figures.ts';

export interface ProcessingNoteRow {
  id: number;
  record_id: number;
  user_id: number | null;
  note: string;
  created_at: Date;
}

export interface CurationRecordRow {
  id: number;
  name: string;
  type: string | null;
  status: string;
  created_at: Date | null;
  updated_at: Date | null;
  last_reviewed: Date | null;
  is_complete: boolean;
  last_editor_id: number | null;
  created_by_id: number | null;
}

/** The group of records awaiting approval that no curator is assigned to. */
const UNASSIGNED = 'none';

export interface PersonWithRecords {
  id: number;
  username: string;
  records: CurationRecordRow[];
}

/** The orders a dashboard table can be sorted in. */
export const CURATION_SORTS = ['newest', 'oldest', 'name', 'name_desc', 'updated', 'least_updated'] as const;
export type CurationSort = (typeof CURATION_SORTS)[number];

export interface PageRequest {
  limit: number;
  offset: number;
  sort?: CurationSort;
}

/** ORDER BY of a sort; `created` is the column "newest" means (a claim's own date for claims). */
function sortOrder(sort: CurationSort, created = 'r.created_at'): string {
  switch (sort) {
    case 'newest': return `${created} DESC NULLS LAST, r.id DESC`;
    // The exact reverse of newest (records of unknown date first), so one index serves both.
    case 'oldest': return `${created} ASC NULLS FIRST, r.id`;
    case 'name': return 'lower(r.name), r.id';
    case 'name_desc': return 'lower(r.name) DESC, r.id DESC';
    case 'updated': return 'r.updated_at DESC NULLS LAST, r.id DESC';
    case 'least_updated': return 'r.updated_at ASC NULLS FIRST, r.id';
  }
}

export interface PendingClaimRow {
  id: number;
  created_at: Date;
  user_id: number;
  claimant_message: string | null;
  record: CurationRecordRow;
}

/** Edits by people who are not curators, within this many days, are "recent user edits". */
export const RECENT_EDIT_DAYS = 90;

function records(db: Knex) {
  return db('records as r')
    .leftJoin('record_types as rt', 'rt.id', 'r.record_type_id')
    .select('r.id', 'r.name', 'rt.name as type', 'r.status', 'r.created_at', 'r.updated_at', 'r.last_reviewed', 'r.is_complete', 'r.last_editor_id', 'r.created_by_id');
}

function byPerson(rows: (CurationRecordRow & { person_id: number; person_username: string })[]): PersonWithRecords[] {
  const people = new Map<number, PersonWithRecords>();
  for (const { person_id: id, person_username: username, ...record } of rows) {
    if (!people.has(id)) people.set(id, { id, username, records: [] });
    people.get(id)!.records.push(record);
  }
  return [...people.values()];
}

/**
 * New records awaiting approval, by the curator they are assigned to (FAIRsharing's dashboard shows
 * the group's username as the records' curator); unassigned ones in one group named "none", id 0.
 */
export async function awaitingApproval(db: Knex, page: PageRequest): Promise<PersonWithRecords[]> {
  const rows = await records(db)
    .leftJoin('record_curator_assignments as a', 'a.record_id', 'r.id')
    .leftJoin(db('users as u').modify(activeUsersOnly('u')).select('u.id', 'u.username').as('cu'), 'cu.id', 'a.curator_id')
    .where('r.is_approved', false)
    .select(db.raw('coalesce(cu.id, 0) AS person_id'), db.raw('coalesce(cu.username, ?) AS person_username', [UNASSIGNED]))
    .orderByRaw(sortOrder(page.sort ?? 'oldest')).limit(page.limit).offset(page.offset);
  return byPerson(rows);
}

/** Approved records whose last edit, within RECENT_EDIT_DAYS, was by someone who is not a curator, by that person. */
export async function recentUserEdits(db: Knex, page: PageRequest): Promise<PersonWithRecords[]> {
  const rows = await records(db).join('users as u', 'u.id', 'r.last_editor_id').modify(activeUsersOnly('u'))
    .where('r.is_approved', true).where('u.is_curator', false)
    .whereRaw(`r.last_edited > now() - make_interval(days => ?)`, [RECENT_EDIT_DAYS])
    .select('u.id as person_id', 'u.username as person_username')
    .orderByRaw(page.sort ? sortOrder(page.sort) : 'r.last_edited DESC, r.id').limit(page.limit).offset(page.offset);
  return byPerson(rows);
}

export async function pendingClaims(db: Knex, page: PageRequest): Promise<PendingClaimRow[]> {
  const rows = await records(db).join('maintenance_requests as m', 'm.record_id', 'r.id')
    .where('m.status', 'pending').select('m.id as claim_id', 'm.created_at as claimed_at', 'm.user_id as claimant_id', 'm.claimant_message as claim_message')
    .orderByRaw(`${sortOrder(page.sort ?? 'oldest', 'm.created_at')}, m.id`).limit(page.limit).offset(page.offset);
  return rows.map(({ claim_id: id, claimed_at: createdAt, claimant_id: userId, claim_message: message, ...record }: CurationRecordRow & { claim_id: number; claimed_at: Date; claimant_id: number; claim_message: string | null }) =>
    ({ id, created_at: createdAt, user_id: userId, claimant_message: message, record }));
}

export async function hiddenRecords(db: Knex, page: PageRequest): Promise<CurationRecordRow[]> {
  return records(db).where('r.is_hidden', true).orderByRaw(sortOrder(page.sort ?? 'updated')).limit(page.limit).offset(page.offset);
}

/**
 * One page of incomplete records, then what those records lack: read for the page's rows only
 * (in the page's query it was worked out for every row the offset skips too).
 */
export async function incompleteRecords(db: Knex, page: PageRequest): Promise<(CurationRecordRow & { missing: string[] })[]> {
  const rows: CurationRecordRow[] = await records(db).where('r.is_complete', false)
    .orderByRaw(sortOrder(page.sort ?? 'updated')).limit(page.limit).offset(page.offset);
  if (rows.length === 0) return [];
  const missingById = await missingPartsByRecord(db, rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, missing: missingById.get(row.id) ?? [] }));
}

export async function leastRecentlyUpdated(db: Knex, page: PageRequest): Promise<CurationRecordRow[]> {
  return records(db).where('r.is_approved', true).where('r.is_hidden', false)
    .orderByRaw(page.sort ? sortOrder(page.sort) : 'coalesce(r.last_edited, r.updated_at, r.created_at) ASC NULLS FIRST, r.id').limit(page.limit).offset(page.offset);
}

/** The approved public record changed longest ago, of those with a known date; `updated_at` is that change. */
export async function leastRecentlyUpdatedRecord(db: Knex): Promise<CurationRecordRow | null> {
  const lastChange = 'coalesce(r.last_edited, r.updated_at, r.created_at)';
  const row: CurationRecordRow | undefined = await records(db).clearSelect()
    .select('r.id', 'r.name', 'rt.name as type', 'r.status', 'r.created_at', db.raw(`${lastChange} AS updated_at`), 'r.last_reviewed', 'r.is_complete', 'r.last_editor_id', 'r.created_by_id')
    .where('r.is_approved', true).where('r.is_hidden', false).whereRaw(`${lastChange} IS NOT NULL`)
    .orderByRaw(`${lastChange} ASC, r.id`).first();
  return row ?? null;
}

const REVIEWED_OVER_A_YEAR_AGO = `r.last_reviewed < now() - interval '1 year'`;

/**
 * Approved records not reviewed for a year (or never), the oldest review first. The count adds
 * the never reviewed, kept in record_counts, to those reviewed over a year ago (an index range).
 */
export async function needsReview(db: Knex, limit: number, offset = 0): Promise<{ count: number; records: CurationRecordRow[] }> {
  const [{ count }] = await db.select(db.raw(
    `(SELECT coalesce(sum(never_reviewed), 0) FROM record_counts) + (SELECT count(*) FROM records r WHERE r.is_approved AND ${REVIEWED_OVER_A_YEAR_AGO}) AS count`,
  )) as { count: string }[];
  const rows = await records(db).where('r.is_approved', true).where((q) => q.whereNull('r.last_reviewed').orWhereRaw(REVIEWED_OVER_A_YEAR_AGO))
    .orderByRaw('r.last_reviewed ASC NULLS FIRST, r.id').limit(limit).offset(offset);
  return { count: Number(count), records: rows };
}

/**
 * The newest records created by curators: each curator's newest `limit` (one range of
 * records_creator_newest_idx), then the newest of those. A plain join read and sorted every
 * record curators ever created, as the planner cannot know how many that is.
 */
export async function recentCuratorCreations(db: Knex, limit: number, offset = 0): Promise<CurationRecordRow[]> {
  // The page is chosen among (created_at, id) pairs read from each curator's index range, and
  // only its rows are then read whole: a deep page sorts small pairs, not whole rows.
  const page = db('users as u').where('u.is_curator', true).select('c.id').joinRaw(
    'CROSS JOIN LATERAL (SELECT id, created_at FROM records WHERE created_by_id = u.id ORDER BY created_at DESC NULLS LAST, id DESC LIMIT ?) AS c', [offset + limit])
    .orderByRaw('c.created_at DESC NULLS LAST, c.id DESC').limit(limit).offset(offset);
  return records(db).whereIn('r.id', page).orderByRaw('r.created_at DESC NULLS LAST, r.id DESC');
}

export async function curators(db: Knex): Promise<UserRow[]> {
  return db('users as u').modify(activeUsersOnly('u')).where('u.is_curator', true).orderBy('u.username').select(PUBLIC_USER_COLUMNS.map((column) => `u.${column}`));
}

/** Every registry's counts, kept up to date in record_counts by triggers on records. */
export async function registryCounts(db: Knex): Promise<RegistryCurationCounts[]> {
  const rows = await db('registries as g').leftJoin('record_counts as c', 'c.registry_id', 'g.id').orderBy('g.name').select(
    'g.name as registry',
    db.raw('coalesce(c.records, 0) AS records'),
    db.raw('coalesce(c.awaiting_approval, 0) AS "awaitingApproval"'),
    db.raw('coalesce(c.hidden, 0) AS hidden'),
    db.raw('coalesce(c.incomplete, 0) AS incomplete'),
    db.raw('coalesce(c.without_doi, 0) AS "withoutDoi"'),
  );
  return rows as RegistryCurationCounts[];
}

export async function pendingClaimCount(db: Knex): Promise<number> {
  const [{ count }] = await db('maintenance_requests').where({ status: 'pending' }).count<{ count: string }[]>('id as count');
  return Number(count);
}

export async function messages(db: Knex): Promise<MessageRow[]> {
  return db('messages').select('id', 'message', 'created_at', 'updated_at').orderBy('updated_at', 'desc');
}

export async function addProcessingNote(db: Knex, recordId: number, userId: number, note: string): Promise<ProcessingNoteRow> {
  const [row] = await db('processing_notes').insert({ record_id: recordId, user_id: userId, note })
    .returning(['id', 'record_id', 'user_id', 'note', 'created_at']);
  return row as ProcessingNoteRow;
}

export async function assignCurator(db: Knex, recordId: number, curatorId: number, assignedById: number): Promise<void> {
  await db('record_curator_assignments').insert({ record_id: recordId, curator_id: curatorId, assigned_by_id: assignedById, assigned_at: db.fn.now() })
    .onConflict('record_id').merge();
}

export async function unassignCurator(db: Knex, recordId: number): Promise<void> {
  await db('record_curator_assignments').where({ record_id: recordId }).delete();
}

/** Whether this user is an active curator (who may be assigned records). */
export async function isActiveCurator(db: Knex, userId: number): Promise<boolean> {
  const row = await db('users as u').modify(activeUsersOnly('u')).where({ 'u.id': userId, 'u.is_curator': true }).first('u.id');
  return row !== undefined;
}

export async function recordExists(db: Knex, recordId: number): Promise<boolean> {
  return (await db('records').where({ id: recordId }).first('id')) !== undefined;
}

/** A record's creator, to be told of a curator's decision: null when the account is gone or deactivated. */
export async function activeRecordCreator(db: Knex | Knex.Transaction, userId: number): Promise<{ id: number; username: string; email: string; role: UserRole } | null> {
  const row = await db('users as u').modify(activeUsersOnly('u')).where('u.id', userId).first('u.id', 'u.username', 'u.email', 'u.role');
  return row ? { id: Number(row.id), username: row.username, email: row.email, role: row.role } : null;
}
