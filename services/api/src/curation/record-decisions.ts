/**
 * A curator's decision on a record, and the creator told of it: approving makes the record public
 * and its creator a maintainer; deleting a record that still awaited approval is its rejection
 * (SPEC names no other way to refuse one). The mail goes after the commit, as claim decisions'
 * do: one that cannot be sent is logged and does not undo the decision. Deleting an approved
 * record is no rejection and tells nobody.
 */
import type { AccessResource, Viewer } from '@registry/schemas';
import type { Mail, MailContext, Mailer } from '../accounts/mailer.ts';
import type { RecordRow } from '../records/record-rows.ts';
import { approveRecord, deleteRecord, type ApprovalOptions, type Withdrawal } from '../records/record-curation-actions.ts';
import type { RecordServiceDeps } from '../records/record-service.ts';
import { activeRecordCreator } from './curation-repository.ts';
import { recordApprovedMail, recordRejectedMail, type RecordCreator } from './record-decision-mails.ts';

export interface RecordDecisionDeps extends RecordServiceDeps {
  mailer: Mailer;
  mailContext: MailContext;
  warn(message: string, error: unknown): void;
}

/** The record as its creator owns it after the decision (an approved one they maintain), for the field table's read rules. */
function ownedBy(creator: RecordCreator, record: RecordRow): AccessResource {
  const maintainerIds = record.is_approved ? [creator.id] : [];
  return { record: { isHidden: record.is_hidden, isApproved: record.is_approved, ownerIds: [creator.id], maintainerIds, createdById: creator.id } };
}

async function tellCreator(deps: RecordDecisionDeps, record: RecordRow, mail: (creator: RecordCreator, resource: AccessResource) => Mail): Promise<void> {
  if (record.created_by_id === null) return;
  const creator = await activeRecordCreator(deps.db, record.created_by_id);
  if (!creator) return;
  try {
    await deps.mailer.send(mail(creator, ownedBy(creator, record)));
  } catch (error) {
    deps.warn('record decision mail not sent', error);
  }
}

/** Approves a record (hiding or reviewing it in the same transaction) and tells its creator (once: approving it again tells nobody). */
export async function approveRecordForCreator(deps: RecordDecisionDeps, viewer: Viewer, id: number, options: ApprovalOptions = {}): Promise<RecordRow> {
  const { record, newlyApproved } = await approveRecord(deps, viewer, id, options);
  // A curator approving their own record needs no mail.
  if (newlyApproved && record.created_by_id !== viewer.userId) {
    await tellCreator(deps, record, (creator, resource) => recordApprovedMail(deps.mailContext, creator, { id: record.id, name: record.name, resource }));
  }
  return record;
}

/** Deletes (a public one: withdraws) a record; when it still awaited approval, tells its creator it was rejected. */
export async function deleteRecordForCreator(deps: RecordDecisionDeps, viewer: Viewer, id: number, withdrawal: Withdrawal = {}): Promise<void> {
  const deleted = await deleteRecord(deps, viewer, id, withdrawal);
  if (deleted.is_approved || deleted.created_by_id === viewer.userId) return;
  await tellCreator(deps, deleted, (creator, resource) => recordRejectedMail(deps.mailContext, creator, { id: deleted.id, name: deleted.name, resource }));
}
