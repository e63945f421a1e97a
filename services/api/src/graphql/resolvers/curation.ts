/**
 * Curator dashboard queries. Until the curation workflow lands these answer empty lists to
 * curators (so the dashboard renders) and an "unauthorised" error to everyone else.
 */
import type { RegistryGraphqlContext } from '../context.ts';
import { unauthorised } from '../errors.ts';

type Context = RegistryGraphqlContext;
type NoArgs = Record<string, never>;

function curatorsOnly<T>(answer: () => T) {
  return (_root: unknown, _args: NoArgs, context: Context): T => {
    if (!context.viewer.isCurator) throw unauthorised();
    return answer();
  };
}

const emptyList = () => [];

export const curationQueries = {
  curatorApprovalsRequired: curatorsOnly(emptyList),
  userApprovalsRequired: curatorsOnly(emptyList),
  pendingMaintenanceRequests: curatorsOnly(emptyList),
  hiddenRecords: curatorsOnly(emptyList),
  incompleteRecords: curatorsOnly(emptyList),
  leastRecentlyUpdated: curatorsOnly(emptyList),
  recentCuratorCreations: curatorsOnly(emptyList),
  curatorList: curatorsOnly(emptyList),
  needsReview: curatorsOnly(emptyList),
  curatorSummaryStatistics: curatorsOnly(() => ({})),
  curationSummary: curatorsOnly(() => ({
    leastRecentlyUpdated: [],
    needsReview: [],
    curatorSummaryStatistics: {},
    messages: [],
    curatorList: [],
    approvalsRequired: [],
    pendingMaintenanceRequests: [],
    recentCuratorCreations: [],
    recordsInCuration: [],
    hiddenRecords: [],
  })),
};
