/**
 * When an approved record is due a curator's review (a record's `needsReview`): never reviewed, or
 * last reviewed more than a calendar year ago. The curator dashboard's list says the same in SQL
 * (`curation/curation-repository.ts` needsReview: `last_reviewed < now() - interval '1 year'`).
 */
export interface ReviewFacts {
  is_approved: boolean;
  last_reviewed: Date | null;
}

export function reviewIsDue(record: ReviewFacts, now: Date): boolean {
  if (!record.is_approved) return false;
  if (record.last_reviewed === null) return true;
  const yearAgo = new Date(now);
  yearAgo.setFullYear(yearAgo.getFullYear() - 1);
  return record.last_reviewed < yearAgo;
}
