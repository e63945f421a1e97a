/**
 * The record reads of the REST API: lists (which records from the index, their attributes from
 * Postgres) and single records by id, DOI or legacy id (Postgres). The search behind a list is
 * the one GraphQL `searchFairsharingRecords` runs, with the same visibility.
 */
import type { Database } from '@registry/platform';
import type { Viewer } from '@registry/schemas';
import { parseRecordIdentifier } from './record-visibility.ts';
import { resolveRecordIdentifier } from './record-repository.ts';
import { describeTombstone, type WithdrawnRecord } from './withdrawn-records.ts';
import { searchWalk } from '../search/scan-search-records.ts';
import type { SearchDependencies } from '../search/search-execution.ts';
import type { SearchRecordsArgs } from '../search/search-records.ts';
import { findRecordsAttributes, type RecordWithAttributes } from './record-attributes-repository.ts';
import { itemsWithinBytes } from '../routes/json-api.ts';
import { decodeCursor, readRecordPage, type RecordPage } from './record-pages.ts';

export type { RecordAttributes, RecordWithAttributes } from './record-attributes-repository.ts';

/** A record as `findRecord` finds it: live (or the canonical record of a merged one), or withdrawn. */
export type FoundRecord = { state: 'live'; record: RecordWithAttributes } | { state: 'withdrawn'; withdrawn: WithdrawnRecord };

export interface RecordReadDependencies {
  search: SearchDependencies;
  db: Database;
  publicUrl: string;
}

/** `id`: every record in id order (stable while records are added); `search`: the search's own order. */
export type ListOrder = 'id' | 'search';

export interface RecordListRequest {
  filters: SearchRecordsArgs;
  order: ListOrder;
  number: number;
  size: number;
  after?: string;
  before?: string;
}

export interface RecordList {
  records: RecordWithAttributes[];
  page: RecordPage;
}

const ID_ORDER = [{ id: { order: 'asc' } }];

export async function listRecords(deps: RecordReadDependencies, request: RecordListRequest, viewer: Viewer): Promise<RecordList> {
  const walk = await searchWalk(deps.search, request.filters, viewer);
  const sort = request.order === 'id' ? ID_ORDER : walk.sort;
  const page = await readRecordPage(deps.search, { query: walk.query, sort }, {
    number: request.number,
    size: request.size,
    after: request.after === undefined ? undefined : decodeCursor(request.after, 'page[after]', sort.length),
    before: request.before === undefined ? undefined : decodeCursor(request.before, 'page[before]', sort.length),
  });
  const read = await findRecordsAttributes(deps.db, page.ids, viewer, deps.publicUrl);
  if (request.before !== undefined) {
    // A page before a cursor, cut short at the byte cap, keeps the records next to the cursor:
    // the page before it (links.prev) then ends just before the first record shown.
    const records = itemsWithinBytes([...read].reverse(), (record) => record.attributes).reverse();
    if (records.length === read.length) return { records, page };
    const firstShown = page.ids.indexOf(records[0].id);
    return { records, page: { ...page, hasPrevious: true, firstSort: page.sorts[firstShown] ?? page.firstSort } };
  }
  const records = itemsWithinBytes(read, (record) => record.attributes);
  if (records.length === read.length) return { records, page };
  // Cut short at the byte cap: the next page starts after the last record shown.
  const lastShown = page.ids.indexOf(records[records.length - 1].id);
  return { records, page: { ...page, hasNext: true, lastSort: page.sorts[lastShown] ?? page.lastSort } };
}

/** A record by id, DOI (`10.25504/FAIRsharing.x`, `FAIRsharing.x`) or legacy id (a merged one's: its canonical record), a withdrawn one's tombstone; null when unknown or not visible. */
export async function findRecord(deps: RecordReadDependencies, identifier: string, viewer: Viewer): Promise<FoundRecord | null> {
  const parsed = parseRecordIdentifier(identifier);
  if (!parsed) return null;
  const resolved = await resolveRecordIdentifier(deps.db, parsed);
  if (!resolved) return null;
  if (resolved.state === 'withdrawn') return { state: 'withdrawn', withdrawn: await describeTombstone(deps, resolved.tombstone) };
  const [record] = await findRecordsAttributes(deps.db, [resolved.record.id], viewer, deps.publicUrl);
  return record ? { state: 'live', record } : null;
}
