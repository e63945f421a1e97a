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

/**
 * Records fetched per request to OpenSearch. An answer of a thousand is about a megabyte of
 * JSON: read in one piece, decoding it held the event loop 10–15 ms, which every other request
 * waited out (an advanced search looping from one client doubled everyone's search p99). Read
 * in pages of this size, walked with `search_after` (the order ends with the id, a total
 * order), each piece is a fraction of that and other requests run between them.
 */
export const ADVANCED_SEARCH_BATCH = 250;

/** One walk over the matches of `body`, at most ADVANCED_SEARCH_LIMIT, in batches. */
async function fetchInBatches(deps: SearchDependencies, body: SearchBody): Promise<RecordSearchDocument[]> {
  const records: RecordSearchDocument[] = [];
  let searchAfter: unknown[] | undefined;
  while (records.length < ADVANCED_SEARCH_LIMIT) {
    const size = Math.min(ADVANCED_SEARCH_BATCH, ADVANCED_SEARCH_LIMIT - records.length);
    const answer = await executeSearch(deps, { ...body, size, ...(searchAfter ? { search_after: searchAfter } : {}) });
    const hits = answer.hits.hits;
    for (const hit of hits) records.push(hit._source);
    if (hits.length < size) break;
    searchAfter = hits[hits.length - 1].sort;
  }
  return records;
}

/** `source`: the parts of each document to fetch (whole documents without it). */
export async function advancedSearch(deps: SearchDependencies, args: AdvancedSearchArgs, viewer: Viewer, source?: SourceFilter): Promise<RecordSearchDocument[]> {
  const records = await fetchInBatches(deps, buildAdvancedSearchBody(args, viewer, false, source));
  if (records.length || !cleanSearchText(args.q)) return records;
  return fetchInBatches(deps, buildAdvancedSearchBody(args, viewer, true, source));
}
