/**
 * The curators' actions on whole records: whether the viewer may edit one, its logo, deletion,
 * approval, hiding and merging a duplicate into its canonical record (the identifiers of the
 * duplicate then redirect; a public duplicate also keeps a tombstone). Each checks, decides with the access module, writes in one
 * transaction with the edit event and index intents, and publishes the index jobs after commit.
 */
import { saveWithIndexing } from '@registry/platform';
import { can, type Viewer } from '@registry/schemas';
import { TEXT_MAX } from '@registry/schemas/forms/bounds.ts';
import { invalidError, notFoundError } from '../domain-errors.ts';
import type { Knex } from 'knex';
import type { RecordRow } from './record-rows.ts';
import * as repository from './record-repository.ts';
import { accessResourceOf, requireAllowed, visibleRecord } from './record-guards.ts';
import { recordIntents, type RecordServiceDeps } from './record-service.ts';

export async function canEditRecord(deps: RecordServiceDeps, viewer: Viewer, id: number): Promise<boolean> {
  if (viewer.userId === null) return false;
  const record = await repository.findRecordById(deps.db, id);
  if (!record) return false;
  return can(viewer, 'record.edit', await accessResourceOf(deps.db, record));
}

/** The uploaded logo of a record the viewer may see. */
export async function recordLogo(deps: RecordServiceDeps, viewer: Viewer, id: number): Promise<{ contentType: string; bytes: Buffer }> {
  await visibleRecord(deps.db, viewer, id);
  const logo = await repository.findLogo(deps.db, id);
  if (!logo) throw notFoundError('Logo');
  return logo;
}

/** Why a curator withdraws a public record, and the record that replaces it if they name one. */
export interface Withdrawal {
  reason?: string | null;
  successorId?: number | null;
}

/**
 * Deletes a record; the row as it was, so the caller can tell a rejection (never approved) from a
 * removal. A record that has ever been public (approved and not hidden at some moment) is
 * withdrawn: it leaves a tombstone with the curator's reason (required) and its successor (an
 * existing public record), so its identifiers answer 410 Gone instead of 404.
 */
export async function deleteRecord(deps: RecordServiceDeps, viewer: Viewer, id: number, withdrawal: Withdrawal = {}): Promise<RecordRow> {
  const { record: deleted, resource } = await visibleRecord(deps.db, viewer, id);
  requireAllowed(viewer, 'record.delete', resource);
  // Public once is public for good: a record hidden since still leaves a tombstone.
  const isPublic = await repository.wasEverPublic(deps.db, deleted);
  const reason = withdrawal.reason?.trim() ?? '';
  const successorId = withdrawal.successorId ?? null;
  if (isPublic && reason === '') throw invalidError('A reason is required to delete a public record: it is shown on the record\'s tombstone page');
  if (reason.length > TEXT_MAX.withdrawalReason) throw invalidError(`The reason must be at most ${TEXT_MAX.withdrawalReason} characters`);
  if (successorId !== null) {
    if (!isPublic) throw invalidError('Only a record that has been public can name a successor');
    if (successorId === id) throw invalidError('A record cannot be its own successor');
    const successor = await repository.findRecordById(deps.db, successorId);
    if (!successor || !successor.is_approved || successor.is_hidden) throw invalidError(`The successor ${successorId} is not a public record`);
  }
  await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    const record = await repository.findRecordById(trx, id, { forUpdate: true });
    if (!record) throw notFoundError('Record');
    const related = await repository.relatedRecordIds(trx, id);
    const withdrawn = isPublic ? { reason, successorId } : undefined;
    await repository.insertEditEvent(trx, {
      recordId: null,
      userId: viewer.userId,
      editType: 'delete',
      editEvent: { deletedRecord: { id, name: record.name, doi: record.doi }, ...(withdrawn ? { withdrawn } : {}) },
    });
    if (isPublic) {
      await repository.insertTombstone(trx, {
        record_id: id, name: record.name, abbreviation: record.abbreviation, registry_id: record.registry_id,
        doi: record.doi, legacy_ids: record.legacy_ids ?? [], merged_identifiers: await repository.redirectsTo(trx, id),
        reason, withdrawn_by_id: viewer.userId, successor_id: successorId, record_created_at: record.created_at,
      });
    }
    await repository.deleteRecordRow(trx, id);
    return recordIntents([id], related);
  });
  return deleted;
}

/** What approving a record did: the record, and whether this approval made it public (a repeat changes nothing). */
export interface ApprovedRecord {
  record: RecordRow;
  newlyApproved: boolean;
}

/** What FAIRsharing's approve dialog decides with the approval: hide or show the record, mark it reviewed. */
export interface ApprovalOptions {
  hidden?: boolean;
  review?: boolean;
}

/** Hides or shows a locked record inside a transaction, with its history entry; nothing when it already is. */
async function writeHidden(trx: Knex.Transaction, viewer: Viewer, record: RecordRow, hidden: boolean): Promise<void> {
  if (record.is_hidden === hidden) return;
  await repository.updateRecordRow(trx, record.id, { is_hidden: hidden });
  await repository.insertEditEvent(trx, { recordId: record.id, userId: viewer.userId, editType: 'update', editEvent: { changes: { is_hidden: { before: !hidden, after: hidden } } } });
}

/**
 * Approves a record. Its creator becomes one of its maintainers in the same transaction, so they
 * keep editing it (see the access module's policy); a creator whose account is deactivated does not.
 * The approve dialog's hide and review go in that transaction too: a failure in any step leaves
 * nothing written.
 */
export async function approveRecord(deps: RecordServiceDeps, viewer: Viewer, id: number, options: ApprovalOptions = {}): Promise<ApprovedRecord> {
  const { resource } = await visibleRecord(deps.db, viewer, id);
  requireAllowed(viewer, 'record.approve', resource);
  const { value: newlyApproved } = await saveWithIndexing<boolean>(deps.db, deps.publisher, async (trx) => {
    const locked = await repository.findRecordById(trx, id, { forUpdate: true });
    if (!locked) throw notFoundError('Record');
    const approving = !locked.is_approved;
    if (approving) {
      const changes: Record<string, unknown> = { is_approved: { before: false, after: true } };
      await repository.updateRecordRow(trx, id, { is_approved: true });
      const maintainers = await repository.linkedIds(trx, 'maintainer_ids', id);
      const creator = locked.created_by_id;
      if (creator !== null && !maintainers.includes(creator) && (await repository.isActiveUserId(trx, creator))) {
        const after = [...maintainers, creator].sort((a, b) => a - b);
        await repository.replaceLinkedIds(trx, 'maintainer_ids', id, after);
        changes.maintainer_ids = { before: maintainers, after };
      }
      await repository.insertEditEvent(trx, { recordId: id, userId: viewer.userId, editType: 'approve', editEvent: { changes } });
    }
    if (options.hidden !== undefined) await writeHidden(trx, viewer, locked, options.hidden);
    if (options.review) await repository.insertReview(trx, id, viewer.userId!);
    const changed = approving || (options.hidden !== undefined && options.hidden !== locked.is_hidden) || options.review === true;
    return { value: approving, intents: changed ? recordIntents([id], await repository.relatedRecordIds(trx, id)) : [] };
  });
  return { record: (await repository.findRecordById(deps.db, id))!, newlyApproved: newlyApproved! };
}

/** Hides a record from everyone but curators, or shows it again (curators; the dashboard's Hide). */
export async function setRecordHidden(deps: RecordServiceDeps, viewer: Viewer, id: number, hidden: boolean): Promise<RecordRow> {
  const { record, resource } = await visibleRecord(deps.db, viewer, id);
  requireAllowed(viewer, 'record.approve', resource);
  if (record.is_hidden === hidden) return record;
  await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    await writeHidden(trx, viewer, record, hidden);
    return recordIntents([id], await repository.relatedRecordIds(trx, id));
  });
  return (await repository.findRecordById(deps.db, id))!;
}

/** The reason a merged public record's tombstone gives. */
export const MERGED_REASON = 'Merged into another record';

/**
 * Merges a duplicate into its canonical record: relations, people, searches, vocabulary and
 * links move over; the duplicate's id, DOI and legacy ids redirect permanently to the canonical
 * record; both histories say so.
 */
export async function mergeRecords(deps: RecordServiceDeps, viewer: Viewer, duplicateId: number, canonicalId: number): Promise<RecordRow> {
  if (duplicateId === canonicalId) throw invalidError('A record cannot be merged into itself');
  const duplicate = await visibleRecord(deps.db, viewer, duplicateId);
  await visibleRecord(deps.db, viewer, canonicalId);
  requireAllowed(viewer, 'record.approve', duplicate.resource);
  await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    const row = (await repository.findRecordById(trx, duplicateId, { forUpdate: true }))!;
    const related = await repository.relatedRecordIds(trx, duplicateId);
    if (await repository.wasEverPublic(trx, row)) {
      // Kept for when the canonical record is not public (hidden, never approved, or deleted
      // without a tombstone): the duplicate's public identifiers then answer this, never 404.
      await repository.insertTombstone(trx, {
        record_id: duplicateId, name: row.name, abbreviation: row.abbreviation, registry_id: row.registry_id,
        doi: row.doi, legacy_ids: row.legacy_ids ?? [], merged_identifiers: [],
        reason: MERGED_REASON, withdrawn_by_id: viewer.userId, successor_id: canonicalId, record_created_at: row.created_at,
      });
    }
    await repository.moveRecordLinks(trx, duplicateId, canonicalId);
    await repository.retargetRedirects(trx, duplicateId, canonicalId);
    await repository.addRedirects(trx, redirectIdentifiers(row), canonicalId);
    const merged = { id: row.id, name: row.name, doi: row.doi, legacyIds: row.legacy_ids };
    await repository.insertEditEvent(trx, { recordId: canonicalId, userId: viewer.userId, editType: 'merge', editEvent: { mergedRecord: merged } });
    await repository.insertEditEvent(trx, { recordId: null, userId: viewer.userId, editType: 'merge', editEvent: { mergedRecord: merged, into: canonicalId } });
    await repository.deleteRecordRow(trx, duplicateId);
    return recordIntents([duplicateId, canonicalId], related);
  });
  return (await repository.findRecordById(deps.db, canonicalId))!;
}

export function redirectIdentifiers(record: Pick<RecordRow, 'id' | 'doi' | 'legacy_ids'>): string[] {
  return [
    `id:${record.id}`,
    ...(record.doi ? [`doi:${record.doi.toLowerCase()}`] : []),
    ...(record.legacy_ids ?? []).map((legacyId) => `legacy:${legacyId.toLowerCase()}`),
  ];
}
