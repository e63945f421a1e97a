/**
 * The calls of the dashboard's curation tabs: one page of a list (GraphQL, `page`/`perPage`/
 * `sort`), and the actions on a record — approve, hide, delete, assign a curator (which never
 * approves), add a processing note, mark reviewed — and deciding a claim.
 */
import { graphqlQuery, rest } from '../api/client.ts';
import { compactGraphql, fragmentSelection, graphqlArguments, withFragments } from '@registry/schemas/search/client/graphql-literals.ts';
import type {
  ApprovalRowFragment, CuratorsQuery, CurationRowFragment, IncompleteRowFragment, NeedsReviewQuery, NeedsReviewQueryVariables, PendingClaimFragment, PersonFragment,
} from './curation-api.generated.ts';
import { readDueRecords, type DueRecords } from './curation-json.ts';

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

// The answer types of these documents are generated (`npm run codegen`: curation-api.generated.ts).
// The record lists' root field is chosen at run time, so their rows are typed by fragments, sent
// with the query; the fixed queries are named operations.

/** A person as the dashboard names them: a record's creator, editor or curator, a note's author. */
export const PERSON_FRAGMENT = /* GraphQL */ `
  fragment Person on User { id username }
`;

/** A row of the record lists: the record, its people and its processing notes. */
export const CURATION_ROW_FRAGMENT = /* GraphQL */ `
  fragment CurationRow on CurationRecord {
    id name type createdAt updatedAt creator{...Person} lastEditor{...Person} curator{...Person}
    processingNotes{id note createdAt user{...Person}}
  }
`;

/** A row of the incomplete records, with what the record lacks. */
export const INCOMPLETE_ROW_FRAGMENT = /* GraphQL */ `
  fragment IncompleteRow on CurationRecord { ...CurationRow missing }
`;

/** A row of the approval lists: a person with the records awaiting approval they created or last edited. */
export const APPROVAL_ROW_FRAGMENT = /* GraphQL */ `
  fragment ApprovalRow on CurationApproval { id username fairsharingRecords{...CurationRow} }
`;

export type Person = PersonFragment;
export type CurationRecord = CurationRowFragment;
export type IncompleteRecord = IncompleteRowFragment;


/** The lists whose rows are records, by GraphQL field. */
export type RecordList = 'curatorApprovalsRequired' | 'userApprovalsRequired' | 'hiddenRecords' | 'recentCuratorCreations';

function pageArguments(query: PageQuery): string {
  return graphqlArguments({ page: query.page, perPage: query.perPage, sort: query.sort ? { enumValue: query.sort } : undefined });
}

export async function loadRecords(list: RecordList, query: PageQuery): Promise<CurationRecord[]> {
  // recentCuratorCreations keeps its own order (newest first).
  const args = pageArguments(list === 'recentCuratorCreations' ? { ...query, sort: undefined } : query);
  if (list === 'curatorApprovalsRequired' || list === 'userApprovalsRequired') {
    const data = await graphqlQuery<Record<typeof list, ApprovalRowFragment[]>>(
      withFragments(`{${list}${args}{...ApprovalRow}}`, APPROVAL_ROW_FRAGMENT, CURATION_ROW_FRAGMENT, PERSON_FRAGMENT),
    );
    return data[list].flatMap((person) => person.fairsharingRecords);
  }
  const data = await graphqlQuery<Record<typeof list, CurationRecord[]>>(withFragments(`{${list}${args}{...CurationRow}}`, CURATION_ROW_FRAGMENT, PERSON_FRAGMENT));
  return data[list];
}

export async function loadIncompleteRecords(query: PageQuery): Promise<IncompleteRecord[]> {
  return (await graphqlQuery<{ incompleteRecords: IncompleteRecord[] }>(
    withFragments(`{incompleteRecords${pageArguments(query)}{...IncompleteRow}}`, INCOMPLETE_ROW_FRAGMENT, CURATION_ROW_FRAGMENT, PERSON_FRAGMENT),
  )).incompleteRecords;
}

const NEEDS_REVIEW_QUERY = /* GraphQL */ `
  query NeedsReview($page: Int, $perPage: Int) { needsReview(page: $page, perPage: $perPage, shape: object) }
`;

/** Records not reviewed for a year (the oldest review first), with how many there are. */
export async function loadNeedsReview({ page, perPage }: PageQuery): Promise<DueRecords> {
  const data = await graphqlQuery<NeedsReviewQuery>({ query: compactGraphql(NEEDS_REVIEW_QUERY), variables: { page, perPage } satisfies NeedsReviewQueryVariables });
  return readDueRecords(data.needsReview);
}

/** A claim waiting for a decision. */
export const PENDING_CLAIM_FRAGMENT = /* GraphQL */ `
  fragment PendingClaim on CurationMaintenanceRequest { id createdAt claimantMessage user{id username} fairsharingRecord{id name type} }
`;

export type PendingClaim = PendingClaimFragment;

export async function loadClaims(query: PageQuery): Promise<PendingClaim[]> {
  return (await graphqlQuery<{ pendingMaintenanceRequests: PendingClaim[] }>(
    `{pendingMaintenanceRequests${pageArguments(query)}{${fragmentSelection(PENDING_CLAIM_FRAGMENT)}}}`,
  )).pendingMaintenanceRequests;
}

const CURATORS_QUERY = /* GraphQL */ `
  query Curators { curatorList { id username } }
`;

export const loadCurators = async () => (await graphqlQuery<CuratorsQuery>(CURATORS_QUERY)).curatorList;

export const approveRecord = (id: string) => rest('post', '/fairsharing_records/{id}/approve', { path: { id: Number(id) } });
export const hideRecord = (id: string) => rest('post', '/fairsharing_records/{id}/hide', { path: { id: Number(id) }, body: { hidden: true } });
export const showRecord = (id: string) => rest('post', '/fairsharing_records/{id}/hide', { path: { id: Number(id) }, body: { hidden: false } });
/** Deletes a record; a public one is withdrawn: `reason` (required then) and `successorId` show on its tombstone page. */
export const deleteRecord = (id: string, withdrawal: { reason: string; successorId: number | null }) =>
  rest('delete', '/fairsharing_records/{id}', {
    path: { id: Number(id) },
    body: {
      ...(withdrawal.reason.trim() ? { reason: withdrawal.reason.trim() } : {}),
      ...(withdrawal.successorId === null ? {} : { successor_id: withdrawal.successorId }),
    },
  });
export const assignCurator = (id: string, curatorId: string | null) =>
  rest('put', '/fairsharing_records/{id}/curator', { path: { id: Number(id) }, body: { curator_id: curatorId === null ? null : Number(curatorId) } });
export const addProcessingNote = (id: string, note: string) => rest('post', '/fairsharing_records/{id}/processing_notes', { path: { id: Number(id) }, body: { processing_note: { note } } });
export const markReviewed = (id: number | string) => rest('post', '/record_reviews', { body: { record_review: { fairsharing_record_id: Number(id) } } });
export const decideClaim = (id: string, status: 'approved' | 'rejected', message: string) =>
  rest('put', '/maintenance_requests/{id}', { path: { id: Number(id) }, body: { maintenance_request: { status, message: message.trim() || null } } });
