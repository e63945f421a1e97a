/**
 * The arguments of `searchFairsharingRecords` (and `downloadSearchResults`), generated from the
 * facet registry and METADATA_FILTER_IDS so the API can never drift from what the index holds.
 * The public client types URL parameters by introspecting these: scalars stay nullable
 * (`page: Int`) and lists are `[X!]` (it reads `type.ofType.ofType.name` of a list).
 */
import { METADATA_FILTER_IDS } from '@registry/schemas';
import { ADVANCED_SEARCH_FILTERS, FACETS, type FacetKind } from '@registry/schemas/search/facets.ts';

export interface SearchArgumentDefinition {
  name: string;
  type: string;
  description: string;
}

function typeFor(kind: FacetKind): string {
  return kind === 'boolean' ? 'Boolean' : '[String!]';
}

/** Paging, text and id arguments that are not facets. */
const GENERAL_ARGUMENTS: SearchArgumentDefinition[] = [
  { name: 'q', type: 'String', description: 'Free text.' },
  { name: 'page', type: 'Int', description: 'Page number, from 1.' },
  { name: 'perPage', type: 'Int', description: 'Records per page, at most 100.' },
  { name: 'orderBy', type: 'String', description: '"name,asc", "abbreviation,desc" or "_score,asc" (best match first).' },
  { name: 'searchAnd', type: 'Boolean', description: 'true: every term must match; false: any term.' },
  { name: 'ids', type: '[Int!]', description: 'Only these record ids (a collection).' },
  { name: 'excludeId', type: 'Int', description: 'Leave this record out.' },
  { name: 'exact', type: 'Boolean', description: 'true: the words exactly as typed, without the typo retry.' },
];

/** Document-level yes/no filters that narrow hits and counts but have no facet panel. */
const DOCUMENT_FILTERS = ['isImplemented', 'hasPublication'];

export function searchArgumentDefinitions(): SearchArgumentDefinition[] {
  const definitions = [...GENERAL_ARGUMENTS];
  for (const facet of FACETS) {
    definitions.push({ name: facet.argument, type: typeFor(facet.kind), description: `Facet "${facet.label}" (aggregation key ${facet.key}).` });
  }
  for (const name of DOCUMENT_FILTERS) {
    const filter = ADVANCED_SEARCH_FILTERS.find((candidate) => candidate.id === name);
    definitions.push({ name, type: 'Boolean', description: filter?.label ?? name });
  }
  for (const id of METADATA_FILTER_IDS) {
    const filter = ADVANCED_SEARCH_FILTERS.find((candidate) => candidate.id === id);
    definitions.push({ name: id, type: typeFor(filter?.kind ?? 'list'), description: filter?.label ?? id });
  }
  const seen = new Set<string>();
  return definitions.filter((definition) => (seen.has(definition.name) ? false : (seen.add(definition.name), true)));
}

export function argumentList(definitions: SearchArgumentDefinition[]): string {
  return definitions.map((definition) => `    "${definition.description.replace(/"/g, '\\"')}"\n    ${definition.name}: ${definition.type}`).join('\n');
}

/** SDL extending Query with the search-argument queries. */
export function searchQueriesSdl(): string {
  const definitions = searchArgumentDefinitions();
  const filters = definitions.filter((definition) => !['page', 'perPage', 'orderBy'].includes(definition.name));
  return `
extend type Query {
  "One page of records and facet counts, answered from the search index."
  searchFairsharingRecords(
${argumentList(definitions)}
  ): SearchResult
  "Every record of a search as CSV lines (header first)."
  downloadSearchResults(
${argumentList(definitions)}
    "Add a column with the records' organisations."
    includeOrgs: Boolean
    "Address of the search page the download was made from."
    searchUrl: String
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
  ): FacetValues
}
`;
}
