/**
 * The `searchFairsharingRecords` query of one search state, as a document with variables
 * (graphql-request.ts: one document per set of arguments, parsed and compiled once by the
 * server); `perPage` stays inline, so the query cost rule charges the page it names. Filters are
 * typed by the API's own introspection when the app has it (Int and Boolean as such, lists as
 * lists, the rest strings) and by the facet registry until then; both agree for every facet, so
 * the request is the same either way. A filter the API does not declare is not sent (it would
 * reject the whole query).
 */
import type { AdvancedSearchWhere } from '../advanced-search-url.ts';
import { advancedSearchFilterById, facetByArgument, facetMatchArgument, TYPE_FILTER_ALIASES } from '../facets.ts';
import { compactGraphql, fragmentSelection, graphqlArguments, withFragments, type GraphqlLiteral } from './graphql-literals.ts';
import { graphqlOperation, type GraphqlRequest } from './graphql-request.ts';
import type { SearchState } from './search-state.ts';

/**
 * The search page's fragments. Their answer types are generated from them and the API's schema
 * (`npm run codegen`: search-query.generated.ts), so a field the schema does not have fails
 * there, not in the browser. Written compact into the documents sent.
 */
export const SEARCH_RESULT_FRAGMENT = /* GraphQL */ `
  fragment SearchResultFields on SearchRecord {
    id type name abbreviation doi registry description status isRecommended relatedRecordsCount
    subjects { id label } domains { id label } taxonomies { id label } userDefinedTags { id label } objectTypes { id label }
  }
`;

/** Why each result matched: asked for only when there is text to match. */
export const SEARCH_HIGHLIGHT_FRAGMENT = /* GraphQL */ `
  fragment SearchHighlight on SearchRecord {
    highlight { name { text matched } abbreviation { text matched } description { text matched } }
  }
`;

/** The page's counts, facets and messages (the records are selected beside it, with or without highlights). */
export const SEARCH_ANSWER_FRAGMENT = /* GraphQL */ `
  fragment SearchAnswer on SearchResult {
    facets { key values { value count } otherCount }
    currentPage perPage totalCount totalPages firstPage error correctedQuery suggestedQuery
  }
`;

export const FACET_VALUES_FRAGMENT = /* GraphQL */ `
  fragment FacetValuesAnswer on FacetValues {
    values { value count }
    otherCount
  }
`;

/** The fields of a result row as a selection (`records{${SEARCH_RESULT_FIELDS}}`). */
export const SEARCH_RESULT_FIELDS = fragmentSelection(SEARCH_RESULT_FRAGMENT);

/** Argument name → GraphQL type without non-null marks ("Int", "String", "[String]"), from introspection. */
export type SearchArgumentTypes = Record<string, string>;

export interface SearchQueryOptions {
  /** Restrict to these record ids (a collection's member list). */
  ids?: number[];
  excludeId?: number;
  /** The search query's argument types as the API's introspection gives them. */
  argumentTypes?: SearchArgumentTypes;
}

type ArgumentShape = 'boolean' | 'list' | 'int' | 'string';

function argumentShape(name: string, argumentTypes: SearchArgumentTypes | undefined): ArgumentShape | null {
  if (argumentTypes) {
    const type = argumentTypes[name];
    // Input objects (`where`) are not filters of the URL.
    if (type === undefined || !/^\[?(String|Int|Boolean|ID)\]?$/.test(type)) return null;
    if (type === 'Boolean') return 'boolean';
    if (type === 'Int') return 'int';
    return type.startsWith('[') ? 'list' : 'string';
  }
  const facet = facetByArgument(name);
  if (!facet) return null;
  return facet.kind === 'boolean' ? 'boolean' : 'list';
}

/** The filter arguments of a state; a boolean facet with both values selected filters nothing. */
export function searchFilterArguments(filters: SearchState['filters'], argumentTypes?: SearchArgumentTypes): Record<string, GraphqlLiteral> {
  const args: Record<string, GraphqlLiteral> = {};
  for (const [name, values] of Object.entries(filters)) {
    const shape = argumentShape(name, argumentTypes);
    if (!shape || values.length === 0) continue;
    if (shape === 'boolean') {
      const distinct = new Set(values.map((value) => value.toLowerCase()));
      if (distinct.size !== 1) continue;
      const [only] = [...distinct];
      if (only === 'true' || only === 'false') args[name] = only === 'true';
    } else if (shape === 'int') {
      const number = Number(values[0]);
      if (Number.isSafeInteger(number)) args[name] = number;
    } else {
      args[name] = shape === 'list' ? values : values.join(',');
    }
  }
  return args;
}

/**
 * `subjectsMatch: "all"` for each facet whose selected values must all match; only for a facet
 * with values (without, "all" changes nothing) and only when the API declares the argument.
 */
export function facetMatchArguments(state: Pick<SearchState, 'filters' | 'matchAll'>, argumentTypes?: SearchArgumentTypes): Record<string, GraphqlLiteral> {
  const args: Record<string, GraphqlLiteral> = {};
  for (const argument of state.matchAll) {
    const facet = facetByArgument(argument);
    const name = facet ? facetMatchArgument(facet) : null;
    if (!name || (state.filters[argument] ?? []).length === 0) continue;
    if (argumentTypes && argumentTypes[name] === undefined) continue;
    args[name] = 'all';
  }
  return args;
}

/**
 * An advanced search's `where` as the API takes it: the registry-specific type rules merged into
 * one lower-case `type` list per group, yes/no rules as booleans, other values as lists.
 */
export function advancedWhereArgument(where: AdvancedSearchWhere): GraphqlLiteral {
  return {
    operator: where.operator,
    fields: where.fields.map((group) => {
      const entry: Record<string, GraphqlLiteral> = { operator: group.operator };
      const types: string[] = [];
      for (const [identifier, value] of Object.entries(group)) {
        if (identifier === 'operator') continue;
        const values = typeof value === 'boolean' ? [String(value)] : Array.isArray(value) ? value : [value];
        if ((TYPE_FILTER_ALIASES as readonly string[]).includes(identifier.toLowerCase()) || identifier.toLowerCase() === 'type') {
          types.push(...values.map((item) => item.toLowerCase()));
        } else if (advancedSearchFilterById(identifier)?.kind === 'boolean') {
          entry[identifier] = typeof value === 'boolean' ? value : values[0]?.toLowerCase() === 'true';
        } else {
          entry[identifier] = values;
        }
      }
      if (types.length > 0) entry.type = [...new Set(types)];
      return entry;
    }),
  };
}

export function searchArguments(state: SearchState, options: SearchQueryOptions = {}): Record<string, GraphqlLiteral | undefined> {
  return {
    q: state.q === '' ? undefined : state.q,
    page: state.page,
    perPage: state.perPage,
    orderBy: state.orderBy === '' ? undefined : state.orderBy,
    searchAnd: state.searchAnd,
    exact: state.exact ? true : undefined,
    ...searchFilterArguments(state.filters, options.argumentTypes),
    ...facetMatchArguments(state, options.argumentTypes),
    ids: options.ids,
    excludeId: options.excludeId,
    where: state.where ? advancedWhereArgument(state.where) : undefined,
  };
}

export function buildSearchRecordsQuery(state: SearchState, options: SearchQueryOptions = {}): GraphqlRequest {
  const fragments = state.q === '' ? [SEARCH_ANSWER_FRAGMENT, SEARCH_RESULT_FRAGMENT] : [SEARCH_ANSWER_FRAGMENT, SEARCH_RESULT_FRAGMENT, SEARCH_HIGHLIGHT_FRAGMENT];
  const records = state.q === '' ? '...SearchResultFields' : '...SearchResultFields ...SearchHighlight';
  const request = graphqlOperation('Search', 'searchFairsharingRecords', searchArguments(state, options), `...SearchAnswer records{${records}}`, ['perPage']);
  return { ...request, query: withFragments(request.query, ...fragments) };
}

/** Values of one facet under a state's search (`searchFacetValues`): paging and order do not change them. */
export function buildFacetValuesQuery(state: SearchState, facetKey: string, request: { contains?: string; size: number }, options: SearchQueryOptions = {}): string {
  const args: Record<string, GraphqlLiteral | undefined> = { ...searchArguments(state, options), facet: facetKey, contains: request.contains || undefined, size: request.size };
  for (const name of ['page', 'perPage', 'orderBy']) delete args[name];
  return `{searchFacetValues${graphqlArguments(args)}{...FacetValuesAnswer}} ${compactGraphql(FACET_VALUES_FRAGMENT)}`;
}
