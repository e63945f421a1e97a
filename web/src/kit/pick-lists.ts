/**
 * What a picker searches as the user types: the vocabularies and lists a form links (subjects,
 * organisations, users …) and records by name. Used by the record editor, the profile form, the
 * saved-search dialog and the curators' record chooser.
 */
import { compactGraphql, fragmentSelection, graphqlArguments } from '@registry/schemas/search/client/graphql-literals.ts';
import { graphqlQuery } from '../api/client.ts';
import type {
  CountryTermFragment, DomainTermFragment, GrantTermFragment, LicenceTermFragment, ObjectTypeTermsFragment, OrganisationTermFragment,
  OrganisationTypeTermFragment, RecordsByNameQuery, RecordsByNameQueryVariables, SubjectTermFragment, TagTermFragment, TaxonomyTermFragment, UserTermFragment,
} from './pick-lists.generated.ts';

/** A choice of a picker: an entry found, or one a form already holds. */
export interface Term {
  id: number | string;
  label: string;
}

// What each list answers, as a term (its name or username read as the label). The answer types are
// generated from these fragments (`npm run codegen`: pick-lists.generated.ts); a query sends its
// list's selection inline, since the list (the root field) is chosen at run time.
const SUBJECT_TERM = /* GraphQL */ `fragment SubjectTerm on Subject { id label }`;
const DOMAIN_TERM = /* GraphQL */ `fragment DomainTerm on Domain { id label }`;
const TAXONOMY_TERM = /* GraphQL */ `fragment TaxonomyTerm on Taxonomy { id label }`;
const TAG_TERM = /* GraphQL */ `fragment TagTerm on UserDefinedTag { id label }`;
const COUNTRY_TERM = /* GraphQL */ `fragment CountryTerm on Country { id label: name }`;
const ORGANISATION_TERM = /* GraphQL */ `fragment OrganisationTerm on Organisation { id label: name }`;
const ORGANISATION_TYPE_TERM = /* GraphQL */ `fragment OrganisationTypeTerm on OrganisationType { id label: name }`;
const GRANT_TERM = /* GraphQL */ `fragment GrantTerm on Grant { id label: name }`;
const LICENCE_TERM = /* GraphQL */ `fragment LicenceTerm on Licence { id label: name }`;
const USER_TERM = /* GraphQL */ `fragment UserTerm on User { id label: username }`;
const OBJECT_TYPE_TERMS = /* GraphQL */ `fragment ObjectTypeTerms on ObjectTypeList { records { id label } }`;

/** The pick-lists, by the query that searches each and the term it reads. */
const VOCABULARY_QUERIES = {
  subjects: { field: 'searchSubjects', term: SUBJECT_TERM },
  domains: { field: 'searchDomains', term: DOMAIN_TERM },
  taxonomies: { field: 'searchTaxonomies', term: TAXONOMY_TERM },
  userDefinedTags: { field: 'searchUserDefinedTags', term: TAG_TERM },
  countries: { field: 'searchCountries', term: COUNTRY_TERM },
  organisations: { field: 'searchOrganisations', term: ORGANISATION_TERM },
  organisationTypes: { field: 'searchOrganisationTypes', term: ORGANISATION_TYPE_TERM },
  grants: { field: 'searchGrants', term: GRANT_TERM },
  licences: { field: 'searchLicences', term: LICENCE_TERM },
  /** Super curators only (saved searches link users). */
  users: { field: 'allUsers', term: USER_TERM },
} as const;
export type PickList = keyof typeof VOCABULARY_QUERIES | 'objectTypes';

/** A term any of the lists answers. */
type PickListTerm =
  | SubjectTermFragment | DomainTermFragment | TaxonomyTermFragment | TagTermFragment | CountryTermFragment | OrganisationTermFragment
  | OrganisationTypeTermFragment | GrantTermFragment | LicenceTermFragment | UserTermFragment | ObjectTypeTermsFragment['records'][number];

/** The terms matching `q`, every term (up to the API's limit) for no text. */
export async function searchPickList(list: PickList, q: string, signal?: AbortSignal): Promise<PickListTerm[]> {
  // No text asks without a filter, as the public client does (the API treats an empty one the same).
  const args = graphqlArguments({ q: q || undefined });
  if (list === 'objectTypes') {
    const data = await graphqlQuery<{ objectTypes: ObjectTypeTermsFragment }>(`{objectTypes${args}{${fragmentSelection(OBJECT_TYPE_TERMS)}}}`, { signal });
    return data.objectTypes.records;
  }
  const { field, term } = VOCABULARY_QUERIES[list];
  const data = await graphqlQuery<Partial<Record<string, PickListTerm[]>>>(`{${field}${args}{${fragmentSelection(term)}}}`, { signal });
  return data[field] ?? [];
}

const RECORDS_BY_NAME_QUERY = /* GraphQL */ `
  query RecordsByName($q: String) { searchFairsharingRecords(q: $q, perPage: 10) { records { id name registry } } }
`;

export async function searchRecordsByName(q: string, signal?: AbortSignal): Promise<{ id: string; name: string; registry: string }[]> {
  const request = { query: compactGraphql(RECORDS_BY_NAME_QUERY), variables: { q } satisfies RecordsByNameQueryVariables };
  const data = await graphqlQuery<RecordsByNameQuery>(request, { signal });
  // The choosers compare registries as text: a record without one (none in the index) matches no relation type.
  return (data.searchFairsharingRecords?.records ?? []).map((record) => ({ ...record, registry: record.registry ?? '' }));
}
