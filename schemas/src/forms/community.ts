/**
 * Rules of the community calls: claims (maintenance requests) and watching. One yup schema each,
 * shared by the web app and the services behind the REST calls.
 */
import { mixed, number, object, string, type InferType } from 'yup';
import { ACCOUNT_MESSAGES } from './account.ts';

/** Every status a claim can have (see the claims migration for what each means). */
export const CLAIM_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/** What a curator may set. */
export const CLAIM_DECISIONS = ['approved', 'rejected'] as const;
export const WATCH_OPERATIONS = ['watch', 'unwatch'] as const;
export const CLAIM_MESSAGE_MAX = 1000;

export const COMMUNITY_MESSAGES = {
  decision: `Status must be one of ${CLAIM_DECISIONS.join(', ')}`,
  operation: `Operation must be one of ${WATCH_OPERATIONS.join(', ')}`,
  messageLength: `A message has at most ${CLAIM_MESSAGE_MAX} characters`,
} as const;

const id = () => number().integer().positive().max(2_147_483_647);
const message = () => string().trim().max(CLAIM_MESSAGE_MAX, COMMUNITY_MESSAGES.messageLength).nullable();

export const claimSchema = object({
  fairsharing_record_id: id().required(ACCOUNT_MESSAGES.required),
  message: message(),
});
export type ClaimInput = InferType<typeof claimSchema>;

export const claimDecisionSchema = object({
  status: mixed<(typeof CLAIM_DECISIONS)[number]>().oneOf(CLAIM_DECISIONS, COMMUNITY_MESSAGES.decision).required(ACCOUNT_MESSAGES.required),
  message: message(),
});
export type ClaimDecisionInput = InferType<typeof claimDecisionSchema>;

/** Stop maintaining: the viewer, or (curators) the named maintainer. */
export const stopMaintainingSchema = object({
  fairsharing_record_id: id().required(ACCOUNT_MESSAGES.required),
  user_id: id().nullable(),
});
export type StopMaintainingInput = InferType<typeof stopMaintainingSchema>;

export const watchSchema = object({
  record_id: id().required(ACCOUNT_MESSAGES.required),
  operation: mixed<(typeof WATCH_OPERATIONS)[number]>().oneOf(WATCH_OPERATIONS, COMMUNITY_MESSAGES.operation).required(ACCOUNT_MESSAGES.required),
});
export type WatchInput = InferType<typeof watchSchema>;
