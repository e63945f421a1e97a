/**
 * The calls of the dashboard's curation tabs: one page of a list (GraphQL, `page`/`perPage`/
 * `sort`), and the actions on a record — approve, hide, delete, assign a curator (which never
 * approves), add a processing note, mark reviewed — and deciding a claim.
 */
import { graphqlQuery, restDelete, restPost, restPut } from '../api/client.ts';
import { fragmentSelection, graphqlArguments } from '@registry/schemas/search/client/graphql-literals.ts';
import type { PendingClaimFragment } from './curation-api.generated.ts';

export const CURATION_SORTS = [
  { id: 'newest', label: 'Newest first' },
  { id: 'oldest', label: 'Oldest first' },
  { id: 'name', label: 'Name A–Z' },
  { id: 'name_desc', label: 'Name Z–A' },
  { id: 'updated', label: 'Recently updated' },
  { id: 'least_updated', label: 'Least recently updated' },
] as const;
export type CurationSort = (typeof CURATION_SORTS)[number]['id'];

export interface PageQuery {
  page: number;
  perPage: number;
  /** Absent: the list's own order. */
  sort?: CurationSort;
}

export interface Person {
  id: string;
  username: string;
}

export interface ProcessingNote {
  id: string;
  note: string;
  createdAt: string | null;
  user: Person | null;
}

export interface CurationRecord {
  id: string;
  name: string;
  type: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  creator: Person | null;
  lastEditor: Person | null;
  curator: Person | null;
  processingNotes: ProcessingNote[];
  missing?: string[] | null;
}

const RECORD_FIELDS = 'id name type createdAt updatedAt creator{id username} lastEditor{id username} curator{id username} processingNotes{id note createdAt user{id username}}';

/** The lists whose rows are records, by GraphQL field. */
export type RecordList = 'curatorApprovalsRequired' | 'userApprovalsRequired' | 'hiddenRecords' | 'incompleteRecords' | 'recentCuratorCreations';

function pageArguments(query: PageQuery): string {
  return graphqlArguments({ page: query.page, perPage: query.perPage, sort: query.sort ? { enumValue: query.sort } : undefined });
}

export async function loadRecords(list: RecordList, query: PageQuery): Promise<CurationRecord[]> {
  // recentCuratorCreations keeps its own order (newest first).
  const args = pageArguments(list === 'recentCuratorCreations' ? { ...query, sort: undefined } : query);
  if (list === 'curatorApprovalsRequired' || list === 'userApprovalsRequired') {
    const data = await graphqlQuery<Record<string, { fairsharingRecords: CurationRecord[] }[]>>(`{${list}${args}{id username fairsharingRecords{${RECORD_FIELDS}}}}`);
    return data[list].flatMap((person) => person.fairsharingRecords);
  }
  const extra = list === 'incompleteRecords' ? ' missing' : '';
  const data = await graphqlQuery<Record<string, CurationRecord[]>>(`{${list}${args}{${RECORD_FIELDS}${extra}}}`);
  return data[list];
}

export interface DueRecord {
  id: number;
  name: string;
  type: string | null;
  lastReviewed: string | null;
}

/** Records not reviewed for a year (the oldest review first), with how many there are. */
export async function loadNeedsReview(query: PageQuery): Promise<{ count: number; records: DueRecord[] }> {
  return (await graphqlQuery<{ needsReview: { count: number; records: DueRecord[] } }>(`{needsReview${pageArguments({ ...query, sort: undefined })}}`)).needsReview;
}

/** A claim waiting for a decision; its answer type is generated (`npm run codegen`: curation-api.generated.ts). */
export const PENDING_CLAIM_FRAGMENT = /* GraphQL */ `
  fragment PendingClaim on CurationMaintenanceRequest { id createdAt claimantMessage user{id username} fairsharingRecord{id name type} }
`;

export type PendingClaim = PendingClaimFragment;

export async function loadClaims(query: PageQuery): Promise<PendingClaim[]> {
  return (await graphqlQuery<{ pendingMaintenanceRequests: PendingClaim[] }>(
    `{pendingMaintenanceRequests${pageArguments(query)}{${fragmentSelection(PENDING_CLAIM_FRAGMENT)}}}`,
  )).pendingMaintenanceRequests;
}

export const loadCurators = async () => (await graphqlQuery<{ curatorList: Person[] }>('{curatorList{id username}}')).curatorList;

export const approveRecord = (id: string) => restPost<unknown>(`/fairsharing_records/${id}/approve`, {});
export const hideRecord = (id: string) => restPost<unknown>(`/fairsharing_records/${id}/hide`, { hidden: true });
export const showRecord = (id: string) => restPost<unknown>(`/fairsharing_records/${id}/hide`, { hidden: false });
export const deleteRecord = (id: string) => restDelete<unknown>(`/fairsharing_records/${id}`);
export const assignCurator = (id: string, curatorId: string | null) =>
  restPut<unknown>(`/fairsharing_records/${id}/curator`, { curator_id: curatorId === null ? null : Number(curatorId) });
export const addProcessingNote = (id: string, note: string) => restPost<unknown>(`/fairsharing_records/${id}/processing_notes`, { processing_note: { note } });
export const markReviewed = (id: number | string) => restPost<unknown>('/record_reviews', { record_review: { fairsharing_record_id: Number(id) } });
export const decideClaim = (id: string, status: 'approved' | 'rejected', message: string) =>
  restPut<unknown>(`/maintenance_requests/${id}`, { maintenance_request: { status, message: message.trim() || null } });
