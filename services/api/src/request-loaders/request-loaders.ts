/**
 * Every DataLoader of one GraphQL request. Built fresh per request (in the context), so
 * caching never crosses requests or viewers. They load the rows of every slice's tables, so they
 * sit above those slices (each declares its row type beside its SQL) and only the composition
 * reaches them, through this slice's service (`request-loaders-domain.ts`).
 */
import type DataLoader from 'dataloader';
import type { Database } from '@registry/platform';
import { activeUsersOnly, PUBLIC_USER_COLUMNS } from '@registry/schemas';
import { missingPartsLoader } from '../records/record-missing-parts-repository.ts';
import { byIdLoader, existsLoader, manyToManyLoader, oneToManyLoader } from './batch-loader-repository.ts';
import type { CountryRow, RecordTypeRow, RegistryRow, RelationTypeRow, UserDefinedTagRow, VocabularyRow } from '../vocabularies/vocabulary-repository.ts';
import type { EditEventRow, RecordAssociationRow, RecordRow, ReviewRow } from '../records/record-rows.ts';
import type { GrantRow, OrganisationLinkRow, OrganisationRow, OrganisationTypeRow } from '../organisations/organisation-repository.ts';
import type { LicenceLinkRow, LicenceRow, PublicationRow } from '../references/reference-repository.ts';
import type { MaintenanceRequestRow } from '../claims/claim-repository.ts';
import type { ProcessingNoteRow } from '../curation/curation-repository.ts';
import type { SavedSearchRow } from '../saved-searches/saved-search-repository.ts';
import type { UserRow } from '../accounts/account-repository.ts';

export interface Loaders {
  recordById: DataLoader<number, RecordRow | null>;
  userById: DataLoader<number, UserRow | null>;
  registryById: DataLoader<number, RegistryRow | null>;
  recordTypeById: DataLoader<number, RecordTypeRow | null>;
  relationTypeById: DataLoader<number, RelationTypeRow | null>;
  organisationById: DataLoader<number, OrganisationRow | null>;
  grantById: DataLoader<number, GrantRow | null>;
  licenceById: DataLoader<number, LicenceRow | null>;

  recordSubjects: DataLoader<number, VocabularyRow[]>;
  recordDomains: DataLoader<number, VocabularyRow[]>;
  recordTaxonomies: DataLoader<number, VocabularyRow[]>;
  recordObjectTypes: DataLoader<number, VocabularyRow[]>;
  recordUserDefinedTags: DataLoader<number, UserDefinedTagRow[]>;
  recordCountries: DataLoader<number, CountryRow[]>;
  recordMaintainers: DataLoader<number, UserRow[]>;
  recordWatchers: DataLoader<number, UserRow[]>;
  recordCommunityCurators: DataLoader<number, UserRow[]>;
  recordPublications: DataLoader<number, PublicationRow[]>;
  recordOrganisationLinks: DataLoader<number, OrganisationLinkRow[]>;
  recordLicenceLinks: DataLoader<number, LicenceLinkRow[]>;
  recordAssociations: DataLoader<number, RecordAssociationRow[]>;
  recordReverseAssociations: DataLoader<number, RecordAssociationRow[]>;
  recordReviews: DataLoader<number, ReviewRow[]>;
  recordSavedSearches: DataLoader<number, SavedSearchRow[]>;
  recordEditEvents: DataLoader<number, EditEventRow[]>;
  /** Curators only: reached through the curator dashboard's fields. */
  recordProcessingNotes: DataLoader<number, ProcessingNoteRow[]>;
  recordAssignedCurator: DataLoader<number, UserRow[]>;
  /** What each record lacks of the parts curators check (record-missing-parts-repository.ts). */
  recordMissingParts: DataLoader<number, string[]>;

  registryRecordTypes: DataLoader<number, RecordTypeRow[]>;
  subjectChildren: DataLoader<number, VocabularyRow[]>;
  subjectParents: DataLoader<number, VocabularyRow[]>;
  domainInUse: DataLoader<number, boolean>;

  organisationTypes: DataLoader<number, OrganisationTypeRow[]>;
  organisationCountries: DataLoader<number, CountryRow[]>;
  organisationParents: DataLoader<number, OrganisationRow[]>;
  organisationChildren: DataLoader<number, OrganisationRow[]>;
  organisationLinks: DataLoader<number, OrganisationLinkRow[]>;
  organisationUsers: DataLoader<number, UserRow[]>;
  organisationSavedSearches: DataLoader<number, SavedSearchRow[]>;

  savedSearchRecords: DataLoader<number, RecordRow[]>;
  savedSearchOrganisations: DataLoader<number, OrganisationRow[]>;
  savedSearchUsers: DataLoader<number, UserRow[]>;

  userMaintainedRecords: DataLoader<number, RecordRow[]>;
  userWatchedRecords: DataLoader<number, RecordRow[]>;
  userCuratedRecords: DataLoader<number, RecordRow[]>;
  userCreatedRecords: DataLoader<number, RecordRow[]>;
  userOrganisations: DataLoader<number, OrganisationRow[]>;
  userCreatedSearches: DataLoader<number, SavedSearchRow[]>;
  userSavedSearches: DataLoader<number, SavedSearchRow[]>;
  userMaintenanceRequests: DataLoader<number, MaintenanceRequestRow[]>;
  userEditEvents: DataLoader<number, EditEventRow[]>;
}

export function createLoaders(db: Database): Loaders {
  const through = <T>(joinTable: string, ownerColumn: string, targetColumn: string, targetTable: string, orderBy: string) =>
    manyToManyLoader<T>(db, { joinTable, ownerColumn, targetColumn, targetTable, orderBy });
  const owned = <T>(table: string, ownerColumn: string, orderBy = 'id') => oneToManyLoader<T>(db, { table, ownerColumn, orderBy });
  // Users listed with a record, organisation or search: public columns of active users only.
  const users = (joinTable: string, ownerColumn: string) =>
    manyToManyLoader<UserRow>(db, {
      joinTable, ownerColumn, targetColumn: 'user_id', targetTable: 'users', orderBy: 'username',
      targetColumns: PUBLIC_USER_COLUMNS, targetFilter: activeUsersOnly(),
    });

  return {
    recordById: byIdLoader<RecordRow>(db, 'records'),
    userById: byIdLoader<UserRow>(db, 'users', PUBLIC_USER_COLUMNS),
    registryById: byIdLoader<RegistryRow>(db, 'registries'),
    recordTypeById: byIdLoader<RecordTypeRow>(db, 'record_types'),
    relationTypeById: byIdLoader<RelationTypeRow>(db, 'relation_types'),
    organisationById: byIdLoader<OrganisationRow>(db, 'organisations'),
    grantById: byIdLoader<GrantRow>(db, 'grants'),
    licenceById: byIdLoader<LicenceRow>(db, 'licences'),

    recordSubjects: through('record_subjects', 'record_id', 'subject_id', 'subjects', 'label'),
    recordDomains: through('record_domains', 'record_id', 'domain_id', 'domains', 'label'),
    recordTaxonomies: through('record_taxonomies', 'record_id', 'taxonomy_id', 'taxonomies', 'label'),
    recordObjectTypes: through('record_object_types', 'record_id', 'object_type_id', 'object_types', 'label'),
    recordUserDefinedTags: through('record_user_defined_tags', 'record_id', 'user_defined_tag_id', 'user_defined_tags', 'label'),
    recordCountries: through('record_countries', 'record_id', 'country_id', 'countries', 'name'),
    recordMaintainers: users('record_maintainers', 'record_id'),
    recordWatchers: users('record_watchers', 'record_id'),
    recordCommunityCurators: users('record_community_curators', 'record_id'),
    recordPublications: through('record_publications', 'record_id', 'publication_id', 'publications', 'id'),
    recordOrganisationLinks: owned('organisation_links', 'record_id'),
    recordLicenceLinks: owned('licence_links', 'record_id'),
    recordAssociations: owned('record_associations', 'record_id'),
    recordReverseAssociations: owned('record_associations', 'linked_record_id'),
    recordReviews: owned('record_reviews', 'record_id', 'created_at'),
    recordSavedSearches: through('saved_search_records', 'record_id', 'saved_search_id', 'saved_searches', 'id'),
    recordEditEvents: owned('edit_events', 'record_id', 'created_at'),
    recordProcessingNotes: owned('processing_notes', 'record_id', 'created_at'),
    recordAssignedCurator: manyToManyLoader<UserRow>(db, {
      joinTable: 'record_curator_assignments', ownerColumn: 'record_id', targetColumn: 'curator_id', targetTable: 'users', orderBy: 'username',
      targetColumns: PUBLIC_USER_COLUMNS, targetFilter: activeUsersOnly(),
    }),
    recordMissingParts: missingPartsLoader(db),

    registryRecordTypes: owned('record_types', 'registry_id', 'name'),
    subjectChildren: through('subject_parents', 'parent_id', 'subject_id', 'subjects', 'label'),
    subjectParents: through('subject_parents', 'subject_id', 'parent_id', 'subjects', 'label'),
    domainInUse: existsLoader(db, 'record_domains', 'domain_id'),

    organisationTypes: through('organisation_organisation_types', 'organisation_id', 'organisation_type_id', 'organisation_types', 'name'),
    organisationCountries: through('organisation_countries', 'organisation_id', 'country_id', 'countries', 'name'),
    organisationParents: through('organisation_parents', 'organisation_id', 'parent_id', 'organisations', 'name'),
    organisationChildren: through('organisation_parents', 'parent_id', 'organisation_id', 'organisations', 'name'),
    organisationLinks: owned('organisation_links', 'organisation_id'),
    organisationUsers: users('user_organisations', 'organisation_id'),
    organisationSavedSearches: through('saved_search_organisations', 'organisation_id', 'saved_search_id', 'saved_searches', 'id'),

    savedSearchRecords: through('saved_search_records', 'saved_search_id', 'record_id', 'records', 'name'),
    savedSearchOrganisations: through('saved_search_organisations', 'saved_search_id', 'organisation_id', 'organisations', 'name'),
    savedSearchUsers: users('saved_search_users', 'saved_search_id'),

    userMaintainedRecords: through('record_maintainers', 'user_id', 'record_id', 'records', 'name'),
    userWatchedRecords: through('record_watchers', 'user_id', 'record_id', 'records', 'name'),
    userCuratedRecords: through('record_community_curators', 'user_id', 'record_id', 'records', 'name'),
    userCreatedRecords: owned('records', 'created_by_id', 'name'),
    userOrganisations: through('user_organisations', 'user_id', 'organisation_id', 'organisations', 'name'),
    userCreatedSearches: owned('saved_searches', 'creator_id'),
    userSavedSearches: through('saved_search_users', 'user_id', 'saved_search_id', 'saved_searches', 'id'),
    userMaintenanceRequests: owned('maintenance_requests', 'user_id', 'created_at'),
    userEditEvents: owned('edit_events', 'user_id', 'created_at'),
  };
}
