/** The SQL of claims (maintenance requests) and record maintainers. */
import type { Knex } from 'knex';
import type { ClaimStatus } from '@registry/schemas/forms/community.ts';
import { activeUsersOnly } from '@registry/schemas';

type Db = Knex | Knex.Transaction;

export interface MaintenanceRequestRow {
  id: number;
  record_id: number;
  user_id: number;
  status: string;
  created_at: Date;
}

export interface ClaimRow {
  id: number;
  record_id: number;
  user_id: number;
  status: ClaimStatus;
  claimant_message: string | null;
  curator_message: string | null;
  decided_by_id: number | null;
  decided_at: Date | null;
  created_at: Date;
}

export interface MailAddress {
  id: number;
  username: string;
  email: string;
}

const CLAIM_COLUMNS = ['id', 'record_id', 'user_id', 'status', 'claimant_message', 'curator_message', 'decided_by_id', 'decided_at', 'created_at'];

export async function findClaim(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<ClaimRow | null> {
  const query = db('maintenance_requests').select(CLAIM_COLUMNS).where({ id });
  if (options.forUpdate) query.forUpdate();
  return ((await query.first()) as ClaimRow | undefined) ?? null;
}

/** The viewer's most recent claim on a record. */
export async function latestClaim(db: Db, recordId: number, userId: number): Promise<ClaimRow | null> {
  const row = await db('maintenance_requests').select(CLAIM_COLUMNS).where({ record_id: recordId, user_id: userId }).orderBy('id', 'desc').first();
  return (row as ClaimRow | undefined) ?? null;
}

/** A new pending claim, or null when the person already has one pending on this record. */
export async function insertPendingClaim(trx: Db, recordId: number, userId: number, message: string | null): Promise<ClaimRow | null> {
  const { rows } = await trx.raw(
    `INSERT INTO maintenance_requests (record_id, user_id, status, claimant_message) VALUES (?, ?, 'pending', ?)
     ON CONFLICT (record_id, user_id) WHERE status = 'pending' DO NOTHING RETURNING ${CLAIM_COLUMNS.join(', ')}`,
    [recordId, userId, message],
  );
  const row = rows[0];
  return (row as ClaimRow | undefined) ?? null;
}

/**
 * A claim changes who maintains a record, not what the record says: for the rest of the
 * transaction the revision trigger leaves records' `updated_at` (the public "Last updated")
 * as it was, as it does for the seed's source dates (migration 20261123_1500). The record still
 * gets a new revision, an edit event and its index intent.
 */
export async function keepRecordUpdateDates(trx: Db): Promise<void> {
  await trx.raw(`SET LOCAL registry.source_dates = 'on'`);
}

export async function decideClaim(trx: Db, id: number, decision: { status: ClaimStatus; curator_message: string | null; decided_by_id: number }): Promise<void> {
  await trx('maintenance_requests').where({ id }).update({ ...decision, decided_at: trx.fn.now(), updated_at: trx.fn.now() });
}

/** Marks the person's pending or approved claims on a record withdrawn; how many changed. */
export async function withdrawClaims(trx: Db, recordId: number, userId: number): Promise<number> {
  return trx('maintenance_requests')
    .where({ record_id: recordId, user_id: userId })
    .whereIn('status', ['pending', 'approved'])
    .update({ status: 'withdrawn', updated_at: trx.fn.now() });
}

export async function isMaintainer(db: Db, recordId: number, userId: number): Promise<boolean> {
  return (await db('record_maintainers').where({ record_id: recordId, user_id: userId }).first('user_id')) !== undefined;
}

export async function addMaintainer(trx: Db, recordId: number, userId: number): Promise<void> {
  await trx('record_maintainers').insert({ record_id: recordId, user_id: userId }).onConflict(['record_id', 'user_id']).ignore();
}

/** Whether the person maintained the record. */
export async function removeMaintainer(trx: Db, recordId: number, userId: number): Promise<boolean> {
  return (await trx('record_maintainers').where({ record_id: recordId, user_id: userId }).delete()) > 0;
}

export async function mailAddressOf(db: Db, userId: number): Promise<MailAddress | null> {
  const row = await db('users as u').modify(activeUsersOnly('u')).where('u.id', userId).first('u.id', 'u.username', 'u.email');
  return row ? { id: Number(row.id), username: row.username, email: row.email } : null;
}

/** Every active curator, who learns of each new claim. */
export async function curatorAddresses(db: Db): Promise<MailAddress[]> {
  const rows: { id: number; username: string; email: string }[] = await db('users as u').modify(activeUsersOnly('u')).where('u.is_curator', true).orderBy('u.id').select('u.id', 'u.username', 'u.email');
  return rows.map((row) => ({ id: Number(row.id), username: row.username, email: row.email }));
}

/** The claimed record's id and name, as its mails name it. */
export async function recordNamed(db: Db, recordId: number): Promise<{ id: number; name: string }> {
  const record = await db('records').where({ id: recordId }).first<{ id: number; name: string } | undefined>('id', 'name');
  if (!record) throw new Error(`record ${recordId} not found`);
  return record;
}
