/** The record page and everything hanging off a record, read from Postgres through loaders. */
import { missingDoiReason } from '@registry/schemas/curation/doi-rule.ts';
import type { RegistryGraphqlContext } from '../kernel/graphql-context.ts';
import { recordNotFound } from '../kernel/graphql-errors.ts';
import {
  activeUserById, parseRecordIdentifier, viewerCanSeeRecord, viewerMaintains, visibleRecords,
} from './record-visibility.ts';
import { recordSchemaOrg } from './record-schema-org.ts';
import { recordHistory } from './record-history.ts';
import { reviewIsDue } from './review-due.ts';
import { isoDate } from '../kernel/iso-date.ts';
import type { RecordAssociationRow, RecordRow, ReviewRow } from './record-rows.ts';
import type { QueryResolvers, Resolvers } from '../graphql-types/resolver-types.generated.ts';
import { fairsharingMetadata } from './fairsharing-metadata.ts';
import { withdrawnRecordRow, type WithdrawnRecord } from './withdrawn-records.ts';
import { incompleteness } from './record-incompleteness.ts';
import type { LicenceLinkParent, RecordParent, SavedSearchParent } from '../graphql-types/resolver-parents.ts';
import { linkedRows, loadedByOwnId } from '../kernel/graphql-loading.ts';

type Context = RegistryGraphqlContext;
type NoArgs = Record<string, never>;

export const recordQueries: QueryResolvers = {
  async fairsharingRecord(_root: unknown, args: { id?: string | null }, context: Context): Promise<RecordParent> {
    const identifier = parseRecordIdentifier(args.id);
    if (!identifier) throw recordNotFound();
    const resolved = await context.records.resolveRecordIdentifier(identifier);
    if (resolved?.state === 'withdrawn') return withdrawnRecordRow(resolved.tombstone, await context.records.describeTombstone(resolved.tombstone));
    const record = resolved?.record;
    if (!record || !(await viewerCanSeeRecord(context, record))) throw recordNotFound();
    context.loaders.recordById.prime(record.id, record);
    return record;
  },
};

export const recordTypeResolvers: Resolvers = {
  WithdrawnState: {
    successor: (withdrawn: WithdrawnRecord, _args: NoArgs, context: Context) =>
      (withdrawn.successor ? context.loaders.recordById.load(withdrawn.successor.id) : null),
  },
  FairsharingRecord: {
    async registry(record: RecordRow, _args: NoArgs, context: Context) {
      return (await context.loaders.registryById.load(record.registry_id))?.name ?? null;
    },
    async type(record: RecordRow, _args: NoArgs, context: Context) {
      if (record.record_type_id === null) return null;
      return (await context.loaders.recordTypeById.load(record.record_type_id))?.name ?? null;
    },
    urlForLogo: (record: RecordRow) => record.url_for_logo,
    revision: (record: RecordRow) => String(record.revision),
    replacedBy: (record: RecordRow, _args: NoArgs, context: Context) =>
      (record.replaced_by_id === null ? null : context.loaders.recordById.load(record.replaced_by_id)),
    createdAt: (record: RecordRow) => isoDate(record.created_at),
    updatedAt: (record: RecordRow) => isoDate(record.updated_at),
    lastEdited: (record: RecordRow) => isoDate(record.last_edited ?? record.updated_at),
    lastReviewed: (record: RecordRow) => isoDate(record.last_reviewed),
    needsReview: (record: RecordRow) => reviewIsDue(record, new Date()),
    schemaOrg: (record: RecordRow, _args: NoArgs, context: Context) => recordSchemaOrg(record, context),
    withdrawn: (record: RecordParent) => record.withdrawn ?? null,
    isHidden: (record: RecordRow) => record.is_hidden,
    isOwner: (record: RecordRow, _args: NoArgs, context: Context) => viewerMaintains(context, record.id),
    isApproved: (record: RecordRow) => record.is_approved,
    isRecommended: (record: RecordRow) => record.is_recommended,
    async isMaintained(record: RecordRow, _args: NoArgs, context: Context) {
      return (await context.loaders.recordMaintainers.load(record.id)).length > 0;
    },
    isComplete: (record: RecordRow) => record.is_complete,
    missingDoiReason: (record: RecordRow) => missingDoiReason(record),
    async incomplete(record: RecordRow, _args: NoArgs, context: Context) {
      return record.is_complete ? null : incompleteness(record.id, await context.loaders.recordMissingParts.load(record.id));
    },
    async hasGraph(record: RecordRow, _args: NoArgs, context: Context) {
      const [outgoing, incoming] = await Promise.all([
        context.loaders.recordAssociations.load(record.id).then((list) => associationsWithVisibleEnd(context, list, 'linked_record_id')),
        context.loaders.recordReverseAssociations.load(record.id).then((list) => associationsWithVisibleEnd(context, list, 'record_id')),
      ]);
      return outgoing.length + incoming.length > 0;
    },
    curatorNotes: (record: RecordRow) => record.curator_notes,
    exhaustiveLicences: (record: RecordRow) => record.exhaustive_licences,
    legacyIds: (record: RecordRow) => record.legacy_ids,
    // FAIRsharing's editor reads name, homepage, status … from metadata as well as from their own fields.
    metadata: (record: RecordRow) => fairsharingMetadata(record),
    reviews: loadedByOwnId((loaders) => loaders.recordReviews),
    lastEditor: (record: RecordRow, _args: NoArgs, context: Context) => activeUserById(context, record.last_editor_id),
    creator: (record: RecordRow, _args: NoArgs, context: Context) => activeUserById(context, record.created_by_id),
    countries: loadedByOwnId((loaders) => loaders.recordCountries),
    subjects: loadedByOwnId((loaders) => loaders.recordSubjects),
    domains: loadedByOwnId((loaders) => loaders.recordDomains),
    taxonomies: loadedByOwnId((loaders) => loaders.recordTaxonomies),
    userDefinedTags: loadedByOwnId((loaders) => loaders.recordUserDefinedTags),
    objectTypes: loadedByOwnId((loaders) => loaders.recordObjectTypes),
    grants: linkedRows((loaders) => loaders.recordOrganisationLinks, (loaders) => loaders.grantById, (link) => link.grant_id),
    licenceLinks: loadedByOwnId((loaders) => loaders.recordLicenceLinks),
    licences: linkedRows((loaders) => loaders.recordLicenceLinks, (loaders) => loaders.licenceById, (link) => link.licence_id),
    maintainers: loadedByOwnId((loaders) => loaders.recordMaintainers),
    watchers: loadedByOwnId((loaders) => loaders.recordWatchers),
    communityCurators: loadedByOwnId((loaders) => loaders.recordCommunityCurators),
    organisations: linkedRows((loaders) => loaders.recordOrganisationLinks, (loaders) => loaders.organisationById, (link) => link.organisation_id),
    organisationLinks: loadedByOwnId((loaders) => loaders.recordOrganisationLinks),
    publications: loadedByOwnId((loaders) => loaders.recordPublications),
    async recordAssociations(record: RecordRow, _args: NoArgs, context: Context) {
      const associations = await context.loaders.recordAssociations.load(record.id);
      return associationsWithVisibleEnd(context, associations, 'linked_record_id');
    },
    async reverseRecordAssociations(record: RecordRow, _args: NoArgs, context: Context) {
      const associations = await context.loaders.recordReverseAssociations.load(record.id);
      return associationsWithVisibleEnd(context, associations, 'record_id');
    },
    savedSearches: loadedByOwnId((loaders) => loaders.recordSavedSearches),
    history: (record: RecordRow, _args: NoArgs, context: Context) => recordHistory(record, context),
    legacyLogs(record: RecordRow) {
      const logs = record.metadata?.legacy_logs;
      return Array.isArray(logs) ? logs : [];
    },
  },

  LicenceLink: {
    licence: (link: LicenceLinkParent, _args: NoArgs, context: Context) => context.loaders.licenceById.load(link.licence_id),
    fairsharingRecord: (link: LicenceLinkParent, _args: NoArgs, context: Context) => context.loaders.recordById.load(link.record_id),
  },

  RecordAssociation: {
    async recordAssocLabel(association: RecordAssociationRow, _args: NoArgs, context: Context) {
      return (await context.loaders.relationTypeById.load(association.relation_type_id))?.name ?? null;
    },
    recordAssocLabelId: (association: RecordAssociationRow) => association.relation_type_id,
    fairsharingRecord: (association: RecordAssociationRow, _args: NoArgs, context: Context) =>
      context.loaders.recordById.load(association.record_id),
    linkedRecord: (association: RecordAssociationRow, _args: NoArgs, context: Context) =>
      context.loaders.recordById.load(association.linked_record_id),
  },

  RecordReview: {
    createdAt: (review: ReviewRow) => isoDate(review.created_at),
    user: (review: ReviewRow, _args: NoArgs, context: Context) => activeUserById(context, review.user_id),
  },

  SavedSearch: {
    createdAt: (search: SavedSearchParent) => isoDate(search.created_at),
    creator: (search: SavedSearchParent, _args: NoArgs, context: Context) => activeUserById(context, search.creator_id),
    fairsharingRecords: loadedByOwnId((loaders) => loaders.savedSearchRecords),
    organisations: loadedByOwnId((loaders) => loaders.savedSearchOrganisations),
    users: loadedByOwnId((loaders) => loaders.savedSearchUsers),
  },
};

function onlyRows<T>(results: (T | null | Error)[]): T[] {
  return results.filter((result): result is T => result !== null && !(result instanceof Error));
}

/** Relations whose other end the viewer may not see are left out rather than shown half-empty. */
async function associationsWithVisibleEnd(
  context: Context,
  associations: RecordAssociationRow[],
  otherEnd: 'linked_record_id' | 'record_id',
): Promise<RecordAssociationRow[]> {
  const others = onlyRows(await context.loaders.recordById.loadMany(associations.map((a) => a[otherEnd])));
  const visible = new Set((await visibleRecords(context, others)).map((record) => record.id));
  return associations.filter((association) => visible.has(association[otherEnd]));
}

// ---- user-facing record lists -----------------------------------------------------------------

export const recordListQueries: QueryResolvers = {
  async duplicateCheck(_root: unknown, args: { fields?: (string | null)[] | null }, context: Context) {
    const values = [...new Set((args.fields ?? []).filter((v): v is string => typeof v === 'string').map((v) => v.trim().toLowerCase()))]
      .filter((value) => value !== '');
    if (values.length === 0) return [];
    return context.records.recordsNamedAny(context.viewer, values);
  },
  allFairsharingRecords: (_root: unknown, _args: NoArgs, context: Context) => context.records.recordSummaries(context.viewer),
};
