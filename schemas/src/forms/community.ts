/**
 * Rules of the community calls: claims (maintenance requests), watching, reviews, saved searches
 * and public messages. One yup schema each,
 * shared by the web app and the services behind the REST calls.
 */
import { mixed, object, string, type InferType } from 'yup';
import { ACCOUNT_MESSAGES } from './account.ts';
import { idNumber } from './bounds.ts';

/** Every status a claim can have (see the claims migration for what each means). */
export const CLAIM_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/** What a curator may set. */
export const CLAIM_DECISIONS = ['approved', 'rejected'] as const;
export const WATCH_OPERATIONS = ['watch', 'unwatch'] as const;
/** The preference (in `users.preferences`, PUT /users/notification_preferences) that turns the change digests off when false; on when absent. */
export const DIGEST_PREFERENCE = 'record_change_mails';
export const CLAIM_MESSAGE_MAX = 1000;
/** When a claimant may expect the curators' answer (the claim dialog and the mails promise it). */
export const CLAIM_ANSWER_WITHIN = 'within five working days';

export const COMMUNITY_MESSAGES = {
  decision: `Status must be one of ${CLAIM_DECISIONS.join(', ')}`,
  operation: `Operation must be one of ${WATCH_OPERATIONS.join(', ')}`,
  messageLength: `A message has at most ${CLAIM_MESSAGE_MAX} characters`,
} as const;

const id = idNumber;
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

export const reviewSchema = object({
  fairsharing_record_id: id().required(ACCOUNT_MESSAGES.required),
});
export type ReviewInput = InferType<typeof reviewSchema>;

// Saved searches have their own file; their rules stay importable from here too.
export {
  SAVED_SEARCH_COMMENT_MAX, SAVED_SEARCH_MESSAGES, savedSearchChangeSchema, savedSearchSchema, type SavedSearchChange, type SavedSearchInput,
} from './saved-search.ts';

export const MESSAGE_MAX = 1000;
export const messageSchema = object({
  message: string().trim().required(ACCOUNT_MESSAGES.required).max(MESSAGE_MAX, `A message has at most ${MESSAGE_MAX} characters`),
});
export type MessageInput = InferType<typeof messageSchema>;
