/**
 * The JSON:API answer shape that clients of FAIRsharing's REST API read: `{ data, links, meta }`,
 * items `{ id, type, attributes }`, paging by `page[number]` and `page[size]`, and
 * `links.self/first/prev/next/last` with `prev` absent on the first page and `next` on the last.
 * Links are absolute (under PUBLIC_URL) so a script can request them as they are; brackets are
 * percent-encoded so that curl does not read them as a glob.
 */
import { Type, type TSchema } from '@sinclair/typebox';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;
/**
 * The most bytes of item attributes one page holds: a page whose items would pass it stops
 * early (after one item at least) and `links.next` continues from the first item left out.
 * A page of the largest ordinary items (500 publications of ~1 KB) stays well below it.
 */
export const MAX_PAGE_BYTES = 1_000_000;

export const PagingQuery = {
  'page[number]': Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Page number, from 1 (default 1)' })),
  'page[size]': Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: `Items per page, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE})` })),
};

/** The first items whose JSON fits in `maxBytes` together (the first item always, so a page is never empty). */
export function itemsWithinBytes<T>(items: readonly T[], json: (item: T) => unknown, maxBytes: number = MAX_PAGE_BYTES): T[] {
  let bytes = 0;
  let count = 0;
  while (count < items.length) {
    bytes += Buffer.byteLength(JSON.stringify(json(items[count])));
    if (count > 0 && bytes > maxBytes) break;
    count += 1;
  }
  return items.slice(0, count);
}

/** Where a page begins when the page before it stopped early at the byte cap (given in `links.next`). */
export const OffsetQuery = {
  'page[offset]': Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'Items skipped before this page; links.next gives it after a page cut short by the byte cap' })),
};

export interface PagingParameters {
  'page[number]'?: number;
  'page[size]'?: number;
  'page[offset]'?: number;
}

export function readPaging(query: PagingParameters): { number: number; size: number } {
  return { number: query['page[number]'] ?? 1, size: query['page[size]'] ?? DEFAULT_PAGE_SIZE };
}

export const Links = Type.Object({
  self: Type.String(),
  first: Type.String(),
  last: Type.String(),
  prev: Type.Optional(Type.String()),
  next: Type.Optional(Type.String()),
});

export const Meta = Type.Object({
  record_count: Type.Integer({ description: 'Items in the whole list' }),
  page_count: Type.Integer({ description: 'Pages of this size' }),
  page: Type.Object({ number: Type.Integer(), size: Type.Integer() }),
});

export function resourceSchema(attributes: TSchema) {
  return Type.Object({ id: Type.String(), type: Type.String(), attributes });
}

export function listAnswerSchema(item: TSchema) {
  return Type.Object({ data: Type.Array(item), links: Links, meta: Meta });
}

export interface Resource<A> {
  id: string;
  type: string;
  attributes: A;
}

export interface ListAnswer<A> {
  data: Resource<A>[];
  links: { self: string; first: string; last: string; prev?: string; next?: string };
  meta: { record_count: number; page_count: number; page: { number: number; size: number } };
}

/** Query parameters other than paging, in the order the client sent them (arrays repeat the name). */
export type QueryEntries = [string, string][];

export function queryEntries(query: Record<string, unknown>, keep: (name: string) => boolean): QueryEntries {
  const entries: QueryEntries = [];
  for (const [name, value] of Object.entries(query)) {
    if (name.startsWith('page[') || !keep(name) || value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) entries.push([name, String(item)]);
  }
  return entries;
}

export interface PageLinkInput {
  /** Absolute URL of the list, without query. */
  listUrl: string;
  filters: QueryEntries;
  number: number;
  size: number;
  recordCount: number;
  /** Extra parameters of this page's own request (its cursor), for `self`. */
  self: QueryEntries;
  next?: QueryEntries;
  prev?: QueryEntries;
}

function link(input: PageLinkInput, number: number, extra: QueryEntries = []): string {
  const params = new URLSearchParams([...input.filters, ['page[number]', String(number)], ['page[size]', String(input.size)], ...extra]);
  return `${input.listUrl}?${params.toString()}`;
}

export function pageCount(recordCount: number, size: number): number {
  return Math.max(1, Math.ceil(recordCount / size));
}

export function pageLinks(input: PageLinkInput): ListAnswer<unknown>['links'] {
  const last = pageCount(input.recordCount, input.size);
  const links: ListAnswer<unknown>['links'] = {
    self: link(input, input.number, input.self),
    first: link(input, 1),
    last: link(input, last),
  };
  if (input.prev) {
    // Past the end, the page before is the last one.
    const previous = Math.min(input.number - 1, last);
    links.prev = previous <= 1 ? links.first : previous === last && previous < input.number - 1 ? links.last : link(input, previous, input.prev);
  }
  if (input.next) links.next = link(input, input.number + 1, input.next);
  return links;
}
