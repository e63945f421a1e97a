/**
 * Curator dashboard queries (curators: `curation.dashboard`), answered by the curation service.
 * Processing notes, priorities and assigned curators are not stored yet: they answer empty.
 */
import { can } from '@registry/schemas';
import * as curation from '../../curation/curation-service.ts';
import type { RegistryGraphqlContext } from '../context.ts';
import { unauthorised } from '../errors.ts';
import { isoDate } from '../rows.ts';

type Context = RegistryGraphqlContext;
type NoArgs = Record<string, never>;

function curatorsOnly<T>(answer: (context: Context) => Promise<T>) {
  return (_root: unknown, _args: NoArgs, context: Context): Promise<T> => {
    if (!can(context.viewer, 'curation.dashboard')) throw unauthorised();
    return answer(context);
  };
}

const approvals = (people: curation.PersonWithRecords[]) =>
  people.map((person) => ({ id: person.id, username: person.username, fairsharingRecords: person.records }));
const claims = (rows: curation.PendingClaimRow[]) =>
  rows.map((claim) => ({ id: claim.id, createdAt: isoDate(claim.created_at), fairsharingRecord: claim.record, userId: claim.user_id }));
const recordJson = (record: curation.CurationRecordRow) => ({ id: record.id, name: record.name, type: record.type, lastReviewed: isoDate(record.last_reviewed) });

export const curationQueries = {
  curatorApprovalsRequired: curatorsOnly(async (context) => approvals(await curation.awaitingApproval(context.db, context.viewer))),
  userApprovalsRequired: curatorsOnly(async (context) => approvals(await curation.recentUserEdits(context.db, context.viewer))),
  pendingMaintenanceRequests: curatorsOnly(async (context) => claims(await curation.pendingClaims(context.db, context.viewer))),
  hiddenRecords: curatorsOnly((context) => curation.hiddenRecords(context.db, context.viewer)),
  incompleteRecords: curatorsOnly((context) => curation.incompleteRecords(context.db, context.viewer)),
  leastRecentlyUpdated: curatorsOnly((context) => curation.leastRecentlyUpdated(context.db, context.viewer)),
  recentCuratorCreations: curatorsOnly((context) => curation.recentCuratorCreations(context.db, context.viewer)),
  curatorList: curatorsOnly((context) => curation.curatorList(context.db, context.viewer)),
  needsReview: curatorsOnly(async (context) => {
    const due = await curation.needsReview(context.db, context.viewer);
    return { count: due.count, records: due.records.map(recordJson) };
  }),
  curatorSummaryStatistics: curatorsOnly((context) => curation.summaryStatistics(context.db, context.viewer)),
  curationSummary: curatorsOnly(async (context) => {
    const { db, viewer } = context;
    const due = await curation.needsReview(db, viewer);
    return {
      leastRecentlyUpdated: (await curation.leastRecentlyUpdated(db, viewer)).map(recordJson),
      needsReview: { count: due.count, records: due.records.map(recordJson) },
      curatorSummaryStatistics: await curation.summaryStatistics(db, viewer),
      messages: await curation.dashboardMessages(db, viewer),
      curatorList: await curation.curatorList(db, viewer),
      approvalsRequired: approvals(await curation.awaitingApproval(db, viewer)),
      pendingMaintenanceRequests: claims(await curation.pendingClaims(db, viewer)),
      recentCuratorCreations: await curation.recentCuratorCreations(db, viewer),
      recordsInCuration: approvals(await curation.recentUserEdits(db, viewer)),
      hiddenRecords: await curation.hiddenRecords(db, viewer),
    };
  }),
};

const curationRecordFields = {
  createdAt: (record: curation.CurationRecordRow) => isoDate(record.created_at),
  updatedAt: (record: curation.CurationRecordRow) => isoDate(record.updated_at),
  priority: () => null,
  curator: () => null,
  lastEditor: (record: curation.CurationRecordRow, _args: NoArgs, context: Context) =>
    record.last_editor_id === null ? null : context.loaders.userById.load(record.last_editor_id),
  creator: (record: curation.CurationRecordRow, _args: NoArgs, context: Context) =>
    record.created_by_id === null ? null : context.loaders.userById.load(record.created_by_id),
  maintainers: (record: curation.CurationRecordRow, _args: NoArgs, context: Context) => context.loaders.recordMaintainers.load(record.id),
};
const claimUser = (claim: { userId: number }, _args: NoArgs, context: Context) => context.loaders.userById.load(claim.userId);

export const curationTypeResolvers = {
  CurationRecord: { ...curationRecordFields, incomplete: (record: curation.CurationRecordRow) => !record.is_complete, processingNotes: () => [] },
  CurationSummaryRecord: { ...curationRecordFields, processingNotes: () => [] },
  CurationMaintenanceRequest: { user: claimUser },
  CurationSummaryMaintenanceRequest: { user: claimUser },
};
