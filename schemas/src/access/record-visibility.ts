/**
 * The one visibility rule for records, in the three forms the code needs. A record is public when
 * it is neither hidden nor awaiting approval; anyone may see a public record. Curators see every
 * record; a record's owners (its creator and its maintainers) see it while it is unpublished.
 * `record-visibility.test.ts` checks that the three forms agree on every combination.
 */
import type { Knex } from 'knex';
import type { Viewer } from './viewer.ts';

export interface RecordVisibilityFacts {
  isHidden: boolean;
  isApproved: boolean;
  /** Creator and maintainers (user ids). */
  ownerIds: readonly number[];
}

export function isPublicRecord(record: Pick<RecordVisibilityFacts, 'isHidden' | 'isApproved'>): boolean {
  return !record.isHidden && record.isApproved;
}

/** Form 1: a predicate on one record's facts. */
export function canViewRecord(viewer: Viewer, record: RecordVisibilityFacts): boolean {
  if (isPublicRecord(record) || viewer.isCurator) return true;
  return viewer.userId !== null && record.ownerIds.includes(viewer.userId);
}

/** Form 2: OpenSearch filter clauses over the search document (`isHidden`, `isApproved`, `ownerIds`). */
export function recordVisibilityFilter(viewer: Viewer): Record<string, unknown>[] {
  if (viewer.isCurator) return [];
  const publicClauses = [{ term: { isHidden: false } }, { term: { isApproved: true } }];
  if (viewer.userId === null) return publicClauses;
  return [{ bool: { should: [{ bool: { filter: publicClauses } }, { term: { ownerIds: viewer.userId } }], minimum_should_match: 1 } }];
}

/**
 * Form 3: a knex modifier for queries over `records` (under `alias`), e.g.
 * `db('records').modify(visibleRecordsOnly(viewer))`.
 */
export function visibleRecordsOnly(viewer: Viewer, alias = 'records'): (query: Knex.QueryBuilder) => void {
  return (query) => {
    if (viewer.isCurator) return;
    const userId = viewer.userId;
    query.where((visible) => {
      visible.where((open) => open.where(`${alias}.is_hidden`, false).andWhere(`${alias}.is_approved`, true));
      if (userId === null) return;
      visible
        .orWhere(`${alias}.created_by_id`, userId)
        .orWhereExists((maintains) =>
          maintains
            .select(maintains.client.raw('1'))
            .from('record_maintainers')
            .whereRaw('record_maintainers.record_id = ??', [`${alias}.id`])
            .andWhere('record_maintainers.user_id', userId),
        );
    });
  };
}

/**
 * The rule as one object carrying its three forms, as a permission generator carries both its
 * check and its query filter: whatever asks who sees a record takes the form it needs from here.
 */
export const RECORD_VISIBILITY = {
  allows: canViewRecord,
  searchFilter: recordVisibilityFilter,
  queryModifier: visibleRecordsOnly,
} as const;
