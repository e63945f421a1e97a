/**
 * The curator dashboard's answers (curators only, `curation.dashboard`): records awaiting
 * approval by their creator, recent edits by people who are not curators, pending claims, hidden
 * and incomplete records, the least recently updated, those needing review (not reviewed for a
 * year), recent creations by curators, the curators and per-registry counts.
 */
import type { Database } from '@registry/platform';
import type { Viewer } from '@registry/schemas';
import { requireAllowed } from '../records/record-service.ts';
import * as repository from './curation-repository.ts';

export type { CurationRecordRow, PendingClaimRow, PersonWithRecords, RegistryCounts } from './curation-repository.ts';

/** Rows per dashboard table. */
export const DASHBOARD_LIMIT = 100;

type Tab<T> = (db: Database, viewer: Viewer) => Promise<T>;
const curatorsOnly = <T>(read: (db: Database) => Promise<T>): Tab<T> => async (db, viewer) => {
  requireAllowed(viewer, 'curation.dashboard');
  return read(db);
};

export const awaitingApproval = curatorsOnly((db) => repository.awaitingApproval(db, DASHBOARD_LIMIT));
export const recentUserEdits = curatorsOnly((db) => repository.recentUserEdits(db, DASHBOARD_LIMIT));
export const pendingClaims = curatorsOnly((db) => repository.pendingClaims(db, DASHBOARD_LIMIT));
export const hiddenRecords = curatorsOnly((db) => repository.hiddenRecords(db, DASHBOARD_LIMIT));
export const incompleteRecords = curatorsOnly((db) => repository.incompleteRecords(db, DASHBOARD_LIMIT));
export const leastRecentlyUpdated = curatorsOnly((db) => repository.leastRecentlyUpdated(db, DASHBOARD_LIMIT));
export const needsReview = curatorsOnly((db) => repository.needsReview(db, DASHBOARD_LIMIT));
export const recentCuratorCreations = curatorsOnly((db) => repository.recentCuratorCreations(db, DASHBOARD_LIMIT));
export const curatorList = curatorsOnly((db) => repository.curators(db));
export const summaryStatistics = curatorsOnly(async (db) => ({
  registries: await repository.registryCounts(db),
  pendingClaims: await repository.pendingClaimCount(db),
}));
export const dashboardMessages = curatorsOnly((db) => repository.messages(db));
