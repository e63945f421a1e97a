/**
 * The `searchFairsharingRecords` query of one search state. Arguments are written inline
 * as literals; boolean facets go unquoted, list facets as string lists. Filters that the
 * facet registry does not know are not sent (the API would reject the whole query).
 */
import { facetByArgument } from '../facets.ts';
import { graphqlArguments, type GraphqlLiteral } from './graphql-literals.ts';
import type { SearchState } from './search-state.ts';

export const SEARCH_RESULT_FIELDS = `id type name abbreviation doi registry description status isRecommended relatedRecordsCount
      subjects{id label} domains{id label} taxonomies{id label} userDefinedTags{id label} objectTypes{id label}`;

export interface SearchQueryOptions {
  /** Restrict to these record ids (a collection's member list). */
  ids?: number[];
  excludeId?: number;
}

/** The filter arguments of a state; a boolean facet with both values selected filters nothing. */
export function searchFilterArguments(filters: SearchState['filters']): Record<string, GraphqlLiteral> {
  const args: Record<string, GraphqlLiteral> = {};
  for (const [name, values] of Object.entries(filters)) {
    const facet = facetByArgument(name);
    if (!facet || values.length === 0) continue;
    if (facet.kind === 'boolean') {
      const distinct = new Set(values.map((value) => value.toLowerCase()));
      if (distinct.size !== 1) continue;
      const [only] = [...distinct];
      if (only === 'true' || only === 'false') args[name] = only === 'true';
    } else {
      args[name] = values;
    }
  }
  return args;
}

export function searchArguments(state: SearchState, options: SearchQueryOptions = {}): Record<string, GraphqlLiteral | undefined> {
  return {
    q: state.q === '' ? undefined : state.q,
    page: state.page,
    perPage: state.perPage,
    orderBy: state.orderBy === '' ? undefined : state.orderBy,
    searchAnd: state.searchAnd,
    ...searchFilterArguments(state.filters),
    ids: options.ids,
    excludeId: options.excludeId,
  };
}

export function buildSearchRecordsQuery(state: SearchState, options: SearchQueryOptions = {}): string {
  return `{searchFairsharingRecords${graphqlArguments(searchArguments(state, options))}{
    aggregations currentPage perPage totalCount totalPages firstPage error
    records{${SEARCH_RESULT_FIELDS}}
  }}`;
}
