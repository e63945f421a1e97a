/**
 * Curators mark a record reviewed: a review row (who, when) and the record's `last_reviewed`,
 * which the record page shows and the index carries, so the record is re-indexed. The row is
 * written by the records' repository, since an approval may mark the record reviewed in its own
 * transaction.
 */
import { saveWithIndexing, type Database, type IndexPublisher } from '@registry/platform';
import type { Viewer } from '@registry/schemas';
import { reviewSchema, type ReviewInput } from '@registry/schemas/forms/community.ts';
import { requireAllowed, requireVisibleRecord } from '../records/record-guards.ts';
import { validateInput } from '../validation.ts';
import { insertReview } from '../records/record-repository.ts';

export interface ReviewServiceDeps {
  db: Database;
  publisher: IndexPublisher | null;
}

export async function reviewRecord(deps: ReviewServiceDeps, viewer: Viewer, payload: unknown): Promise<{ id: number; recordId: number; reviewedAt: Date }> {
  requireAllowed(viewer, 'record.approve');
  const input = await validateInput<ReviewInput>(reviewSchema, payload);
  const record = await requireVisibleRecord(deps.db, viewer, input.fairsharing_record_id);
  const { value } = await saveWithIndexing<{ id: number; reviewedAt: Date }>(deps.db, deps.publisher, async (trx) => ({
    value: await insertReview(trx, record.id, viewer.userId!),
    intents: [{ entityType: 'record', id: record.id }],
  }));
  return { id: value!.id, recordId: record.id, reviewedAt: value!.reviewedAt };
}
