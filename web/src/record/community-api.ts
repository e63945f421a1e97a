/** The community calls of the record page (SPEC §7): claims, watching and curators' reviews. */
import { graphqlQuery, rest } from '../api/client.ts';
import { compactGraphql } from '@registry/schemas/search/client/graphql-literals.ts';
import type { ViewerRecordStateQuery, ViewerRecordStateQueryVariables } from './community-api.generated.ts';

/** What only a signed-in viewer's request can tell: whether they watch the record and (curators) whether it needs review. */
export interface ViewerRecordState {
  watching: boolean;
  /** null: the viewer may not review records. */
  needsReview: boolean | null;
}

/** The answer type is generated from this document (`npm run codegen`: community-api.generated.ts). */
export const VIEWER_RECORD_STATE_QUERY = /* GraphQL */ `
  query ViewerRecordState($id: ID) { fairsharingRecord(id: $id) { needsReview watchers { id } } }
`;

export async function loadViewerState(recordId: string, userId: number): Promise<ViewerRecordState> {
  const variables: ViewerRecordStateQueryVariables = { id: recordId };
  const data = await graphqlQuery<ViewerRecordStateQuery>({ query: compactGraphql(VIEWER_RECORD_STATE_QUERY), variables });
  const record = data.fairsharingRecord;
  if (!record) throw new Error('Record not found');
  return { watching: record.watchers.some((user) => Number(user.id) === userId), needsReview: record.needsReview };
}

export const loadClaimState = (recordId: string) => rest('get', '/maintenance_requests/existing/{id}', { path: { id: Number(recordId) } });

export const claimRecord = (recordId: string, message: string) =>
  rest('post', '/maintenance_requests', { body: { maintenance_request: { fairsharing_record_id: Number(recordId), message: message || null } } });

/** Stops maintaining the record or withdraws the viewer's pending claim (one call does both). */
export const stopMaintaining = (recordId: string) =>
  rest('post', '/maintenance_requests/remove', { body: { maintenance_request: { fairsharing_record_id: Number(recordId) } } });

export const watchRecord = (recordId: string, watch: boolean) =>
  rest('post', '/fairsharing_records/watch', { body: { record_id: Number(recordId), operation: watch ? 'watch' : 'unwatch' } });

export const markReviewed = (recordId: string) => rest('post', '/record_reviews', { body: { record_review: { fairsharing_record_id: Number(recordId) } } });
