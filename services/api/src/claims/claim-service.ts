/**
 * Claims (maintenance requests): a signed-in person asks to maintain a record they can see, a
 * curator approves or rejects it (approval makes them a maintainer), and a maintainer may stop
 * maintaining. Maintainer changes go through the records service's edit bookkeeping (last editor,
 * edit event) and re-index the record, whose owners changed. Mails go after the commit; a mail
 * that cannot be sent is logged and does not undo the claim.
 */
import { saveWithIndexing, type Database, type IndexPublisher } from '@registry/platform';
import type { Viewer } from '@registry/schemas';
import {
  claimDecisionSchema, claimSchema, stopMaintainingSchema,
  type ClaimDecisionInput, type ClaimInput, type StopMaintainingInput,
} from '@registry/schemas/forms/community.ts';
import type { Mail, MailContext, Mailer } from '../accounts/mailer.ts';
import { DomainError, notFoundError } from '../domain-errors.ts';
import { recordEditedThroughLink, requireAllowed, requireVisibleRecord, requireWatchableRecord } from '../records/record-guards.ts';
import { validateInput } from '../validation.ts';
import { claimDecidedMail, claimReceivedMail, claimToDecideMail, decisionCopyMail } from './claim-mails.ts';
import * as repository from './claim-repository.ts';

export type { ClaimRow } from './claim-repository.ts';

export interface ClaimServiceDeps {
  db: Database;
  publisher: IndexPublisher | null;
  mailer: Mailer;
  mailContext: MailContext;
  warn(message: string, error: unknown): void;
}

export interface ClaimState {
  /** The status of the viewer's latest claim on the record, or null when they never claimed it. */
  existing: repository.ClaimRow['status'] | null;
  maintainer: boolean;
  claim: repository.ClaimRow | null;
}

async function sendAll(deps: ClaimServiceDeps, mails: Mail[]): Promise<void> {
  for (const mail of mails) {
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      deps.warn('claim mail not sent', error);
    }
  }
}

export async function requestClaim(deps: ClaimServiceDeps, viewer: Viewer, payload: unknown): Promise<repository.ClaimRow> {
  requireAllowed(viewer, 'record.follow');
  const input = await validateInput<ClaimInput>(claimSchema, payload);
  const record = await requireWatchableRecord(deps.db, viewer, input.fairsharing_record_id);
  const userId = viewer.userId!;
  if (await repository.isMaintainer(deps.db, record.id, userId)) throw new DomainError(409, 'You already maintain this record.');
  const claim = await repository.insertPendingClaim(deps.db, record.id, userId, input.message || null);
  if (!claim) throw new DomainError(409, 'You already asked to maintain this record; a curator will answer soon.');
  const claimant = await repository.mailAddressOf(deps.db, userId);
  if (claimant) {
    const curators = await repository.curatorAddresses(deps.db);
    await sendAll(deps, [
      claimReceivedMail(deps.mailContext, claimant, record),
      ...curators.map((curator) => claimToDecideMail(deps.mailContext, curator, claimant, record, claim.claimant_message)),
    ]);
  }
  return claim;
}

export async function claimState(deps: ClaimServiceDeps, viewer: Viewer, recordId: number): Promise<ClaimState> {
  requireAllowed(viewer, 'claim.view');
  const record = (await requireVisibleRecord(deps.db, viewer, recordId)).id;
  const userId = viewer.userId!;
  const claim = await repository.latestClaim(deps.db, record, userId);
  return { existing: claim?.status ?? null, maintainer: await repository.isMaintainer(deps.db, record, userId), claim };
}

export async function decideClaim(deps: ClaimServiceDeps, viewer: Viewer, claimId: number, payload: unknown): Promise<repository.ClaimRow> {
  requireAllowed(viewer, 'claim.decide');
  const input = await validateInput<ClaimDecisionInput>(claimDecisionSchema, payload);
  const approved = input.status === 'approved';
  const message = input.message || null;
  await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    const claim = await repository.findClaim(trx, claimId, { forUpdate: true });
    if (!claim) throw notFoundError('Claim');
    if (claim.status !== 'pending') throw new DomainError(409, `This claim is already ${claim.status}.`);
    await repository.decideClaim(trx, claimId, { status: input.status, curator_message: message, decided_by_id: viewer.userId! });
    if (!approved) return [];
    await repository.keepRecordUpdateDates(trx);
    await repository.addMaintainer(trx, claim.record_id, claim.user_id);
    await recordEditedThroughLink(trx, viewer, claim.record_id, 'maintainers', { added: [claim.user_id], claim: claimId });
    return [{ entityType: 'record', id: claim.record_id }];
  });
  const claim = (await repository.findClaim(deps.db, claimId))!;
  const [claimant, curator, record] = await Promise.all([
    repository.mailAddressOf(deps.db, claim.user_id),
    repository.mailAddressOf(deps.db, viewer.userId!),
    repository.recordNamed(deps.db, claim.record_id),
  ]);
  if (claimant) {
    await sendAll(deps, [
      claimDecidedMail(deps.mailContext, claimant, record, approved, message),
      ...(curator ? [decisionCopyMail(deps.mailContext, curator, claimant, record, approved)] : []),
    ]);
  }
  return claim;
}

/** The viewer stops maintaining a record (or withdraws a pending claim); curators may name another maintainer. */
export async function stopMaintaining(deps: ClaimServiceDeps, viewer: Viewer, payload: unknown): Promise<{ removedMaintainer: boolean; withdrawnClaims: number }> {
  requireAllowed(viewer, 'record.follow');
  const input = await validateInput<StopMaintainingInput>(stopMaintainingSchema, payload);
  const userId = input.user_id ?? viewer.userId!;
  if (userId !== viewer.userId) requireAllowed(viewer, 'claim.decide');
  const record = await requireWatchableRecord(deps.db, viewer, input.fairsharing_record_id);
  const { value } = await saveWithIndexing<{ removedMaintainer: boolean; withdrawnClaims: number }>(deps.db, deps.publisher, async (trx) => {
    const removedMaintainer = await repository.removeMaintainer(trx, record.id, userId);
    const withdrawnClaims = await repository.withdrawClaims(trx, record.id, userId);
    if (!removedMaintainer && withdrawnClaims === 0) throw notFoundError(userId === viewer.userId ? 'Your maintainership or claim' : 'Maintainer');
    if (!removedMaintainer) return { value: { removedMaintainer, withdrawnClaims }, intents: [] };
    await repository.keepRecordUpdateDates(trx);
    await recordEditedThroughLink(trx, viewer, record.id, 'maintainers', { removed: [userId] });
    return { value: { removedMaintainer, withdrawnClaims }, intents: [{ entityType: 'record', id: record.id }] };
  });
  return value!;
}
