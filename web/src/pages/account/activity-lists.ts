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

/** A list entry's date as people read it ("23 Nov 2026"), empty when missing or unreadable. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
