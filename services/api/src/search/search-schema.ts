/**
 * The search queries' SDL: their arguments are generated from the facet registry and
 * METADATA_FILTER_IDS (search-arguments.ts), so they can never drift from the index.
 */
import { argumentList, searchArgumentDefinitions } from './search-arguments.ts';

/** SDL extending Query with the search-argument queries. */
export function searchQueriesSdl(): string {
  const definitions = searchArgumentDefinitions();
  const filters = definitions.filter((definition) => !['page', 'perPage', 'orderBy'].includes(definition.name));
  return `
extend type Query {
  "One page of records and facet counts, answered from the search index."
  searchFairsharingRecords(
${argumentList(definitions)}
    "Narrow to an advanced search's rules (as advancedSearch's where): they narrow the records and every count."
    where: AdvancedSearchInput
  ): SearchResult
  "Every record of a search as CSV lines (header first)."
  downloadSearchResults(
${argumentList(definitions)}
    "Add a column with the records' organisations."
    includeOrgs: Boolean
    "Address of the search page the download was made from."
    searchUrl: String
    "Narrow to an advanced search's rules (as advancedSearch's where): they narrow the records and every count."
    where: AdvancedSearchInput
  ): DownloadResult
  "The values of one facet under a search, beyond the first values a search answers (a facet panel's show-more and search box)."
  searchFacetValues(
${argumentList(filters)}
    "The facet's key (subjects, domains, fairsharing_registry, ...)."
    facet: String!
    "Only values containing this text, in any letter case."
    contains: String
    "How many values, most frequent first (default 100, at most 1000)."
    size: Int
    "Narrow to an advanced search's rules (as advancedSearch's where): they narrow the records and every count."
    where: AdvancedSearchInput
  ): FacetValues
}
`;
}
