/**
 * Query texts in the shape the public client writes them (one anonymous query, inline
 * literals, fields as its query files list them), built from api-shapes.md.
 */
const KEYWORDS = 'label id definitions iri synonyms';
const ORGANISATION_LINKS =
  'organisationLinks{ id relation isLead grant{name id } organisation{name id homepage types urlForLogo rorLink countries{code id name }}}';

export function recordPageQuery(id: string | number): string {
  const idLiteral = typeof id === 'number' ? String(id) : `"${id}"`;
  return `{fairsharingRecord(id:${idLiteral} ){ id registry type doi status name abbreviation description homepage createdAt updatedAt lastEdited schemaOrg isHidden isOwner isApproved curatorNotes exhaustiveLicences urlForLogo lastReviewed hasGraph isComplete incomplete reviews{id createdAt user{ id username}} lastEditor{username id } countries{name id code } metadata taxonomies{label id } domains{ ${KEYWORDS} inFairsharing} subjects{ ${KEYWORDS}} userDefinedTags{label id } objectTypes{label id iri definitions } grants{name description } isRecommended legacyIds licenceLinks{relation id fairsharingRecord{ id}licence{ id name url spdxLink}} licences{id name url spdxLink } maintainers{username id orcid } watchers{username id orcid } organisations{id } ${ORGANISATION_LINKS} publications{title doi authors id journal url year pubmedId } recordAssociations{linkedRecord{ name abbreviation id registry type status}recordAssocLabel recordAssocLabelId id } reverseRecordAssociations{fairsharingRecord{ name abbreviation id registry type status}recordAssocLabel } communityCurators{id username orcid } savedSearches{id name comments url fairsharingRecords{ name id registry type status}creator{ id username}}}}`;
}

export function recordHistoryQuery(id: number): string {
  return `{fairsharingRecord(id:${id} ){ history legacyLogs}}`;
}

export function searchQuery(params: string): string {
  return `{searchFairsharingRecords(${params}){ aggregations currentPage perPage totalCount totalPages firstPage records{id type name abbreviation doi registry description domains{ ${KEYWORDS} inFairsharing}subjects{ ${KEYWORDS}}taxonomies{ label}userDefinedTags{ label}objectTypes{ label definitions}relatedRecordsCount status isRecommended }}}`;
}

export function advancedSearchQuery(params: string): string {
  return `{advancedSearch(${params}){ id type name description registry status abbreviation doi homepage subjects{label id definitions iri synonyms } domains{label id definitions iri synonyms inFairsharing } taxonomies{id label } publications{title url doi }}}`;
}

export const REGISTRIES_QUERY = '{fairsharingRegistries(page:1 ){ records{id name description recordTypes{ id name description}}}}';
export const RECORD_TYPES_QUERY = '{recordTypes{ records{id name fairsharingRegistry{ id name}}}}';
export const OBJECT_TYPES_QUERY = '{objectTypes{ records{id label }}}';
export const BROWSE_SUBJECTS_QUERY = '{browseSubjects{ data }}';
export const STATS_QUERY = '{latestStats{ data}}';
export const MESSAGES_QUERY = '{messages{ id message updatedAt createdAt}}';

export const INTROSPECTION_QUERY =
  ' { __schema { types { ...FullType } } } fragment FullType on __Type { name fields(includeDeprecated: true) { name description args { ...InputValue } isDeprecated } } fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue } fragment TypeRef on __Type { kind name ofType { kind name ofType { kind name } } }';

const SUMMARY = 'id type name doi registry isApproved';
const SAVED_SEARCH_SUMMARY = 'id name url comments createdAt creator{ id username} fairsharingRecords{ id name} organisations{ id name} users{ id username}';

export function userMetaQuery(id: number): string {
  return `{user(id:${id} ){ maintenanceRequests{createdAt status fairsharingRecord{ id name type doi}} createdRecords{ ${SUMMARY}} maintainedRecords{ ${SUMMARY}} recordsInCuration{ ${SUMMARY}} watchedRecords{ ${SUMMARY}} organisations{id name homepage organisationTypes{ name}} createdSearches{ ${SAVED_SEARCH_SUMMARY}} savedSearches{ ${SAVED_SEARCH_SUMMARY}}}}`;
}

export function publicUserQuery(id: number): string {
  return `{user(id:${id} ){ email firstName lastName homepage orcid username mastodon bluesky thirdParty awards role maintainedRecords{ ${SUMMARY}} organisations{id name homepage organisationTypes{ name}} createdSearches{ ${SAVED_SEARCH_SUMMARY}} savedSearches{ ${SAVED_SEARCH_SUMMARY}}}}`;
}

export function userEditEventsQuery(id: number): string {
  return `{user(id:${id} ){ editEvents{id createdAt editEvent editType fairsharingRecord{ id name type}}}}`;
}

export const CURATION_SUMMARY_QUERY =
  '{curationSummary{ leastRecentlyUpdated needsReview curatorSummaryStatistics messages{id message updatedAt createdAt } curatorList{username id role } approvalsRequired{username id fairsharingRecords{ id name updatedAt createdAt type processingNotes priority lastEditor{ id username}creator{ id username}}} pendingMaintenanceRequests{id createdAt fairsharingRecord{ id name type processingNotes lastEditor{ id username}}user{ username id}} recentCuratorCreations{id name createdAt type creator{ id username}} recordsInCuration{username fairsharingRecords{ id name status maintainers{ id username}}} hiddenRecords{id name createdAt type creator{ id username}curator{ id username}}}}';

export const CURATOR_APPROVALS_QUERY =
  '{curatorApprovalsRequired{ username id fairsharingRecords{id name updatedAt createdAt type processingNotes{ id note}lastEditor{ id username}priority lastEditor{ id username}creator{ id username}}}}';

export const PENDING_MAINTENANCE_QUERY =
  '{pendingMaintenanceRequests{ id createdAt fairsharingRecord{id name type processingNotes{ id note}lastEditor{ id username}} user{username id }}}';
