/**
 * What the record page says about the viewer's part in a record (claim, maintenance): pure
 * functions over the answers of GET /maintenance_requests/existing/{id}. What it says about a
 * missing DOI comes from the one DOI rule (@registry/schemas/curation/doi-rule.ts).
 */
import { formatShortDate } from '../format/dates.ts';
import { CLAIM_ANSWER_WITHIN, type ClaimStatus } from '@registry/schemas/forms/community.ts';
import type { RestAnswer } from '../../api/client.ts';

/** The answer of GET /maintenance_requests/existing/{id} (its route's response schema, through the generated types). */
export type ClaimStateAnswer = RestAnswer<'/maintenance_requests/existing/{id}', 'get'>;

/** Which claim control the viewer gets, and what to tell them about their latest claim. */
export type ClaimView =
  | { kind: 'maintainer'; text: string }
  | { kind: 'pending'; text: string }
  | { kind: 'can-claim'; text: string | null; curatorMessage: string | null };

export function claimView(answer: ClaimStateAnswer): ClaimView {
  if (answer.maintainer) return { kind: 'maintainer', text: 'You maintain this record: you can edit it, and you hear of changes others make to it.' };
  const claim = answer.maintenance_request;
  if (claim?.status === 'pending') {
    return { kind: 'pending', text: `You asked to maintain this record on ${formatShortDate(claim.created_at)}. A curator will answer ${CLAIM_ANSWER_WITHIN}; you will get an e-mail.` };
  }
  if (claim?.status === 'rejected') {
    return {
      kind: 'can-claim',
      text: `A curator declined your request to maintain this record${claim.decided_at ? ` on ${formatShortDate(claim.decided_at)}` : ''}. You may ask again.`,
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
