/**
 * `advancedSearch`: records matching free text (optional) AND a tree of filter rules
 * (`where: { operator, fields: [group, …] }`, read by advanced-search-where.ts). Answers at most ADVANCED_SEARCH_LIMIT records, best match first (name order without text),
 * with the same visibility rules as search.
 */
import { recordVisibilityFilter, type RecordSearchDocument, type Viewer } from '@registry/schemas';
import { buildWhereClause, type AdvancedSearchWhereInput } from './advanced-search-where.ts';
import { executeSearch, type SearchBody, type SearchDependencies } from './search-execution.ts';
import { readSortOrder } from './search-records.ts';
import { buildTextQuery, cleanSearchText } from './text-query.ts';

export const ADVANCED_SEARCH_LIMIT = 1_000;

export interface AdvancedSearchArgs {
  q?: string | null;
  where?: AdvancedSearchWhereInput | null;
}

/** `typoRetry`: recall by typo matching alone (the search again when the first answer is empty). */
export function buildAdvancedSearchBody(args: AdvancedSearchArgs, viewer: Viewer, typoRetry = false, source?: SourceFilter): SearchBody {
  const raw = args.q ?? '';
  const cleaned = cleanSearchText(raw);
  const where = buildWhereClause(args.where);
  return {
    query: {
      bool: {
        must: cleaned ? [buildTextQuery(raw, cleaned, true, typoRetry ? 'only' : 'no')] : [{ match_all: {} }],
        filter: [...recordVisibilityFilter(viewer), ...(where ? [where] : [])],
      },
    },
    size: ADVANCED_SEARCH_LIMIT,
    ...(source ? { _source: source } : {}),
    sort: readSortOrder(null, cleaned !== ''),
    track_total_hits: false,
  };
}

/** Throws `InvalidQueryError` for unknown filter ids, bad operators or values; the API maps it. */
/** The parts of each document to fetch (`_source`): an answer of a thousand needs only what it shows. */
export interface SourceFilter {
  includes: string[];
  excludes: string[];
}

/** `source`: the parts of each document to fetch (whole documents without it). */
export async function advancedSearch(deps: SearchDependencies, args: AdvancedSearchArgs, viewer: Viewer, source?: SourceFilter): Promise<RecordSearchDocument[]> {
  let answer = await executeSearch(deps, buildAdvancedSearchBody(args, viewer, false, source));
  if (!answer.hits.hits.length && cleanSearchText(args.q)) answer = await executeSearch(deps, buildAdvancedSearchBody(args, viewer, true, source));
  return answer.hits.hits.map((hit) => hit._source);
}
