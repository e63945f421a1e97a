/**
 * Merging a duplicate record into the one to keep (POST /fairsharing_records/{id}/merge, curators):
 * the calls of the dashboard's merge tab and of a record page's "Merge into…".
 */
import { ApiError, graphqlQuery, rest } from '../../api/client.ts';
import { compactGraphql } from '@registry/schemas/search/client/graphql-literals.ts';
import type { RecordChoiceQuery, RecordChoiceQueryVariables } from './record-merge.generated.ts';

/** A record as a merge names it; the answer type is generated (`npm run codegen`: record-merge.generated.ts). */
const RECORD_CHOICE_QUERY = /* GraphQL */ `
  query RecordChoice($id: ID) { fairsharingRecord(id: $id) { id name registry } }
`;

export type RecordChoice = NonNullable<RecordChoiceQuery['fairsharingRecord']>;

/** The API's answer for an id naming no record the viewer may see (a GraphQL error, not a null record). */
const RECORD_NOT_FOUND = 'record not found';

/** The record with this id, as the viewer may see it; null when there is none. */
export async function loadRecordChoice(id: string): Promise<RecordChoice | null> {
  try {
    return (await graphqlQuery<RecordChoiceQuery>({ query: compactGraphql(RECORD_CHOICE_QUERY), variables: { id } satisfies RecordChoiceQueryVariables })).fairsharingRecord;
  } catch (error) {
    if (error instanceof ApiError && error.message === RECORD_NOT_FOUND) return null;
    throw error;
  }
}

/** Merges `duplicateId` into `keptId`: the duplicate is removed and its addresses lead to the kept record. */
export const mergeRecords = (duplicateId: string, keptId: string) => rest('post', '/fairsharing_records/{id}/merge', { path: { id: Number(duplicateId) }, body: { into: Number(keptId) } });
