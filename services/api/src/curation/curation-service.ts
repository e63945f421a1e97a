/**
 * The curator dashboard's answers (curators only, `curation.dashboard`): one page of each tab —
 * records awaiting approval by their creator, recent edits by people who are not curators,
 * pending claims, hidden and incomplete records (with what they lack), the least recently
 * updated, those needing review (not reviewed for a year), recent creations by curators — the
 * curators and per-registry counts; and what curators keep about a record while curating it
 * (`curation.annotate`): the curator it is assigned to and processing notes. Neither touches the
 * record itself, so neither approves it.
 */
import type { Database } from '@registry/platform';
import type { Viewer } from '@registry/schemas';
import {
  curatorAssignmentSchema, processingNoteSchema, type CuratorAssignmentInput, type ProcessingNoteInput,
} from '@registry/schemas/forms/curation.ts';
import { invalidError, notFoundError } from '../domain-errors.ts';
import type { ProcessingNoteRow } from './curation-repository.ts';
import { requireAllowed } from '../records/record-guards.ts';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../search/search-records.ts';
import { validateInput } from '../validation.ts';
import * as repository from './curation-repository.ts';
import type { CurationSummaryFigures } from '@registry/schemas/curation/summary-figures.ts';

export type { CurationRecordRow, CurationSort, PendingClaimRow, PersonWithRecords } from './curation-repository.ts';
export { CURATION_SORTS } from './curation-repository.ts';

/** Rows of each list in the one-call curation summary. */
export const DASHBOARD_LIMIT = 100;

/** A page of a dashboard table as asked for: `page` from 1, `perPage` up to MAX_PER_PAGE (the search's, which the query cost counts with). */
export interface PageArgs {
  page?: number | null;
  perPage?: number | null;
  sort?: repository.CurationSort | null;
}

function pageRequest(args: PageArgs): repository.PageRequest {
  const page = args.page ?? 1;
  const perPage = args.perPage ?? DEFAULT_PER_PAGE;
  if (!Number.isInteger(page) || page < 1 || page > 100_000) throw invalidError('page must be a whole number from 1 to 100000');
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) throw invalidError(`perPage must be a whole number from 1 to ${MAX_PER_PAGE}`);
  return { limit: perPage, offset: (page - 1) * perPage, sort: args.sort ?? undefined };
}

const SUMMARY_PAGE: PageArgs = { perPage: DASHBOARD_LIMIT };

type Tab<T> = (db: Database, viewer: Viewer, args?: PageArgs) => Promise<T>;
const curatorsOnly = <T>(read: (db: Database, page: repository.PageRequest) => Promise<T>): Tab<T> => async (db, viewer, args = SUMMARY_PAGE) => {
  requireAllowed(viewer, 'curation.dashboard');
  return read(db, pageRequest(args));
};

export const awaitingApproval = curatorsOnly(repository.awaitingApproval);
export const recentUserEdits = curatorsOnly(repository.recentUserEdits);
export const pendingClaims = curatorsOnly(repository.pendingClaims);
export const hiddenRecords = curatorsOnly(repository.hiddenRecords);
export const incompleteRecords = curatorsOnly(repository.incompleteRecords);
export const leastRecentlyUpdated = curatorsOnly(repository.leastRecentlyUpdated);
export const leastRecentlyUpdatedRecord = curatorsOnly((db) => repository.leastRecentlyUpdatedRecord(db));
// These two keep their one order (their SQL is tuned for it): pages only.
export const needsReview = curatorsOnly((db, page) => repository.needsReview(db, page.limit, page.offset));
export const recentCuratorCreations = curatorsOnly((db, page) => repository.recentCuratorCreations(db, page.limit, page.offset));
export const curatorList = curatorsOnly((db) => repository.curators(db));
export const summaryStatistics = curatorsOnly(async (db): Promise<CurationSummaryFigures> => ({
  registries: await repository.registryCounts(db),
  pendingClaims: await repository.pendingClaimCount(db),
}));
export const dashboardMessages = curatorsOnly((db) => repository.messages(db));

async function requireRecord(db: Database, recordId: number): Promise<void> {
  if (!(await repository.recordExists(db, recordId))) throw notFoundError('Record');
}

export async function addProcessingNote(db: Database, viewer: Viewer, recordId: number, payload: unknown): Promise<ProcessingNoteRow> {
  requireAllowed(viewer, 'curation.annotate');
  const input = await validateInput<ProcessingNoteInput>(processingNoteSchema, payload);
  await requireRecord(db, recordId);
  return repository.addProcessingNote(db, recordId, viewer.userId!, input.note);
}

/** Assigns the record to a curator (or to none); the record stays as it is, approved or not. */
export async function assignCurator(db: Database, viewer: Viewer, recordId: number, payload: unknown): Promise<number | null> {
  requireAllowed(viewer, 'curation.annotate');
  const input = await validateInput<CuratorAssignmentInput>(curatorAssignmentSchema, payload);
  await requireRecord(db, recordId);
  if (input.curator_id === null) {
    await repository.unassignCurator(db, recordId);
    return null;
  }
  if (!(await repository.isActiveCurator(db, input.curator_id))) throw invalidError('Only an active curator can be assigned a record', { errors: { curator_id: 'Choose a curator' } });
  await repository.assignCurator(db, recordId, input.curator_id, viewer.userId!);
  return input.curator_id;
}
