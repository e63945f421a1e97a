/**
 * The search state and its URL form. The URL is the only source of search state:
 * components read it with `urlToSearchState` and change it with `searchStateToUrl`.
 * Defaults are left out of the URL so that equal searches have equal URLs.
 * A facet whose values must all match says so in its own parameter, named as the API's argument
 * (`subjectsMatch=all`); "any" is the default, and a word that is neither is dropped.
 */
import { FACETS, facetMatchArgument, readFacetMatch, type FacetMatch } from '../facets.ts';

import { formatAdvancedSearchUrl, parseAdvancedSearchUrl, type AdvancedSearchWhere } from '../advanced-search-url.ts';

/**
 * Query parameters that are not filters; every other parameter is a filter. `operator` and
 * `fields` are an advanced search's rules (advanced-search-url.ts), read on /advancedsearch.
 */
export const CONTROL_PARAMETERS = ['q', 'page', 'perPage', 'orderBy', 'searchAnd', 'exact', 'operator', 'fields'] as const;

export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 20;
export const PER_PAGE_CHOICES = [10, 20, 50, 100] as const;
/** Matching all terms is the default; the home page sends searchAnd=false for "any". */
export const DEFAULT_SEARCH_AND = true;

export interface SearchState {
  q: string;
  page: number;
  perPage: number;
  /** "" = the server's default order (relevance with text, else name). */
  orderBy: string;
  searchAnd: boolean;
  /** The words exactly as typed, without the typo retry ("Search instead for …"). */
  exact: boolean;
  /** GraphQL argument name → selected values (lower-case is not required; the API matches any case). */
  filters: Record<string, string[]>;
  /** The facets (GraphQL argument names, sorted) whose selected values must all match; the others match any. */
  matchAll: string[];
  /** An advanced search's rules (its URL's `operator` and `fields`); only /advancedsearch keeps them. */
  where?: AdvancedSearchWhere;
}

/** URL parameter (`subjectsMatch`) → the facet argument it belongs to (`subjects`), for facets that offer "all of". */
const MATCH_PARAMETERS: ReadonlyMap<string, string> = new Map(
  FACETS.flatMap((facet) => {
    const parameter = facetMatchArgument(facet);
    return parameter ? [[parameter, facet.argument] as const] : [];
  }),
);
const MATCH_PARAMETER_OF: ReadonlyMap<string, string> = new Map([...MATCH_PARAMETERS].map(([parameter, argument]) => [argument, parameter]));

export const DEFAULT_SEARCH_STATE: SearchState = {
  q: '',
  page: DEFAULT_PAGE,
  perPage: DEFAULT_PER_PAGE,
  orderBy: '',
  searchAnd: DEFAULT_SEARCH_AND,
  exact: false,
  filters: {},
  matchAll: [],
};

function positiveInteger(raw: string | null, fallback: number): number {
  if (raw === null) return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Comma lists in one parameter and repeated parameters both work (the home page sends comma lists). */
function splitValues(raw: string[]): string[] {
  const values = raw.flatMap((item) => item.split(',')).map((item) => item.trim()).filter((item) => item !== '');
  return [...new Set(values)];
}

export function urlToSearchState(params: URLSearchParams): SearchState {
  const filters: Record<string, string[]> = {};
  const matchAll = new Set<string>();
  for (const key of new Set(params.keys())) {
    if ((CONTROL_PARAMETERS as readonly string[]).includes(key)) continue;
    const matched = MATCH_PARAMETERS.get(key);
    if (matched !== undefined) {
      if (readFacetMatch(params.get(key) ?? '') === 'all') matchAll.add(matched);
      continue;
    }
    const values = splitValues(params.getAll(key));
    if (values.length > 0) filters[key] = values;
  }
  const searchAndRaw = params.get('searchAnd');
  const advanced = params.has('operator') || params.has('fields');
  return {
    q: (params.get('q') ?? '').trim(),
    page: positiveInteger(params.get('page'), DEFAULT_PAGE),
    perPage: Math.min(positiveInteger(params.get('perPage'), DEFAULT_PER_PAGE), 100),
    orderBy: params.get('orderBy') ?? '',
    searchAnd: searchAndRaw === null ? DEFAULT_SEARCH_AND : searchAndRaw !== 'false',
    exact: params.get('exact') === 'true',
    filters,
    matchAll: [...matchAll].sort(),
    ...(advanced ? { where: parseAdvancedSearchUrl({ operator: params.get('operator') ?? undefined, fields: params.getAll('fields') }).where } : {}),
  };
}

/** Parameters in a stable order (q, filters sorted, then paging) so URLs compare equal. */
export function searchStateToUrl(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim() !== '') params.set('q', state.q.trim());
  if (state.where) {
    const { operator, fields } = formatAdvancedSearchUrl({ where: state.where });
    params.set('operator', operator);
    for (const group of fields) params.append('fields', group);
  }
  const filters = Object.entries(state.filters).flatMap(([key, values]) => (values.length > 0 ? [[key, values.join(',')] as const] : []));
  const matches = state.matchAll.flatMap((argument) => {
    const parameter = MATCH_PARAMETER_OF.get(argument);
    return parameter ? [[parameter, 'all'] as const] : [];
  });
  for (const [key, value] of [...filters, ...matches].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) params.set(key, value);
  if (state.searchAnd !== DEFAULT_SEARCH_AND) params.set('searchAnd', String(state.searchAnd));
  if (state.exact) params.set('exact', 'true');
  if (state.orderBy !== '') params.set('orderBy', state.orderBy);
  if (state.page !== DEFAULT_PAGE) params.set('page', String(state.page));
  if (state.perPage !== DEFAULT_PER_PAGE) params.set('perPage', String(state.perPage));
  return params;
}

/** Adds or removes one filter value; any filter change goes back to page 1. */
export function toggleFilterValue(state: SearchState, name: string, value: string): SearchState {
  const current = state.filters[name] ?? [];
  const lower = value.toLowerCase();
  const present = current.some((item) => item.toLowerCase() === lower);
  const next = present ? current.filter((item) => item.toLowerCase() !== lower) : [...current, value];
  return withFilter(state, name, next);
}

/** Replaces one filter's values (an empty list removes it) and resets the page. */
export function withFilter(state: SearchState, name: string, values: string[]): SearchState {
  const filters = { ...state.filters };
  if (values.length === 0) delete filters[name];
  else filters[name] = values;
  return { ...state, filters, page: DEFAULT_PAGE };
}

/** How a facet's selected values combine in this state. */
export function facetMatchOf(state: SearchState, argument: string): FacetMatch {
  return state.matchAll.includes(argument) ? 'all' : 'any';
}

/** Sets how one facet's values combine; like any filter change, back to page 1. */
export function withFacetMatch(state: SearchState, argument: string, match: FacetMatch): SearchState {
  const others = state.matchAll.filter((item) => item !== argument);
  return { ...state, matchAll: match === 'all' ? [...others, argument].sort() : others, page: DEFAULT_PAGE };
}

/** New text is searched with the typo retry again. */
export function withText(state: SearchState, q: string): SearchState {
  return { ...state, q, exact: false, page: DEFAULT_PAGE };
}

export function isFilterValueSelected(state: SearchState, name: string, value: string): boolean {
  const lower = value.toLowerCase();
  return (state.filters[name] ?? []).some((item) => item.toLowerCase() === lower);
}

/**
 * Listing pages (/standards …) preset the registry without putting it in the URL;
 * a registry chosen in the URL wins.
 */
export function withPreset(state: SearchState, preset: Record<string, string[]>): SearchState {
  return { ...state, filters: { ...preset, ...state.filters } };
}
