/**
 * The search document of one record: what the indexer writes to OpenSearch and what
 * search answers read back. Built from Postgres by one pure function in `indexer`.
 * Keep in step with `mappings/records-v7.json` (dynamic: strict).
 */

export const RECORD_STATUSES = ['ready', 'in_development', 'deprecated', 'uncertain'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** Registries, lower-case as they are stored in the index and answered in aggregation keys. */
export const REGISTRY_NAMES = ['standard', 'database', 'policy', 'collection'] as const;
export type RegistryName = (typeof REGISTRY_NAMES)[number];

/**
 * Policy/database attributes that advanced search filters on (SPEC §3 filter identifiers).
 * Each is held in `metadata` in Postgres and copied here as lower-case keyword values
 * (e.g. dataAccessCondition: ["open", "controlled"], mandatedDataSharing: ["true"]).
 */
export const METADATA_FILTER_IDS = [
  'accessMethods',
  'dataCuration',
  'dataDepositionCondition',
  'dataAccessCondition',
  'citationToRelatedPublications',
  'dataAccessForPrePublicationReview',
  'dataContactInformation',
  'dataVersioning',
  'associatedTools',
  'certificationsAndCommunityBadges',
  'dataProcessesAndConditions',
  'dataPreservationPolicy',
  'resourceSustainability',
  'dataAvailabilityStatement',
  'dataProtection',
  'dataCitation',
  'dataPreservation',
  'exceptionsToDataSharing',
  'mandatedDataSharing',
  'mandatedDmpCreation',
  'sharingResearchSoftware',
  'timingOfDmp',
  'licencesForOutputs',
  'supportedCosts',
  'usesPersistentIdentifier',
  'recommendsDatabase',
  'recommendsStandard',
  'updatingOfDmp',
  'guidanceToHelpEnableCompliance',
  'monitoringOfCompliance',
] as const;
export type MetadataFilterId = (typeof METADATA_FILTER_IDS)[number];

export interface SearchDocumentTerm {
  id: number;
  label: string;
  iri: string | null;
  definitions: string[];
  synonyms: string[];
}

/** The other end of a relation, as a facet shows it (by name). */
export interface RelatedRecordReference {
  id: number;
  name: string;
}

export interface RecordSearchDocument {
  id: number;
  /** Postgres revision; also the OpenSearch external version. */
  revision: number;
  doi: string | null;
  name: string;
  abbreviation: string | null;
  description: string;
  homepage: string | null;
  registry: RegistryName;
  recordType: string | null;
  status: RecordStatus;
  isRecommended: boolean;
  /** Has at least one maintainer. */
  isMaintained: boolean;
  isApproved: boolean;
  isHidden: boolean;
  /** Creator and maintainers: who may see the record while it is hidden or awaiting approval. */
  ownerIds: number[];
  /** Another record implements this one (reverse `implements` association). */
  isImplemented: boolean;
  hasPublication: boolean;
  subjects: SearchDocumentTerm[];
  domains: SearchDocumentTerm[];
  taxonomies: SearchDocumentTerm[];
  objectTypes: SearchDocumentTerm[];
  userDefinedTags: { id: number; label: string }[];
  /**
   * `topicKey`s of the labels and synonyms of the subjects, domains, species and tags above,
   * and of every broader subject and domain above those (topic-keys.ts): what a topical
   * query looks up.
   */
  topicKeys: string[];
  /** The `topicKeys` of the record's own terms only: a direct annotation ranks above a narrower term's. */
  directTopicKeys: string[];
  countries: { id: number; code: string; name: string }[];
  licences: { id: number; name: string; url: string | null }[];
  organisations: { id: number; name: string; relation: string; isLead: boolean }[];
  /** Organisations linked as funders (relation `funds`), each once: `organisations` alone cannot tie an organisation to its relation in a query. */
  funderIds: number[];
  /** Organisations linked by any other relation, each once. */
  otherOrganisationIds: number[];
  grants: { id: number; name: string }[];
  publications: { id: number; title: string; url: string | null; doi: string | null }[];
  legacyIds: string[];
  /** Ids of the collections that include this record. */
  collectionIds: number[];
  relatedRecordsCount: number;
  /** Public standards this (policy) record recommends. Relations count only between public records. */
  recommendedStandards: RelatedRecordReference[];
  /** Public databases this (policy) record recommends. */
  recommendedDatabases: RelatedRecordReference[];
  /** Public databases that implement this (standard) record. */
  implementedByDatabases: RelatedRecordReference[];
  attributes: Partial<Record<MetadataFilterId, string[]>>;
  /** Null when unknown (seeded records whose sources give no date); the date mapping accepts null. */
  createdAt: string | null;
  updatedAt: string | null;
}
