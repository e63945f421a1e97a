/**
 * The one place that sends a search body to OpenSearch and reads the answer, so that
 * failures are classified the same way everywhere (invalid query vs. service unavailable).
 */
import type { SearchClient } from '@registry/platform';
import type { RecordSearchDocument } from '@registry/schemas';
import type { SuggestAnswer } from './did-you-mean.ts';
import { classifySearchFailure } from './search-errors.ts';
import { currentSearchPreference } from './search-preference.ts';

export interface SearchDependencies {
  client: SearchClient;
  /** The records alias to read, `recordsAlias(config.indexPrefix)`. */
  alias: string;
}

export type SearchBody = Record<string, unknown>;

export interface TermsBucket {
  key: string | number;
  key_as_string?: string;
  doc_count: number;
}

export interface SearchHit {
  _id: string;
  _score: number | null;
  _source: RecordSearchDocument;
  sort?: unknown[];
  highlight?: Record<string, string[]>;
}

export interface TermsAggregationAnswer {
  buckets: TermsBucket[];
  sum_other_doc_count?: number;
  doc_count_error_upper_bound?: number;
}

export type FilterAggregationAnswer = { doc_count: number } & Record<string, TermsAggregationAnswer | number>;

export interface SearchAnswer {
  took: number;
  hits: { total: { value: number; relation: string }; hits: SearchHit[] };
  /** Filter aggregations, each holding its doc_count and terms aggregations by name. */
  aggregations?: Record<string, FilterAggregationAnswer>;
  suggest?: SuggestAnswer;
  pit_id?: string;
}

export async function executeSearch(deps: SearchDependencies, body: SearchBody, params: Record<string, unknown> = {}): Promise<SearchAnswer> {
  try {
    // A point-in-time search names no index (the point in time holds it).
    const target = deps.alias ? { index: deps.alias } : {};
    // The visitor's copies of each shard; a point in time already fixes what it reads.
    const preference = deps.alias ? currentSearchPreference() : undefined;
    const routing = preference ? { preference } : {};
    const response = await deps.client.search({ ...target, body, ...routing, ...params } as Parameters<SearchClient['search']>[0]);
    return response.body as unknown as SearchAnswer;
  } catch (failure) {
    throw classifySearchFailure(failure);
  }
}
