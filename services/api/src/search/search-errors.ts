/**
 * The two ways a search can fail. The API layer maps `InvalidQueryError` to the public
 * `error: "invalid query"` answer and `SearchUnavailableError` to a 503.
 */
import { errors } from '@opensearch-project/opensearch';

/** The arguments cannot be parsed, or OpenSearch rejected the query they produced. */
export class InvalidQueryError extends Error {
  override name = 'InvalidQueryError';
  readonly publicMessage = 'invalid query';
}

/** OpenSearch could not be reached or did not answer; not the caller's fault. */
export class SearchUnavailableError extends Error {
  override name = 'SearchUnavailableError';
}

export const SEARCH_REJECTED_MESSAGE = 'the search is too large or too complex to run; use fewer words or filter values';

/** Sorts an OpenSearch client failure into one of the two errors above. */
export function classifySearchFailure(failure: unknown): InvalidQueryError | SearchUnavailableError {
  if (failure instanceof InvalidQueryError || failure instanceof SearchUnavailableError) return failure;
  if (failure instanceof errors.ResponseError) {
    const status = failure.statusCode ?? 0;
    // 400: query parse errors, too many clauses, result window exceeded... OpenSearch's own
    // words stay in the cause (for the log): they describe our index, not the caller's mistake.
    // Too many clauses once the shards rewrite the query (nested groups of an advanced search's
    // rules) comes back as a 500: it is still the query's size, not the service.
    if (status === 400 || rootCauseTypes(failure).some((type) => QUERY_TOO_LARGE.has(type))) {
      return new InvalidQueryError(SEARCH_REJECTED_MESSAGE, { cause: new Error(describe(failure), { cause: failure }) });
    }
    return new SearchUnavailableError(`search failed with status ${status}: ${describe(failure)}`, { cause: failure });
  }
  const message = failure instanceof Error ? failure.message : String(failure);
  return new SearchUnavailableError(`search service unavailable: ${message}`, { cause: failure });
}

/** OpenSearch's error types that mean the query itself is too large to run. */
const QUERY_TOO_LARGE: ReadonlySet<string> = new Set(['too_many_clauses', 'too_many_nested_clauses']);

function rootCauseTypes(failure: InstanceType<typeof errors.ResponseError>): string[] {
  const error = (failure.body as { error?: { root_cause?: { type?: unknown }[] } } | undefined)?.error;
  return (error?.root_cause ?? []).map((cause) => String(cause.type));
}

function describe(failure: InstanceType<typeof errors.ResponseError>): string {
  const body: unknown = failure.body;
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (error && typeof error === 'object' && 'reason' in error) return String((error as { reason: unknown }).reason);
    return JSON.stringify(error);
  }
  return failure.message;
}
