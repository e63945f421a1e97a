/**
 * The lists GraphQL answers whole (no paging) and the tables they read: the query cost rule
 * (graphql/query-cost.ts) charges their real sizes, which the vocabularies slice counts
 * (vocabularies/list-sizes-repository.ts). Below both, so neither imports the other.
 */

/** The real sizes of the lists that are not paged, counted in Postgres (vocabularies/list-sizes-repository.ts). */
export interface ListSizes {
  /** Every record, hidden ones included (curators see them). */
  records: number;
  registries: number;
  /** Nodes of the subject tree as `browseSubjects` answers it (a term appears under each parent). */
  subjectTreeNodes: number;
  /** Nodes of the largest vocabulary `browseVocabulary` answers. */
  vocabularyNodes: number;
  /** Rows of the tables the whole-table lists read (TABLE_LISTS); a table not counted yet is charged FALLBACK_TABLE_ROWS. */
  tableRows: Partial<Record<CountedTable, number>>;
}

/**
 * Root lists with no paging, by `Type.field`, and the tables they answer from. `q` only
 * filters (one letter matches most terms), so each is charged every row of its tables.
 */
export const TABLE_LISTS = {
  'Query.searchSubjects': ['subjects'],
  'Query.searchDomains': ['domains'],
  'Query.searchTaxonomies': ['taxonomies'],
  'Query.searchUserDefinedTags': ['user_defined_tags'],
  'Query.searchTags': ['subjects', 'domains', 'taxonomies', 'object_types', 'user_defined_tags'],
  'Query.searchCountries': ['countries'],
  'Query.searchLicences': ['licences'],
  'Query.searchPublications': ['publications'],
  'Query.allOrganisations': ['organisations'],
  'Query.searchOrganisations': ['organisations'],
  'Query.searchOrganisationTypes': ['organisation_types'],
  'Query.searchGrants': ['grants'],
  'Query.allUsers': ['users'],
  'Query.curatorList': ['users'],
  'ObjectTypeList.records': ['object_types'],
} as const satisfies Record<string, readonly string[]>;

export type CountedTable = (typeof TABLE_LISTS)[keyof typeof TABLE_LISTS][number];
export const COUNTED_TABLES: readonly CountedTable[] = [...new Set(Object.values(TABLE_LISTS).flat())];
