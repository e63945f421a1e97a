/**
 * `searchFairsharingRecords`: one page of records plus facet counts, from the OpenSearch index.
 *
 * Query shape (a proper faceted search):
 *   query        text relevance + visibility + ids/excludeId + non-facet filters (isImplemented,
 *                hasPublication, metadata attributes, an advanced search's `where`): these
 *                narrow hits AND every count.
 *   post_filter  the selected facet values: they narrow the hits only,
 *   aggs         each facet counted under the OTHER selected facets, so a facet's own selection
 *                never hides its other values' counts; a facet whose values must all match
 *                (`subjectsMatch: "all"`) is counted under its own selection too, so each value
 *                counts what adding it would leave. Facets that need the same filter share
 *                one `filter` aggregation (all unselected facets share "all selections"), so a
 *                search with two selected facets makes three passes over the hits, not fifteen.
 * Free text without typo matching first; a retry with it when nothing matched (text-query.ts).
 * Answers may come from OpenSearch's shard request cache, which a refresh that changed the
 * shard empties, so a cached answer is never older than what a new search would see.
 * Choices that follow the public client (see README.md here): perPage defaults to 30 (the
 * client's fixture answer), `firstPage` is a boolean "this is page 1", `_score` ordering means
 * best match first whatever the direction, and `searchAnd` defaults to true (the client shows
 * "Match All Terms" as selected when the URL has no searchAnd).
 */
import { can, METADATA_FILTER_IDS, recordVisibilityFilter, type MetadataFilterId, type RecordSearchDocument, type Viewer } from '@registry/schemas';
import { MAX_ITEMS_PER_LIST } from '@registry/schemas/forms/bounds.ts';
import { FACETS, facetMatchArgument, type FacetArgument, type FacetDefinition, type FacetKey, type FacetMatchArgument } from '@registry/schemas/search/facets.ts';
import {
  readBooleanArgument,
  readIdList,
  readIntegerArgument,
  readFacetMatchArgument,
  readListArgument,
  readListArgumentItems,
  readRecordTypeList,
  readRegistryList,
  readStatusList,
  type BooleanArgument,
  type IntegerArgument,
  type ListArgument,
  type ListArgumentItem,
} from './search-arguments.ts';
import { buildWhereClause, type AdvancedSearchWhereInput } from './advanced-search-where.ts';
import { InvalidQueryError } from './search-errors.ts';
import { executeSearch, type SearchAnswer, type SearchBody, type SearchDependencies, type TermsBucket } from './search-execution.ts';
import { buildTextQuery, cleanSearchText, firstQueryTypos, type TypoMatching } from './text-query.ts';
import { correctedText, correctionRequest, suggestedText } from './did-you-mean.ts';
import { highlightRequest, readHighlight, type RecordHighlight } from './highlights.ts';

export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 100;
/** OpenSearch's default `index.max_result_window`: pages beyond it answer with totals only (use the scan). */
export const MAX_RESULT_WINDOW = 10_000;

type FacetArguments = { [argument in FacetArgument]?: argument extends 'isRecommended' | 'isMaintained' | 'isApproved' ? BooleanArgument : ListArgument };
type MetadataArguments = { [id in MetadataFilterId]?: ListArgument | BooleanArgument };
/** "any" (default) or "all", per facet a record may hold several values of. */
type FacetMatchArguments = { [argument in FacetMatchArgument]?: string | null };

export interface SearchRecordsArgs extends FacetArguments, FacetMatchArguments, MetadataArguments {
  q?: string | null;
  page?: IntegerArgument;
  perPage?: IntegerArgument;
  /** "name,asc", "abbreviation,desc", "_score,asc" (best match first). */
  orderBy?: string | null;
  /** true (default): every term must match; false: any term. */
  searchAnd?: BooleanArgument;
  isImplemented?: BooleanArgument;
  hasPublication?: BooleanArgument;
  ids?: ListArgument;
  excludeId?: IntegerArgument;
  /** true: search exactly the words typed, without the typo retry (the "search instead for" link). */
  exact?: BooleanArgument;
  /** An advanced search's rules (advanced-search-where.ts): they narrow the hits and every count, as `ids` do. */
  where?: AdvancedSearchWhereInput | null;
}

export interface FacetBucket {
  key: string;
  key_as_string?: string;
  doc_count: number;
}

export interface FacetAggregation {
  doc_count: number;
  doc_count_error_upper_bound: number;
  sum_other_doc_count: number;
  buckets: FacetBucket[];
}

export type SearchAggregations = Partial<Record<FacetKey, FacetAggregation>>;

export interface SearchRecordsResult {
  currentPage: number;
  perPage: number;
  totalCount: number;
  totalPages: number;
  /** true on page 1. */
  firstPage: boolean;
  /** true on the last page (or past it). */
  lastPage: boolean;
  records: SearchResultDocument[];
  aggregations: SearchAggregations;
  /** The words the typo retry matched instead of the typed ones, when it found the records. */
  correctedQuery?: string | null;
  /** "Did you mean": when even the typo retry found nothing, the query with its words spelt as the catalogue spells them. */
  suggestedQuery?: string | null;
  error?: 'invalid query';
}

/** A record of the answer, with the words that matched highlighted when they were asked for. */
export type SearchResultDocument = RecordSearchDocument & { highlight?: RecordHighlight };

type Clause = Record<string, unknown>;

export interface SearchRecordsRequest {
  body: SearchBody;
  page: number;
  perPage: number;
  /** No hits asked for: the page starts beyond the result window, or the caller wants none. */
  noHits: boolean;
  /** When the query matches nothing (`queryMatchedNothing`), search again with `{ typoRetry: true }`. */
  typoRetry: boolean;
}

export interface SearchRequestOptions {
  /** The typo retry: recall by typo (fuzzy) matching alone, whatever `searchAnd` says. */
  typoRetry?: boolean;
  /**
   * false: the caller reads counts and aggregations only, so no hits are fetched (nor scored).
   * Records, when fetched, are whole documents (see search-selection.ts).
   */
  withRecords?: boolean;
  /** Highlight the matched words of the records fetched (highlights.ts). */
  withHighlights?: boolean;
  /**
   * Ask the typo retry for the spelling suggestions that `correctedQuery` and `suggestedQuery`
   * are read from (did-you-mean.ts); by default when records are fetched. A GraphQL query says
   * whether it reads them, with records or without (a count alone still has its correction).
   */
  withCorrections?: boolean;
  /** Count the values of this one facet instead of every facet's first values (`searchFacetValues`). */
  facetValues?: FacetValuesRequest;
}

export interface FacetValuesRequest {
  facet: FacetDefinition;
  /** Only values containing this text, in any letter case. */
  contains?: string;
  size: number;
}

interface SelectedFacet {
  facet: FacetDefinition;
  clause: Clause;
  /**
   * "all of": the facet's own selection narrows its counts too, so each value counts the records
   * that adding it would leave; "any of" counts a facet without its own selection (each value
   * counts the records it would add).
   */
  matchAll: boolean;
}

/**
 * Records holding every value. A value with commas counts as held when the record holds it whole
 * (an organisation's name) or holds each of its parts (a comma list); see `readListArgument`.
 * Each value is a clause, so their number is bounded.
 */
function allOfClause(facet: FacetDefinition, items: ListArgumentItem[]): Clause {
  const terms = items.reduce((sum, item) => sum + item.parts.length, 0);
  if (terms > MAX_ITEMS_PER_LIST) throw new InvalidQueryError(`${facet.argument} with "all" takes at most ${MAX_ITEMS_PER_LIST} values`);
  const term = (value: string): Clause => ({ term: { [facet.field]: value } });
  const clauses = items.map(({ whole, parts }) =>
    parts.length > 1 ? { bool: { should: [term(whole), { bool: { filter: parts.map(term) } }], minimum_should_match: 1 } } : term(parts[0] ?? whole),
  );
  return { bool: { filter: clauses } };
}

function valuesFor(facet: FacetDefinition, raw: ListArgument): string[] {
  if (facet.argument === 'fairsharingRegistry') return readRegistryList(raw);
  if (facet.argument === 'status') return readStatusList(raw);
  if (facet.argument === 'recordType') return readRecordTypeList(raw);
  return readListArgument(raw);
}

function selectedFacets(args: SearchRecordsArgs, viewer: Viewer): SelectedFacet[] {
  const selected: SelectedFacet[] = [];
  for (const facet of FACETS) {
    if (facet.curatorOnly && !can(viewer, 'search.curatorFilters')) continue;
    const raw = args[facet.argument as FacetArgument];
    if (facet.kind === 'boolean') {
      const value = readBooleanArgument(raw as BooleanArgument, facet.argument);
      if (value !== null) selected.push({ facet, clause: { term: { [facet.field]: value } }, matchAll: false });
      continue;
    }
    const matchArgument = facetMatchArgument(facet);
    if (matchArgument && readFacetMatchArgument(args[matchArgument], matchArgument) === 'all') {
      const items = readListArgumentItems(raw as ListArgument);
      if (items.length) selected.push({ facet, clause: allOfClause(facet, items), matchAll: true });
      continue;
    }
    const values = valuesFor(facet, raw as ListArgument);
    if (values.length) selected.push({ facet, clause: { terms: { [facet.field]: values } }, matchAll: false });
  }
  return selected;
}

/** Filters that narrow both hits and counts. */
function nonFacetFilters(args: SearchRecordsArgs, viewer: Viewer): { filter: Clause[]; mustNot: Clause[] } {
  const filter: Clause[] = [...recordVisibilityFilter(viewer)];
  const mustNot: Clause[] = [];
  const ids = readIdList(args.ids, 'ids');
  if (ids.length) filter.push({ terms: { id: ids } });
  const excludeId = readIntegerArgument(args.excludeId, 'excludeId');
  if (excludeId !== null) mustNot.push({ term: { id: excludeId } });
  for (const name of ['isImplemented', 'hasPublication'] as const) {
    const value = readBooleanArgument(args[name], name);
    if (value !== null) filter.push({ term: { [name]: value } });
  }
  for (const id of METADATA_FILTER_IDS) {
    const raw = args[id];
    const values = typeof raw === 'boolean' ? [String(raw)] : readListArgument(raw);
    if (values.length) filter.push({ terms: { [`attributes.${id}`]: values } });
  }
  const where = buildWhereClause(args.where);
  if (where) filter.push(where);
  return { filter, mustNot };
}

function readPaging(args: SearchRecordsArgs): { page: number; perPage: number } {
  const requestedPerPage = readIntegerArgument(args.perPage, 'perPage');
  const perPage = requestedPerPage === null || requestedPerPage <= 0 ? DEFAULT_PER_PAGE : Math.min(requestedPerPage, MAX_PER_PAGE);
  const requestedPage = readIntegerArgument(args.page, 'page');
  const page = requestedPage === null || requestedPage < 1 ? 1 : requestedPage;
  return { page, perPage };
}

const NAME_ASC = { 'name.sort': { order: 'asc' } };
// Last tie-break, so that paging never shows a record twice or skips one.
const ID_ASC = { id: { order: 'asc' } };

/** Sort for `orderBy`; anything unrecognised falls back to the default. */
export function readSortOrder(orderBy: string | null | undefined, hasText: boolean): Clause[] {
  const relevance: Clause[] = hasText ? [{ _score: { order: 'desc' } }, NAME_ASC, ID_ASC] : [NAME_ASC, ID_ASC];
  const [field = '', direction = 'asc'] = (orderBy ?? '').toLowerCase().split(',').map((part) => part.trim());
  const order = direction === 'desc' ? 'desc' : 'asc';
  if (direction !== 'asc' && direction !== 'desc') return relevance;
  if (field === 'name') return [{ 'name.sort': { order } }, ID_ASC];
  if (field === 'abbreviation') {
    return [{ 'abbreviation.sort': { order, missing: '_last' } }, NAME_ASC, ID_ASC];
  }
  return relevance;
}

const ALL_SELECTIONS_GROUP = 'facets_under_all_selections';
/** Counts what the query matched before the selected facets (aggregations ignore post_filter). */
const QUERY_MATCHES = 'query_matches';
const EXCEPT_GROUP_PREFIX = 'facets_under_selections_except_';

/** The selections a facet's values are counted under: the others', and its own when its values must all match. */
function countedUnder(selected: SelectedFacet[], facet: FacetDefinition): Clause[] {
  return selected.filter((entry) => entry.facet.key !== facet.key || entry.matchAll).map((entry) => entry.clause);
}

function aggregationsRequest(viewer: Viewer, selected: SelectedFacet[]): Record<string, Clause> {
  const groups: Record<string, { filter: Clause; aggs: Record<string, Clause> }> = {};
  for (const facet of FACETS) {
    if (facet.curatorOnly && !can(viewer, 'search.curatorFilters')) continue;
    const others = countedUnder(selected, facet);
    const name = others.length === selected.length ? ALL_SELECTIONS_GROUP : `${EXCEPT_GROUP_PREFIX}${facet.key}`;
    groups[name] ??= { filter: others.length ? { bool: { filter: others } } : { match_all: {} }, aggs: {} };
    groups[name].aggs[facet.key] = { terms: { field: facet.field, size: facet.size } };
  }
  return { ...groups, [QUERY_MATCHES]: { filter: { match_all: {} } } };
}

/** Lucene regular-expression syntax: these characters stand for themselves only when escaped. */
const REGEXP_SPECIAL = /[.?+*|{}[\]()"\\#@&<>~]/;

/** A terms `include` pattern for values containing `text` in any letter case. */
export function containsPattern(text: string): string {
  const body = [...text]
    .map((character) => {
      const lower = character.toLowerCase();
      const upper = character.toUpperCase();
      if (lower !== upper) return `[${lower}${upper}]`;
      return REGEXP_SPECIAL.test(character) ? `\\${character}` : character;
    })
    .join('');
  return `.*${body}.*`;
}

/** One facet's values under the selections it is counted under (as in `aggregationsRequest`), most frequent first. */
function facetValuesAggregation(selected: SelectedFacet[], request: FacetValuesRequest): Record<string, Clause> {
  const { facet, contains, size } = request;
  const others = countedUnder(selected, facet);
  const terms: Clause = { field: facet.field, size, order: [{ _count: 'desc' }, { _key: 'asc' }] };
  if (contains && facet.kind === 'list') terms.include = containsPattern(contains);
  return {
    [`${EXCEPT_GROUP_PREFIX}${facet.key}`]: { filter: others.length ? { bool: { filter: others } } : { match_all: {} }, aggs: { [facet.key]: { terms } } },
    [QUERY_MATCHES]: { filter: { match_all: {} } },
  };
}

/** The OpenSearch request for these arguments; pure, so benches and tests can send it raw. */
export function buildSearchRecordsRequest(args: SearchRecordsArgs, viewer: Viewer, options: SearchRequestOptions = {}): SearchRecordsRequest {
  const { page, perPage } = readPaging(args);
  const raw = args.q ?? '';
  const cleaned = cleanSearchText(raw);
  const matchAllTerms = readBooleanArgument(args.searchAnd, 'searchAnd') ?? true;
  const exact = readBooleanArgument(args.exact, 'exact') ?? false;
  const typos: TypoMatching = options.typoRetry ? 'only' : exact ? 'no' : firstQueryTypos(matchAllTerms);
  const { filter, mustNot } = nonFacetFilters(args, viewer);
  const selected = selectedFacets(args, viewer);
  const from = (page - 1) * perPage;
  const beyondWindow = from + perPage > MAX_RESULT_WINDOW;
  const noHits = beyondWindow || options.withRecords === false;

  const query: Clause = {
    bool: {
      must: cleaned ? [buildTextQuery(raw, cleaned, matchAllTerms, typos)] : [{ match_all: {} }],
      filter,
      must_not: mustNot,
    },
  };
  const body: SearchBody = {
    query,
    from: noHits ? 0 : from,
    size: noHits ? 0 : perPage,
    sort: readSortOrder(args.orderBy, cleaned !== ''),
    track_total_hits: true,
    aggs: options.facetValues ? facetValuesAggregation(selected, options.facetValues) : aggregationsRequest(viewer, selected),
  };
  if (selected.length) body.post_filter = { bool: { filter: selected.map((entry) => entry.clause) } };
  if (cleaned && options.withHighlights && !noHits) body.highlight = highlightRequest(cleaned, typos !== 'no');
  if (cleaned && options.typoRetry && (options.withCorrections ?? options.withRecords !== false)) body.suggest = correctionRequest(cleaned);
  return { body, page, perPage, noHits, typoRetry: cleaned !== '' && typos === 'no' && !exact };
}

function bucketKey(bucket: TermsBucket): string {
  return bucket.key_as_string ?? String(bucket.key);
}

/**
 * The text and the non-facet filters matched no record at all. Only then is a typo retry
 * worth its cost: when the selected facets alone hide the matches, near spellings would just
 * widen the text behind the user's back.
 */
export function queryMatchedNothing(answer: SearchAnswer): boolean {
  return (answer.aggregations?.[QUERY_MATCHES]?.doc_count ?? answer.hits.total.value) === 0;
}

export function readAggregations(answer: SearchAnswer): SearchAggregations {
  const aggregations: SearchAggregations = {};
  for (const [name, group] of Object.entries(answer.aggregations ?? {})) {
    if (name === QUERY_MATCHES) continue;
    for (const [key, terms] of Object.entries(group)) {
      if (typeof terms === 'number') continue; // the group's own doc_count
      aggregations[key as FacetKey] = {
        doc_count: group.doc_count,
        doc_count_error_upper_bound: terms.doc_count_error_upper_bound ?? 0,
        sum_other_doc_count: terms.sum_other_doc_count ?? 0,
        buckets: terms.buckets.map((bucket) =>
          bucket.key_as_string !== undefined
            ? { key: bucket.key_as_string, key_as_string: bucket.key_as_string, doc_count: bucket.doc_count }
            : { key: bucketKey(bucket), doc_count: bucket.doc_count },
        ),
      };
    }
  }
  return aggregations;
}

function pageOfResults(page: number, perPage: number, totalCount: number, records: SearchResultDocument[], aggregations: SearchAggregations): SearchRecordsResult {
  const totalPages = Math.ceil(totalCount / perPage);
  return {
    currentPage: page,
    perPage,
    totalCount,
    totalPages,
    firstPage: page === 1,
    lastPage: page >= totalPages,
    records,
    aggregations,
  };
}

/** The answer for arguments that cannot be searched: the client shows its "invalid" state. */
export function invalidQueryResult(args: Pick<SearchRecordsArgs, 'page' | 'perPage'>): SearchRecordsResult {
  let paging = { page: 1, perPage: DEFAULT_PER_PAGE };
  try {
    paging = readPaging(args);
  } catch {
    // Paging itself was the invalid part; answer with the defaults.
  }
  return { ...pageOfResults(paging.page, paging.perPage, 0, [], {}), error: 'invalid query' };
}

/** Shard request cache even though the request asks for hits (size > 0); see the top of this file. */
const CACHED = { request_cache: true };

export async function searchRecords(
  deps: SearchDependencies,
  args: SearchRecordsArgs,
  viewer: Viewer,
  options: Pick<SearchRequestOptions, 'withRecords' | 'withHighlights' | 'withCorrections'> = {},
): Promise<SearchRecordsResult> {
  try {
    let request = buildSearchRecordsRequest(args, viewer, options);
    let answer = await executeSearch(deps, request.body, CACHED);
    let correctedQuery: string | null = null;
    let suggestedQuery: string | null = null;
    if (request.typoRetry && queryMatchedNothing(answer)) {
      request = buildSearchRecordsRequest(args, viewer, { ...options, typoRetry: true });
      answer = await executeSearch(deps, request.body, CACHED);
      if (answer.hits.total.value > 0) correctedQuery = correctedText(cleanSearchText(args.q), answer.suggest);
      else suggestedQuery = suggestedText(cleanSearchText(args.q), answer.suggest);
    }
    const records = request.noHits ? [] : answer.hits.hits.map((hit): SearchResultDocument => {
      const highlight = readHighlight(hit.highlight);
      return highlight ? { ...hit._source, highlight } : hit._source;
    });
    return { ...pageOfResults(request.page, request.perPage, answer.hits.total.value, records, readAggregations(answer)), correctedQuery, suggestedQuery };
  } catch (failure) {
    if (failure instanceof InvalidQueryError) return invalidQueryResult(args);
    throw failure;
  }
}

export const MAX_FACET_VALUES = 1_000;

/**
 * Values of one facet for the facet panel's "show more" and search box: beyond the first values
 * every search answers, up to MAX_FACET_VALUES, optionally only those containing some text.
 */
export async function searchFacetValues(
  deps: SearchDependencies,
  args: SearchRecordsArgs,
  viewer: Viewer,
  request: FacetValuesRequest,
): Promise<FacetAggregation> {
  const facetValues = { ...request, size: Math.min(Math.max(request.size, 1), MAX_FACET_VALUES) };
  let search = buildSearchRecordsRequest(args, viewer, { withRecords: false, facetValues });
  let answer = await executeSearch(deps, search.body, CACHED);
  if (search.typoRetry && queryMatchedNothing(answer)) {
    search = buildSearchRecordsRequest(args, viewer, { withRecords: false, facetValues, typoRetry: true });
    answer = await executeSearch(deps, search.body, CACHED);
  }
  const empty: FacetAggregation = { doc_count: 0, doc_count_error_upper_bound: 0, sum_other_doc_count: 0, buckets: [] };
  return readAggregations(answer)[request.facet.key as FacetKey] ?? empty;
}
