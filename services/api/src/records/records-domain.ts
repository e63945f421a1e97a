/** The records slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { recordsAlias } from '@registry/schemas';
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import * as records from './record-service.ts';
import * as curationActions from './record-curation-actions.ts';
import * as recordRows from './record-repository.ts';
import { historyNames } from './history-service.ts';
import { findRecord, listRecords } from './record-reads.ts';
import { describeTombstone } from './withdrawn-records.ts';
import { recordRoutes } from './record-read-routes.ts';
import { recordWriteRoutes } from './record-write-routes.ts';
import { recordListQueries, recordQueries, recordTypeResolvers } from './record-resolvers.ts';
import { graphQueries } from './record-graph.ts';

const recordsServices = ({ db, config, searchClient, publisher }: AppConnections) => ({
  ...bindDependencies({ db, publisher, search: { client: searchClient, alias: recordsAlias(config.indexPrefix) }, publicUrl: config.publicUrl }, {
    createRecord: records.createRecord,
    updateSection: records.updateSection,
    updateWholeRecord: records.updateWholeRecord,
    canEditRecord: curationActions.canEditRecord,
    metadataFields: records.metadataFields,
    recordLogo: curationActions.recordLogo,
    setRecordHidden: curationActions.setRecordHidden,
    mergeRecords: curationActions.mergeRecords,
    recordAttributesAfterSave: records.recordAttributesAfterSave,
    listRecords,
    findRecord,
  }),
  ...bindDependencies(db, {
    resolveRecordIdentifier: recordRows.resolveRecordIdentifier, findRecordRow: recordRows.findRecordRow, recordsOfRegistry: recordRows.recordsOfRegistry,
    recordsNamedAny: recordRows.recordsNamedAny, recordSummaries: recordRows.recordSummaries, historyNames,
  }),
  ...bindDependencies({ db, publicUrl: config.publicUrl }, { describeTombstone }),
});

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    records: ReturnType<typeof recordsServices>;
  }
}

export const recordsDomain = defineDomain({
  name: 'records',
  services: recordsServices,
  routes: [recordRoutes, recordWriteRoutes],
  resolvers: { ...recordTypeResolvers, Query: { ...recordQueries, ...recordListQueries, ...graphQueries } },
});
