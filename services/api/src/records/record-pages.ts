/**
 * One page of the records a search matches, for the REST lists. The index decides which
 * records and in what order; each page of ids is then read from Postgres (the repository).
 *
 * Pages are reached three ways, so that walking everything stays correct and cheap however
 * large the catalogue:
 *   cursor      `after` / `before` hold the sort values of the last / first record of the
 *               neighbouring page (`search_after`): every `links.next` and `links.prev` carries
 *               one, so a walk never re-reads what it skipped and never repeats or loses a
 *               record, whatever its depth.
 *   number      a page number alone is read with `from` while it lies in OpenSearch's result
 *               window, from the far end with the order reversed when that end is nearer
 *               (`links.last`), and otherwise by stepping over the records before it in
 *               window-sized jumps of sort values only.
 */
import { InvalidQueryError } from '../search/search-errors.ts';
import { executeSearch, type SearchDependencies, type SearchHit } from '../search/search-execution.ts';
import { MAX_RESULT_WINDOW } from '../search/search-records.ts';

export type SortValues = (string | number | null)[];

export interface RecordWalk {
  query: unknown;
  sort: unknown[];
}

export interface PageRequest {
  number: number;
  size: number;
  after?: SortValues;
  before?: SortValues;
}

export interface RecordPage {
  ids: number[];
  /** The sort values of each record, in the order of `ids`: a page cut short continues after its last record shown. */
  sorts: SortValues[];
  total: number;
  /** Sort values of the first and last record, for the cursors of the neighbouring pages. */
  firstSort: SortValues | null;
  lastSort: SortValues | null;
  hasNext: boolean;
  hasPrevious: boolean;
}

type SortClause = Record<string, { order: 'asc' | 'desc'; missing?: '_first' | '_last' }>;

/** The same order walked backwards: every direction flipped, and missing values at the other end. */
export function reversedSort(sort: unknown[]): unknown[] {
  return (sort as SortClause[]).map((clause) => {
    const [field, options] = Object.entries(clause)[0];
    const flipped: SortClause[string] = { ...options, order: options.order === 'asc' ? 'desc' : 'asc' };
    if (options.missing) flipped.missing = options.missing === '_last' ? '_first' : '_last';
    return { [field]: flipped };
  });
}

/** Opaque to clients: base64url of the JSON sort values. */
export function encodeCursor(values: SortValues): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string, name: string, sortLength: number): SortValues {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = undefined;
  }
  const valid = Array.isArray(values) && values.length === sortLength && values.every((value) => value === null || ['string', 'number'].includes(typeof value));
  if (!valid) throw new InvalidQueryError(`${name} is not a cursor of this list; follow links.next or links.prev as given`);
  return values as SortValues;
}

function idsOf(hits: SearchHit[]): number[] {
  return hits.map((hit) => Number(hit._id));
}

/** The sort values of the record just before position `offset` (offset ≥ 1), stepping over sort values only. */
async function sortValuesBefore(deps: SearchDependencies, walk: RecordWalk, offset: number, window: number): Promise<SortValues | null> {
  let remaining = offset;
  let after: SortValues | undefined;
  while (remaining > 0) {
    const step = Math.min(remaining, window);
    const answer = await executeSearch(deps, {
      query: walk.query,
      sort: walk.sort,
      size: step,
      _source: false,
      track_total_hits: false,
      ...(after ? { search_after: after } : {}),
    });
    const hits = answer.hits.hits;
    if (hits.length < step) return null;
    after = hits[hits.length - 1].sort as SortValues;
    remaining -= step;
  }
  return after ?? null;
}

function pageOf(hits: SearchHit[], total: number, neighbours: { hasNext: boolean; hasPrevious: boolean }): RecordPage {
  return {
    ids: idsOf(hits),
    sorts: hits.map((hit) => hit.sort as SortValues),
    total,
    firstSort: hits.length ? (hits[0].sort as SortValues) : null,
    lastSort: hits.length ? (hits[hits.length - 1].sort as SortValues) : null,
    ...neighbours,
  };
}

function emptyPage(total: number, number: number): RecordPage {
  return { ids: [], sorts: [], total, firstSort: null, lastSort: null, hasNext: false, hasPrevious: number > 1 };
}

/** `window`: how many hits OpenSearch serves by `from` (its `index.max_result_window`; tests shrink it to reach deep pages). */
export async function readRecordPage(deps: SearchDependencies, walk: RecordWalk, page: PageRequest, window = MAX_RESULT_WINDOW): Promise<RecordPage> {
  // Only ids and sort values are read here (the attributes come from Postgres), so no _source.
  // A cursor page asks for one record more than it shows: whether it exists decides the link onwards.
  const base = { query: walk.query, size: page.size, track_total_hits: true, _source: false };
  if (page.after) {
    const answer = await executeSearch(deps, { ...base, size: page.size + 1, sort: walk.sort, search_after: page.after });
    const hits = answer.hits.hits;
    return pageOf(hits.slice(0, page.size), answer.hits.total.value, { hasNext: hits.length > page.size, hasPrevious: true });
  }
  if (page.before) {
    const answer = await executeSearch(deps, { ...base, size: page.size + 1, sort: reversedSort(walk.sort), search_after: page.before });
    const hits = answer.hits.hits;
    return pageOf(hits.slice(0, page.size).reverse(), answer.hits.total.value, { hasNext: true, hasPrevious: hits.length > page.size });
  }
  const offset = (page.number - 1) * page.size;
  const byNumber = (hits: SearchHit[], total: number) => pageOf(hits, total, { hasNext: offset + hits.length < total, hasPrevious: page.number > 1 });
  if (offset + page.size <= window) {
    const answer = await executeSearch(deps, { ...base, sort: walk.sort, from: offset });
    return byNumber(answer.hits.hits, answer.hits.total.value);
  }
  const counted = await executeSearch(deps, { query: walk.query, size: 0, track_total_hits: true });
  const total = counted.hits.total.value;
  if (offset >= total) return emptyPage(total, page.number);
  const fromEnd = total - offset - page.size;
  if (total - offset <= window) {
    const size = fromEnd < 0 ? page.size + fromEnd : page.size;
    const answer = await executeSearch(deps, { ...base, size, sort: reversedSort(walk.sort), from: Math.max(0, fromEnd) });
    return byNumber([...answer.hits.hits].reverse(), total);
  }
  const after = await sortValuesBefore(deps, walk, offset, window);
  if (!after) return emptyPage(total, page.number);
  const answer = await executeSearch(deps, { ...base, sort: walk.sort, search_after: after });
  return byNumber(answer.hits.hits, total);
}
