/**
 * Merging a duplicate record into the one to keep (POST /fairsharing_records/{id}/merge, curators):
 * the calls of the dashboard's merge tab and of a record page's "Merge into…".
 */
import { graphqlQuery, restPost } from '../../api/client.ts';
import { graphqlArguments } from '@registry/schemas/search/client/graphql-literals.ts';

/** A record as a merge names it. */
export interface RecordChoice {
  id: string;
  name: string;
  registry: string | null;
}

/** The record with this id, as the viewer may see it; null when there is none. */
export async function loadRecordChoice(id: string): Promise<RecordChoice | null> {
  return (await graphqlQuery<{ fairsharingRecord: RecordChoice | null }>(`{fairsharingRecord${graphqlArguments({ id })}{id name registry}}`)).fairsharingRecord;
}

/** Merges `duplicateId` into `keptId`: the duplicate is removed and its addresses lead to the kept record. */
export const mergeRecords = (duplicateId: string, keptId: string) => restPost<unknown>(`/fairsharing_records/${duplicateId}/merge`, { into: Number(keptId) });
