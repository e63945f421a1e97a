/**
 * The checks every record write starts with: the record exists for the viewer (a record they may
 * not see does not exist for them: 404) and the access module allows the action (401/403); and
 * the marks a write through a record's link leaves on the record (last editor, edit event).
 */
import type { Knex } from 'knex';
import { type Database } from '@registry/platform';
import { can, canViewRecord, type AccessResource, type Action, type Viewer } from '@registry/schemas';
import { forbiddenError, notFoundError, unauthenticatedError } from '../domain-errors.ts';
import type { RecordRow } from './record-rows.ts';
import * as repository from './record-repository.ts';

export async function accessResourceOf(db: Database | Knex.Transaction, record: RecordRow): Promise<AccessResource> {
  const maintainerIds = await repository.linkedIds(db, 'maintainer_ids', record.id);
  const ownerIds = record.created_by_id === null ? maintainerIds : [...maintainerIds, record.created_by_id];
  return { record: { isHidden: record.is_hidden, isApproved: record.is_approved, ownerIds, maintainerIds, createdById: record.created_by_id } };
}

export function requireAllowed(viewer: Viewer, action: Action, resource: AccessResource = {}): void {
  if (viewer.userId === null) throw unauthenticatedError();
  if (can(viewer, action, resource)) return;
  if (viewer.credential === 'api_key') throw forbiddenError('API keys can only read; sign in to change records.');
  throw forbiddenError();
}

/** The record as the viewer may see it, or 404 (a record they may not see does not exist for them). */
export async function visibleRecord(db: Database, viewer: Viewer, id: number): Promise<{ record: RecordRow; resource: AccessResource }> {
  const record = await repository.findRecordById(db, id);
  if (!record) throw notFoundError('Record');
  const resource = await accessResourceOf(db, record);
  if (!resource.record || !canViewRecord(viewer, resource.record)) throw notFoundError('Record');
  return { record, resource };
}

// ---- for the services of linked entities (organisation and licence links) --------------------

/** The record exists for the viewer and they may edit it; otherwise 401/403/404. */
export async function requireEditableRecord(db: Database, viewer: Viewer, id: number): Promise<RecordRow> {
  const { record, resource } = await visibleRecord(db, viewer, id);
  requireAllowed(viewer, 'record.edit', resource);
  return record;
}

/**
 * A shared entity added from the record editor names the record being edited: the viewer must be
 * able to save that record before anything is created, so a refused editor leaves no orphan.
 * Without a record (an organisation added on its own) only the action's rule applies.
 */
export async function requireEditableRecordIfNamed(db: Database, viewer: Viewer, recordId: number | undefined): Promise<void> {
  if (recordId !== undefined) await requireEditableRecord(db, viewer, recordId);
}

/** The record as the viewer may see it, or 404. */
export async function requireVisibleRecord(db: Database, viewer: Viewer, id: number): Promise<RecordRow> {
  return (await visibleRecord(db, viewer, id)).record;
}

/** The record exists for the viewer and they may watch or claim it; otherwise 401/403/404. */
export async function requireWatchableRecord(db: Database, viewer: Viewer, id: number): Promise<RecordRow> {
  const { record, resource } = await visibleRecord(db, viewer, id);
  requireAllowed(viewer, 'record.watch', resource);
  return record;
}

/** Marks a record edited through one of its links: last editor, edit event. Call inside the transaction. */
export async function recordEditedThroughLink(trx: Knex.Transaction, viewer: Viewer, recordId: number, section: string, changes: Record<string, unknown>): Promise<void> {
  await repository.updateRecordRow(trx, recordId, { last_editor_id: viewer.userId, last_edited: new Date() });
  await repository.insertEditEvent(trx, { recordId, userId: viewer.userId, editType: 'update', editEvent: { section, changes } });
}

/** Records a DOI registered for a record (by the DOI job, no viewer); false when it already has one. Call inside the transaction. */
export async function recordDoiAssigned(trx: Knex.Transaction, recordId: number, doi: string): Promise<boolean> {
  const record = await repository.findRecordById(trx, recordId, { forUpdate: true });
  if (!record || record.doi !== null) return false;
  await repository.updateRecordRow(trx, recordId, { doi });
  await repository.insertEditEvent(trx, { recordId, userId: null, editType: 'doi', editEvent: { section: 'doi', changes: { doi: { before: null, after: doi } } } });
  return true;
}

