/**
 * What the record page says about the viewer's part in a record (claim, maintenance) and about
 * the record's DOI: pure functions over the answers of GET /maintenance_requests/existing/{id}
 * and `fairsharingRecord.missingDoiReason`.
 */
import dayjs from 'dayjs';
import { CLAIM_ANSWER_WITHIN, type ClaimStatus } from '@registry/schemas/forms/community.ts';

/** The answer of GET /maintenance_requests/existing/{id}. */
export interface ClaimStateAnswer {
  existing: ClaimStatus | null;
  maintainer: boolean;
  maintenance_request: {
    id: number;
    status: ClaimStatus;
    claimant_message: string | null;
    curator_message: string | null;
    created_at: string;
    decided_at: string | null;
  } | null;
}

/** Which claim control the viewer gets, and what to tell them about their latest claim. */
export type ClaimView =
  | { kind: 'maintainer'; text: string }
  | { kind: 'pending'; text: string }
  | { kind: 'can-claim'; text: string | null; curatorMessage: string | null };

export function formatDay(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('MMMM D, YYYY') : '';
}

export function claimView(answer: ClaimStateAnswer): ClaimView {
  if (answer.maintainer) return { kind: 'maintainer', text: 'You maintain this record: you can edit it, and you hear of changes others make to it.' };
  const claim = answer.maintenance_request;
  if (claim?.status === 'pending') {
    return { kind: 'pending', text: `You asked to maintain this record on ${formatDay(claim.created_at)}. A curator will answer ${CLAIM_ANSWER_WITHIN}; you will get an e-mail.` };
  }
  if (claim?.status === 'rejected') {
    return {
      kind: 'can-claim',
      text: `A curator declined your request to maintain this record${claim.decided_at ? ` on ${formatDay(claim.decided_at)}` : ''}. You may ask again.`,
      curatorMessage: claim.curator_message,
    };
  }
  // Never claimed, withdrawn, or approved and since stopped: nothing to tell.
  return { kind: 'can-claim', text: null, curatorMessage: null };
}

/** How a claim's status reads in a list (the profile's claims). */
export const CLAIM_STATUS_LABELS: Readonly<Record<ClaimStatus, string>> = {
  pending: `pending: a curator will answer ${CLAIM_ANSWER_WITHIN}`,
  approved: 'approved: you maintain this record',
  rejected: 'declined by a curator',
  withdrawn: 'withdrawn',
};

export function claimStatusLabel(status: string | null | undefined): string {
  return status && status in CLAIM_STATUS_LABELS ? CLAIM_STATUS_LABELS[status as ClaimStatus] : (status ?? '');
}

/** The reasons of the API's `missingDoiReason` (services/api/src/dois/doi-rules.ts) in a visitor's words. */
const DOI_EXPLANATIONS: Readonly<Record<string, string>> = {
  'awaiting approval': 'A DOI is assigned once a curator has approved this record.',
  hidden: 'This record is hidden; a DOI is assigned once it is visible again.',
  incomplete: 'A DOI is assigned once the curators have marked this record’s description complete.',
  'awaiting registration': 'This record qualifies for a DOI, which is being registered with DataCite and will appear here within minutes.',
};

export function doiExplanation(reason: string | null | undefined): string | null {
  if (!reason) return null;
  return `No DOI yet. ${DOI_EXPLANATIONS[reason] ?? `Reason: ${reason}.`}`;
}
