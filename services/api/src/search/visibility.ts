/**
 * Who sees what: anonymous users and non-curators never see hidden or unapproved records,
 * in hits or in counts; curators see everything.
 */
import type { Viewer } from '@registry/schemas';

export function canSeeUnpublished(viewer: Viewer): boolean {
  return viewer.isCurator || viewer.isSuperCurator;
}

/** Filter clauses every search, scan and advanced search applies for this viewer. */
export function visibilityFilters(viewer: Viewer): Record<string, unknown>[] {
  if (canSeeUnpublished(viewer)) return [];
  return [{ term: { isHidden: false } }, { term: { isApproved: true } }];
}
