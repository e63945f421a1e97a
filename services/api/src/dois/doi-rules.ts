/** When a record gets a DOI: once approved, visible and complete (the DOI job then registers it within minutes). */
export interface DoiFacts {
  doi: string | null;
  is_approved: boolean;
  is_hidden: boolean;
  is_complete: boolean;
}

/** Why a record has no DOI yet, in words for its page and the curators' list; null when it has one. */
export function missingDoiReason(record: DoiFacts): string | null {
  if (record.doi !== null) return null;
  if (!record.is_approved) return 'awaiting approval';
  if (record.is_hidden) return 'hidden';
  if (!record.is_complete) return 'incomplete';
  return 'awaiting registration';
}
