/**
 * Curator dashboard queries (curators: `curation.dashboard`), answered by the curation service;
 * list fields take `page`, `perPage` and `sort` (the service checks them). Priorities are not
 * stored yet: they answer null.
 */
import { can } from '@registry/schemas';
import * as curation from './curation-service.ts';
import type { RegistryGraphqlContext } from '../kernel/graphql-context.ts';
import { unauthorised } from '../kernel/graphql-errors.ts';
import { isoDate } from '../kernel/iso-date.ts';
import { incompleteness } from '../records/record-incompleteness.ts';
import type { QueryResolvers, Resolvers } from '../graphql-types/resolver-types.generated.ts';
import type { ProcessingNoteParent, UserParent } from '../graphql-types/resolver-parents.ts';
import { loadedByOwnId } from '../kernel/graphql-loading.ts';
import { csvLines } from '../export/csv-text.ts';
import { dueRecordRows, summaryFigureRows } from './curation-files-service.ts';

type Context = RegistryGraphqlContext;
type NoArgs = Record<string, never>;
type PageArgs = curation.PageArgs;
/** FAIRsharing's dashboard asks these two with no arguments and joins a list of lines: `lines` is the default. */
type ShapeArgs = { shape?: 'lines' | 'object' | null };

function curatorsOnly<T, A = NoArgs>(answer: (context: Context, args: A) => Promise<T>) {
  return (_root: unknown, args: A, context: Context): Promise<T> => {
    if (!can(context.viewer, 'curation.dashboard')) throw unauthorised();
    return answer(context, args);
  };
}

const approvals = (people: curation.PersonWithRecords[]) =>
  people.map((person) => ({ id: person.id, username: person.username, fairsharingRecords: person.records }));
const claims = (rows: curation.PendingClaimRow[]) =>
  rows.map((claim) => ({ id: claim.id, createdAt: isoDate(claim.created_at), claimantMessage: claim.claimant_message, fairsharingRecord: claim.record, userId: claim.user_id }));
const recordJson = (record: curation.CurationRecordRow) => ({ id: record.id, name: record.name, type: record.type, updatedAt: isoDate(record.updated_at), lastReviewed: isoDate(record.last_reviewed) });

export const curationQueries: QueryResolvers = {
  curatorApprovalsRequired: curatorsOnly(async (context, args: PageArgs) => approvals(await context.curation.awaitingApproval(context.viewer, args))),
  userApprovalsRequired: curatorsOnly(async (context, args: PageArgs) => approvals(await context.curation.recentUserEdits(context.viewer, args))),
  pendingMaintenanceRequests: curatorsOnly(async (context, args: PageArgs) => claims(await context.curation.pendingClaims(context.viewer, args))),
  hiddenRecords: curatorsOnly((context, args: PageArgs) => context.curation.hiddenRecords(context.viewer, args)),
  incompleteRecords: curatorsOnly((context, args: PageArgs) => context.curation.incompleteRecords(context.viewer, args)),
  leastRecentlyUpdated: curatorsOnly((context) => context.curation.leastRecentlyUpdatedRecord(context.viewer)),
  leastRecentlyUpdatedRecords: curatorsOnly((context, args: PageArgs) => context.curation.leastRecentlyUpdated(context.viewer, args)),
  recentCuratorCreations: curatorsOnly((context, args: PageArgs) => context.curation.recentCuratorCreations(context.viewer, args)),
  curatorList: curatorsOnly((context) => context.curation.curatorList(context.viewer)),
  needsReview: curatorsOnly(async (context, { shape, ...page }: PageArgs & ShapeArgs) => {
    const due = await context.curation.needsReview(context.viewer, page);
    return shape === 'object' ? { count: due.count, records: due.records.map(recordJson) } : csvLines(dueRecordRows(due.records));
  }),
  curatorSummaryStatistics: curatorsOnly(async (context, { shape }: ShapeArgs) => {
    const figures = await context.curation.summaryStatistics(context.viewer);
    return shape === 'object' ? figures : csvLines(summaryFigureRows(figures));
  }),
  curationSummary: curatorsOnly(async ({ curation: dashboard, viewer }) => {
    const due = await dashboard.needsReview(viewer);
    return {
      leastRecentlyUpdated: (await dashboard.leastRecentlyUpdated(viewer)).map(recordJson),
      needsReview: { count: due.count, records: due.records.map(recordJson) },
      curatorSummaryStatistics: await dashboard.summaryStatistics(viewer),
      messages: await dashboard.dashboardMessages(viewer),
      curatorList: await dashboard.curatorList(viewer),
      approvalsRequired: approvals(await dashboard.awaitingApproval(viewer)),
      pendingMaintenanceRequests: claims(await dashboard.pendingClaims(viewer)),
      recentCuratorCreations: await dashboard.recentCuratorCreations(viewer),
      recordsInCuration: approvals(await dashboard.recentUserEdits(viewer)),
      hiddenRecords: await dashboard.hiddenRecords(viewer),
    };
  }),
};

const recordNotes = (record: curation.CurationRecordRow, _args: NoArgs, context: Context) => context.loaders.recordProcessingNotes.load(record.id);

const curationRecordFields = {
  createdAt: (record: curation.CurationRecordRow) => isoDate(record.created_at),
  updatedAt: (record: curation.CurationRecordRow) => isoDate(record.updated_at),
  priority: () => null,
  curator: async (record: curation.CurationRecordRow, _args: NoArgs, context: Context) =>
    (await context.loaders.recordAssignedCurator.load(record.id))[0] ?? null,
  lastEditor: (record: curation.CurationRecordRow, _args: NoArgs, context: Context) =>
    record.last_editor_id === null ? null : context.loaders.userById.load(record.last_editor_id),
  creator: (record: curation.CurationRecordRow, _args: NoArgs, context: Context) =>
    record.created_by_id === null ? null : context.loaders.userById.load(record.created_by_id),
  maintainers: loadedByOwnId((loaders) => loaders.recordMaintainers),
};
const claimUser = (claim: { userId: number }, _args: NoArgs, context: Context) => context.loaders.userById.load(claim.userId);

export const curationTypeResolvers: Resolvers = {
  CurationRecord: {
    ...curationRecordFields,
    async incomplete(record: curation.CurationRecordRow & { missing?: string[] }, _args: NoArgs, context: Context) {
      if (record.is_complete) return null;
      return incompleteness(record.id, record.missing ?? await context.loaders.recordMissingParts.load(record.id));
    },
    missing: (record: curation.CurationRecordRow & { missing?: string[] }) => record.missing ?? null,
    processingNotes: recordNotes,
  },
  // The public client selects these without a sub-selection: the notes as JSON.
  CurationSummaryRecord: {
    ...curationRecordFields,
    processingNotes: async (record: curation.CurationRecordRow, args: NoArgs, context: Context) =>
      (await recordNotes(record, args, context)).map((note) => ({ id: note.id, note: note.note, createdAt: isoDate(note.created_at) })),
  },
  ProcessingNote: {
    createdAt: (note: ProcessingNoteParent) => isoDate(note.created_at),
    user: (note: ProcessingNoteParent, _args: NoArgs, context: Context) => (note.user_id === null ? null : context.loaders.userById.load(note.user_id)),
  },
  // FAIRsharing's dashboard reads a curator's role.name.
  Curator: { role: (user: UserParent) => ({ name: user.role }) },
  CurationMaintenanceRequest: { user: claimUser },
  CurationSummaryMaintenanceRequest: { user: claimUser },
};
