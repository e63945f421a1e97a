/** The curation slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import type { CommunityMail } from '../accounts/mailer.ts';
import * as curation from './curation-service.ts';
import * as curationFiles from './curation-files-service.ts';
import * as siteModes from './site-mode-service.ts';
import { approveRecordForCreator, deleteRecordForCreator } from './record-decisions.ts';
import { siteModeRoutes } from './site-mode-routes.ts';
import { curationFileRoutes } from './curation-files-routes.ts';
import { curationRoutes } from './curation-routes.ts';
import { curationQueries, curationTypeResolvers } from './curation-resolvers.ts';

const curationServices = ({ db, publisher, communityMail, warn }: AppConnections & { communityMail: CommunityMail }) => ({
  ...bindDependencies(db, {
    awaitingApproval: curation.awaitingApproval, recentUserEdits: curation.recentUserEdits, pendingClaims: curation.pendingClaims,
    hiddenRecords: curation.hiddenRecords, incompleteRecords: curation.incompleteRecords, leastRecentlyUpdated: curation.leastRecentlyUpdated, leastRecentlyUpdatedRecord: curation.leastRecentlyUpdatedRecord,
    needsReview: curation.needsReview, recentCuratorCreations: curation.recentCuratorCreations, curatorList: curation.curatorList,
    summaryStatistics: curation.summaryStatistics, dashboardMessages: curation.dashboardMessages,
    addProcessingNote: curation.addProcessingNote, assignCurator: curation.assignCurator,
    recordsWithoutDoiRows: curationFiles.recordsWithoutDoiRows, creationDatesRows: curationFiles.creationDatesRows, editDatesRows: curationFiles.editDatesRows,
    storedSiteModes: siteModes.storedSiteModes, switchSiteModes: siteModes.switchSiteModes,
  }),
  /** A curator's decision on a record, its creator told by mail after the commit. */
  ...bindDependencies({ db, publisher, mailer: communityMail.mailer, mailContext: communityMail.context, warn }, {
    approveRecord: approveRecordForCreator,
    deleteRecord: deleteRecordForCreator,
  }),
});

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    curation: ReturnType<typeof curationServices>;
  }
}

export const curationDomain = defineDomain({
  name: 'curation',
  services: curationServices,
  routes: [siteModeRoutes, curationFileRoutes, curationRoutes],
  resolvers: { ...curationTypeResolvers, Query: curationQueries },
});
