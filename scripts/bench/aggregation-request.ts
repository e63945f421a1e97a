/**
 * The OpenSearch body the API builds for a `GET /statistics/records` query string (`q`, `by`,
 * `size`; anonymous viewer): what `api.ts` sends raw, and what its bare hop forwards.
 */
import { ANONYMOUS_VIEWER } from '@registry/schemas';
import { buildRecordAggregationsRequest, planAggregations, type RecordAggregationsArgs } from '../../services/api/src/statistics/record-aggregations.ts';

export function aggregationBody(query: URLSearchParams): string {
  const args: RecordAggregationsArgs = { q: query.get('q'), by: query.getAll('by'), size: Number(query.get('size')) };
  return JSON.stringify(buildRecordAggregationsRequest(args, ANONYMOUS_VIEWER, planAggregations(args, ANONYMOUS_VIEWER)).body);
}

/** The search path of the records alias, with the request-cache flag the API sends. */
export function aggregationSearchPath(alias: string): string {
  return `/${alias}/_search?request_cache=true`;
}
