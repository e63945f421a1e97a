/** The SQL of the curator dashboard: each tab's rows, newest or most urgent first, at most `limit`. */
import type { Knex } from 'knex';
import { activeUsersOnly, PUBLIC_USER_COLUMNS } from '@registry/schemas';

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

export interface PersonWithRecords {
  id: number;
  username: string;
  records: CurationRecordRow[];
}

export interface PendingClaimRow {
  id: number;
  created_at: Date;
  user_id: number;
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

/** New records awaiting approval, by the person who created them. */
export async function awaitingApproval(db: Knex, limit: number): Promise<PersonWithRecords[]> {
  const rows = await records(db).join('users as u', 'u.id', 'r.created_by_id').modify(activeUsersOnly('u'))
    .where('r.is_approved', false).select('u.id as person_id', 'u.username as person_username')
    .orderBy('r.created_at', 'asc').orderBy('r.id').limit(limit);
  return byPerson(rows);
}

/** Approved records whose last edit, within RECENT_EDIT_DAYS, was by someone who is not a curator, by that person. */
export async function recentUserEdits(db: Knex, limit: number): Promise<PersonWithRecords[]> {
  const rows = await records(db).join('users as u', 'u.id', 'r.last_editor_id').modify(activeUsersOnly('u'))
    .where('r.is_approved', true).where('u.is_curator', false)
    .whereRaw(`r.last_edited > now() - make_interval(days => ?)`, [RECENT_EDIT_DAYS])
    .select('u.id as person_id', 'u.username as person_username')
    .orderBy('r.last_edited', 'desc').orderBy('r.id').limit(limit);
  return byPerson(rows);
}

export async function pendingClaims(db: Knex, limit: number): Promise<PendingClaimRow[]> {
  const rows = await records(db).join('maintenance_requests as m', 'm.record_id', 'r.id')
    .where('m.status', 'pending').select('m.id as claim_id', 'm.created_at as claimed_at', 'm.user_id as claimant_id')
    .orderBy('m.created_at', 'asc').orderBy('m.id').limit(limit);
  return rows.map(({ claim_id: id, claimed_at: createdAt, claimant_id: userId, ...record }: CurationRecordRow & { claim_id: number; claimed_at: Date; claimant_id: number }) =>
    ({ id, created_at: createdAt, user_id: userId, record }));
}

export async function hiddenRecords(db: Knex, limit: number): Promise<CurationRecordRow[]> {
  return records(db).where('r.is_hidden', true).orderByRaw('r.updated_at DESC NULLS LAST, r.id').limit(limit);
}

export async function incompleteRecords(db: Knex, limit: number): Promise<CurationRecordRow[]> {
  return records(db).where('r.is_complete', false).orderByRaw('r.updated_at DESC NULLS LAST, r.id').limit(limit);
}

export async function leastRecentlyUpdated(db: Knex, limit: number): Promise<CurationRecordRow[]> {
  return records(db).where('r.is_approved', true).where('r.is_hidden', false)
    .orderByRaw('coalesce(r.last_edited, r.updated_at, r.created_at) ASC NULLS FIRST, r.id').limit(limit);
}

/** Approved records not reviewed for a year (or never), the oldest review first. */
export async function needsReview(db: Knex, limit: number): Promise<{ count: number; records: CurationRecordRow[] }> {
  const due = (query: Knex.QueryBuilder) => query.where('r.is_approved', true).where((q) => q.whereNull('r.last_reviewed').orWhereRaw(`r.last_reviewed < now() - interval '1 year'`));
  const [{ count }] = await db('records as r').modify(due).count<{ count: string }[]>('r.id as count');
  const rows = await records(db).modify(due).orderByRaw('r.last_reviewed ASC NULLS FIRST, r.id').limit(limit);
  return { count: Number(count), records: rows };
}

export async function recentCuratorCreations(db: Knex, limit: number): Promise<CurationRecordRow[]> {
  return records(db).join('users as u', 'u.id', 'r.created_by_id').where('u.is_curator', true)
    .orderByRaw('r.created_at DESC NULLS LAST, r.id DESC').limit(limit);
}

export async function curators(db: Knex): Promise<Record<string, unknown>[]> {
  return db('users as u').modify(activeUsersOnly('u')).where('u.is_curator', true).orderBy('u.username').select(PUBLIC_USER_COLUMNS.map((column) => `u.${column}`));
}

export interface RegistryCounts {
  registry: string;
  records: number;
  awaitingApproval: number;
  hidden: number;
  incomplete: number;
  withoutDoi: number;
}

export async function registryCounts(db: Knex): Promise<RegistryCounts[]> {
  const rows = await db('registries as g').leftJoin('records as r', 'r.registry_id', 'g.id').groupBy('g.name').orderBy('g.name').select(
    'g.name as registry',
    db.raw('count(r.id)::int AS records'),
    db.raw('(count(r.id) FILTER (WHERE NOT r.is_approved))::int AS "awaitingApproval"'),
    db.raw('(count(r.id) FILTER (WHERE r.is_hidden))::int AS hidden'),
    db.raw('(count(r.id) FILTER (WHERE NOT r.is_complete))::int AS incomplete'),
    db.raw('(count(r.id) FILTER (WHERE r.doi IS NULL))::int AS "withoutDoi"'),
  );
  return rows as RegistryCounts[];
}

export async function pendingClaimCount(db: Knex): Promise<number> {
  const [{ count }] = await db('maintenance_requests').where({ status: 'pending' }).count<{ count: string }[]>('id as count');
  return Number(count);
}

export async function messages(db: Knex): Promise<Record<string, unknown>[]> {
  return db('messages').select('id', 'message', 'created_at', 'updated_at').orderBy('updated_at', 'desc');
}
