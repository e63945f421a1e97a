/**
 * What a picker searches as the user types: the vocabularies and lists a form links (subjects,
 * organisations, users …) and records by name. Used by the record editor, the profile form, the
 * saved-search dialog and the curators' record chooser.
 */
import { graphqlArguments } from '@registry/schemas/search/client/graphql-literals.ts';
import { graphqlQuery } from '../api/client.ts';

export interface Term {
  id: number | string;
  label: string;
}

/** The pick-lists, by the query that searches each. */
export const VOCABULARY_QUERIES = {
  subjects: 'searchSubjects',
  domains: 'searchDomains',
  taxonomies: 'searchTaxonomies',
  userDefinedTags: 'searchUserDefinedTags',
  countries: 'searchCountries',
  organisations: 'searchOrganisations',
  organisationTypes: 'searchOrganisationTypes',
  grants: 'searchGrants',
  licences: 'searchLicences',
  /** Super curators only (saved searches link users). */
  users: 'allUsers',
} as const;
export type PickList = keyof typeof VOCABULARY_QUERIES | 'objectTypes';
/** Lists whose entries carry a name rather than a label. */
const NAMED_LISTS: ReadonlySet<PickList> = new Set(['countries', 'organisations', 'organisationTypes', 'grants', 'licences']);

export async function searchPickList(list: PickList, q: string, signal?: AbortSignal): Promise<Term[]> {
  if (list === 'objectTypes') {
    return (await graphqlQuery<{ objectTypes: { records: Term[] } }>(`{objectTypes${graphqlArguments({ q })}{records{id label}}}`, { signal })).objectTypes.records;
  }
  const field = VOCABULARY_QUERIES[list];
  const label = list === 'users' ? 'label:username' : NAMED_LISTS.has(list) ? 'label:name' : 'label';
  const data = await graphqlQuery<Record<string, Term[]>>(`{${field}${graphqlArguments({ q })}{id ${label}}}`, { signal });
  return data[field] ?? [];
}

export async function searchRecordsByName(q: string, signal?: AbortSignal): Promise<{ id: string; name: string; registry: string }[]> {
  const data = await graphqlQuery<{ searchFairsharingRecords: { records: { id: string; name: string; registry: string }[] } }>(
    `{searchFairsharingRecords${graphqlArguments({ q, perPage: 10 })}{records{id name registry}}}`,
    { signal },
  );
  return data.searchFairsharingRecords.records;
}
