/** What the profile's lists hold, from the GraphQL profile. */
import type { RecordSummary, UserProfile } from './account-api.ts';

/** The user's own records (created or maintained) that still await a curator's approval, each once. */
export function recordsAwaitingApproval(user: Pick<UserProfile, 'createdRecords' | 'maintainedRecords'>): RecordSummary[] {
  const seen = new Set<string>();
  return [...user.createdRecords, ...user.maintainedRecords].filter((record) => {
    if (record.isApproved !== false || seen.has(record.id)) return false;
    seen.add(record.id);
    return true;
  });
}

