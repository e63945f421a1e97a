/**
 * `recordAggregations` / `GET /statistics/records`: counts of records per facet value (one
 * facet, or a pivot of two) and date histograms of creation and update dates, answered from the
 * index under the search filters.
 *
 * The filters are the search's own: the request comes from `buildSearchRecordsRequest`, so text,
 * facets, metadata filters and visibility mean exactly what they mean on the search page, and a
 * bucket's count is the total its filtered search shows. Its `query` narrows everything; its
 * `post_filter` (the selected facets) becomes a `filter` aggregation around ours. The typo retry
 * runs when the search's would (the query without facets matched nothing).
 *
 * Costs are bounded before anything is sent: at most two dimensions (facet keys plus a date
 * histogram), at most 100 buckets for one facet and 25 per level for two. Beyond that the
 * request is refused, never silently trimmed, so a chart never shows a truncated pivot as whole.
 */
import { recordVisibilityFilter, type Viewer } from '@registry/schemas';
import { facetByKey, facetsVisibleTo, facetValueLabel, type FacetDefinition } from '@registry/schemas/search/facets.ts';
import { readIntegerArgument, readListArgument, type IntegerArgument, type ListArgument } from '../search/search-arguments.ts';
import { InvalidQueryError } from '../search/search-errors.ts';
import { executeSearch, type SearchAnswer, type SearchDependencies } from '../search/search-execution.ts';
import { buildSearchRecordsRequest, queryMatchedNothing, type SearchRecordsArgs } from '../search/search-records.ts';

export const DEFAULT_BUCKETS = 10;
export const MAX_BUCKETS = 100;
export const MAX_PIVOT_BUCKETS = 25;
export const MAX_DIMENSIONS = 2;

export const DATE_FIELDS = ['createdAt', 'updatedAt'] as const;
export type DateField = (typeof DATE_FIELDS)[number];
export const DATE_INTERVALS = ['year', 'month'] as const;
export type DateInterval = (typeof DATE_INTERVALS)[number];

/** The search filters (no paging or order: they do not change counts) plus what to count. */
export interface RecordAggregationsArgs extends Omit<SearchRecordsArgs, 'page' | 'perPage' | 'orderBy'> {
  /** One or two facet keys (`fairsharing_registry`, `subjects`, ...). */
  by?: ListArgument;
  /** Buckets per facet level (top N by count). */
  size?: IntegerArgument;
  /** `createdAt` and/or `updatedAt`. */
  dateHistogram?: ListArgument;
  /** `year` (default) or `month`. */
  interval?: string | null;
}

export interface DateBucket {
  /** `2015` or `2015-03`. */
  date: string;
  count: number;
}

export interface AggregationBucket {
  /** The index value (lower-case), as the search filter takes it. */
  key: string;
  /** Display name where the facet registry has one (status "in_development" → "In Dev."). */
  label: string;
  count: number;
  /** The second facet's values within this one (pivot). */
  buckets?: AggregationBucket[];
  /** Records of this bucket with values beyond the second facet's top N. */
  otherCount?: number;
  createdAt?: DateBucket[];
  updatedAt?: DateBucket[];
}

export interface RecordAggregationsResult {
  /** Records matching the filters (each counts once, whatever its number of values). */
  totalCount: number;
  by: string[];
  interval: DateInterval;
  buckets: AggregationBucket[];
  /** Records with values beyond the top N of the first facet. */
  otherCount: number;
  createdAt: DateBucket[] | null;
  updatedAt: DateBucket[] | null;
}

interface Plan {
  facets: FacetDefinition[];
  size: number;
  dateFields: DateField[];
  interval: DateInterval;
}

function readFacets(raw: ListArgument, viewer: Viewer): FacetDefinition[] {
  const keys = readListArgument(raw);
  const visible = facetsVisibleTo(viewer);
  return keys.map((key) => {
    const facet = facetByKey(key);
    if (!facet || !visible.includes(facet)) {
      const known = visible.map((candidate) => candidate.key).join(', ');
      throw new InvalidQueryError(`by: unknown facet "${key}"; use one or two of ${known}`);
    }
    return facet;
  });
}

function readDateFields(raw: ListArgument): DateField[] {
  return readListArgument(raw).map((value) => {
    const field = DATE_FIELDS.find((candidate) => candidate.toLowerCase() === value);
    if (!field) throw new InvalidQueryError(`dateHistogram: unknown date "${value}"; use ${DATE_FIELDS.join(' or ')}`);
    return field;
  });
}

/** Reads and bounds what to count; refuses anything beyond the caps with a message saying why. */
export function planAggregations(args: RecordAggregationsArgs, viewer: Viewer): Plan {
  const facets = readFacets(args.by, viewer);
  const dateFields = readDateFields(args.dateHistogram);
  const interval = (args.interval ?? 'year').trim().toLowerCase();
  if (!(DATE_INTERVALS as readonly string[]).includes(interval)) {
    throw new InvalidQueryError(`interval must be ${DATE_INTERVALS.join(' or ')}, got "${args.interval}"`);
  }
  const dimensions = facets.length + (dateFields.length ? 1 : 0);
  if (dimensions > MAX_DIMENSIONS) {
    throw new InvalidQueryError(`at most ${MAX_DIMENSIONS} dimensions: two facets, or one facet with a date histogram`);
  }
  const size = readIntegerArgument(args.size, 'size') ?? DEFAULT_BUCKETS;
  const cap = facets.length > 1 ? MAX_PIVOT_BUCKETS : MAX_BUCKETS;
  if (size < 1 || size > cap) {
    throw new InvalidQueryError(`size must be from 1 to ${cap}${facets.length > 1 ? ' when two facets are pivoted' : ''}, got ${size}`);
  }
  return { facets, size, dateFields, interval: interval as DateInterval };
}

type Clause = Record<string, unknown>;

const SELECTION = 'selection';
const MONTH_FORMAT = 'yyyy-MM';
const YEAR_FORMAT = 'yyyy';

function dateAggregations(plan: Plan): Record<string, Clause> {
  const aggregations: Record<string, Clause> = {};
  for (const field of plan.dateFields) {
    aggregations[field] = {
      date_histogram: {
        field,
        calendar_interval: plan.interval,
        format: plan.interval === 'month' ? MONTH_FORMAT : YEAR_FORMAT,
        min_doc_count: 0,
      },
    };
  }
  return aggregations;
}

/** Terms of the facets from `level` down, the date histograms at the innermost level. */
function levelAggregations(plan: Plan, level: number): Record<string, Clause> {
  const facet = plan.facets[level];
  if (!facet) return dateAggregations(plan);
  return {
    [facet.key]: {
      terms: { field: facet.field, size: plan.size },
      aggs: levelAggregations(plan, level + 1),
    },
  };
}

/** The OpenSearch request; pure, so tests and benches can send it raw. */
export function buildRecordAggregationsRequest(args: RecordAggregationsArgs, viewer: Viewer, plan: Plan, typoRetry = false) {
  const search = buildSearchRecordsRequest(args, viewer, { withRecords: false, typoRetry });
  const { query, post_filter: selection } = search.body;
  const aggregations: Record<string, Clause> = { ...levelAggregations(plan, 0) };
  // Overall histograms as well, when the facet level carries its own.
  if (plan.facets.length) Object.assign(aggregations, dateAggregations(plan));
  return {
    body: {
      query,
      size: 0,
      track_total_hits: true,
      aggs: { [SELECTION]: { filter: selection ?? { match_all: {} }, aggs: aggregations } },
    },
    typoRetry: search.typoRetry,
  };
}

interface TermsLevel {
  buckets: ({ key: string | number; key_as_string?: string; doc_count: number } & Record<string, unknown>)[];
  sum_other_doc_count?: number;
}

interface DateLevel {
  buckets: { key_as_string: string; doc_count: number }[];
}

function readDates(holder: Record<string, unknown>, field: DateField): DateBucket[] | undefined {
  const level = holder[field] as DateLevel | undefined;
  return level?.buckets.map((bucket) => ({ date: bucket.key_as_string, count: bucket.doc_count }));
}

function readLevel(plan: Plan, holder: Record<string, unknown>, level: number): { buckets: AggregationBucket[]; otherCount: number } {
  const facet = plan.facets[level];
  const terms = holder[facet.key] as TermsLevel;
  const buckets = terms.buckets.map((raw) => {
    const key = raw.key_as_string ?? String(raw.key);
    const bucket: AggregationBucket = { key, label: facetValueLabel(facet, key), count: raw.doc_count };
    if (plan.facets[level + 1]) {
      const inner = readLevel(plan, raw, level + 1);
      bucket.buckets = inner.buckets;
      bucket.otherCount = inner.otherCount;
    }
    for (const field of plan.dateFields) {
      const dates = readDates(raw, field);
      if (dates) bucket[field] = dates;
    }
    return bucket;
  });
  return { buckets, otherCount: terms.sum_other_doc_count ?? 0 };
}

function readAnswer(plan: Plan, answer: SearchAnswer): RecordAggregationsResult {
  const selection = (answer.aggregations?.[SELECTION] ?? { doc_count: 0 }) as Record<string, unknown> & { doc_count: number };
  const level = plan.facets.length ? readLevel(plan, selection, 0) : { buckets: [], otherCount: 0 };
  return {
    totalCount: selection.doc_count,
    by: plan.facets.map((facet) => facet.key),
    interval: plan.interval,
    buckets: level.buckets,
    otherCount: level.otherCount,
    createdAt: plan.dateFields.includes('createdAt') ? (readDates(selection, 'createdAt') ?? []) : null,
    updatedAt: plan.dateFields.includes('updatedAt') ? (readDates(selection, 'updatedAt') ?? []) : null,
  };
}

/** Same request cache as the search: a refresh that changes the shard empties it. */
const CACHED = { request_cache: true };

/** Every bucket of the answer, with the facet it counts, level by level. */
function bucketsOf(plan: Plan, buckets: AggregationBucket[], level = 0): { facet: FacetDefinition; bucket: AggregationBucket }[] {
  const facet = plan.facets[level];
  if (!facet) return [];
  return buckets.flatMap((bucket) => [{ facet, bucket }, ...bucketsOf(plan, bucket.buckets ?? [], level + 1)]);
}

/**
 * Relation facets count lower-cased record names: one lookup of those records (at most the
 * answer's buckets, visible to the viewer) gives each bucket the name as the record writes it.
 */
async function labelRecordNames(deps: SearchDependencies, plan: Plan, result: RecordAggregationsResult, viewer: Viewer): Promise<void> {
  const named = bucketsOf(plan, result.buckets).filter(({ facet }) => facet.labelsFrom === 'recordNames');
  const keys = [...new Set(named.map(({ bucket }) => bucket.key))];
  if (keys.length === 0) return;
  const answer = await executeSearch(deps, {
    size: keys.length * 2,
    _source: ['name'],
    query: { bool: { filter: [...recordVisibilityFilter(viewer), { terms: { 'name.keyword': keys } }] } },
    sort: [{ id: 'asc' }],
  });
  const names = new Map<string, string>();
  for (const hit of answer.hits.hits) if (!names.has(hit._source.name.toLowerCase())) names.set(hit._source.name.toLowerCase(), hit._source.name);
  for (const { bucket } of named) bucket.label = names.get(bucket.key) ?? bucket.label;
}

export async function recordAggregations(deps: SearchDependencies, args: RecordAggregationsArgs, viewer: Viewer): Promise<RecordAggregationsResult> {
  const plan = planAggregations(args, viewer);
  let request = buildRecordAggregationsRequest(args, viewer, plan);
  let answer = await executeSearch(deps, request.body, CACHED);
  // The body's total counts the query before the selected facets, as the search's retry test reads it.
  if (request.typoRetry && queryMatchedNothing(answer)) {
    request = buildRecordAggregationsRequest(args, viewer, plan, true);
    answer = await executeSearch(deps, request.body, CACHED);
  }
  const result = readAnswer(plan, answer);
  await labelRecordNames(deps, plan, result, viewer);
  return result;
}
