/**
 * Every record a search matches, in order, without the paging limit: for CSV downloads and
 * the full dump. Reads through a point in time with `search_after`, so the walk sees one
 * consistent snapshot even while the indexer writes; the point in time is always released.
 */
import type { RecordSearchDocument, Viewer } from '@registry/schemas';
import { classifySearchFailure } from './search-errors.ts';
import { executeSearch, type SearchBody, type SearchDependencies } from './search-execution.ts';
import { buildSearchRecordsRequest, type SearchRecordsArgs, type SearchRecordsRequest } from './search-records.ts';

export const SCAN_BATCH_SIZE = 200;
const KEEP_ALIVE = '2m';

/**
 * Same arguments, visibility and typo retry as `searchRecords` (page and perPage are ignored).
 * Selected facets, which a page applies as a post filter, become ordinary filters here.
 * Throws `InvalidQueryError` for arguments that cannot be parsed.
 */
/** The request whose hits the page shows: the first one, or its typo retry (see searchRecords). */
async function pageRequest(deps: SearchDependencies, args: SearchRecordsArgs, viewer: Viewer): Promise<SearchRecordsRequest> {
  const first = buildSearchRecordsRequest(args, viewer);
  if (!first.typoRetry) return first;
  const probe = await executeSearch(deps, { query: first.body.query, size: 0, track_total_hits: 1, terminate_after: 1 });
  return probe.hits.total.value === 0 ? buildSearchRecordsRequest(args, viewer, { typoRetry: true }) : first;
}

function scanQuery(body: SearchBody): unknown {
  return body.post_filter ? { bool: { must: [body.query], filter: [body.post_filter] } } : body.query;
}

/** The query and order of every record a search matches (typo retry decided): what any walk over its matches reads. */
export async function searchWalk(deps: SearchDependencies, args: SearchRecordsArgs, viewer: Viewer): Promise<{ query: unknown; sort: unknown[] }> {
  const request = await pageRequest(deps, { ...args, page: 1, perPage: 1 }, viewer);
  return { query: scanQuery(request.body), sort: [...(request.body.sort as unknown[])] };
}

export async function* scanSearchRecords(deps: SearchDependencies, args: SearchRecordsArgs, viewer: Viewer): AsyncIterable<RecordSearchDocument> {
  const { query, sort } = await searchWalk(deps, args, viewer);

  let pitId: string;
  try {
    const created = await deps.client.createPit({ index: [deps.alias], keep_alive: KEEP_ALIVE });
    pitId = (created.body as { pit_id: string }).pit_id;
  } catch (failure) {
    throw classifySearchFailure(failure);
  }
  try {
    let searchAfter: unknown[] | undefined;
    for (;;) {
      const answer = await executeSearch(
        { client: deps.client, alias: '' },
        {
          query,
          sort,
          size: SCAN_BATCH_SIZE,
          track_total_hits: false,
          pit: { id: pitId, keep_alive: KEEP_ALIVE },
          ...(searchAfter ? { search_after: searchAfter } : {}),
        },
      );
      const hits = answer.hits.hits;
      for (const hit of hits) yield hit._source;
      if (hits.length < SCAN_BATCH_SIZE) return;
      searchAfter = hits[hits.length - 1].sort;
      if (answer.pit_id) pitId = answer.pit_id;
    }
  } finally {
    await deps.client.deletePit({ body: { pit_id: [pitId] } }).catch(() => undefined);
  }
}
