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
