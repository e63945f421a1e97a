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
    if (status === 400) return new InvalidQueryError(SEARCH_REJECTED_MESSAGE, { cause: new Error(describe(failure), { cause: failure }) });
    return new SearchUnavailableError(`search failed with status ${status}: ${describe(failure)}`, { cause: failure });
  }
  const message = failure instanceof Error ? failure.message : String(failure);
  return new SearchUnavailableError(`search service unavailable: ${message}`, { cause: failure });
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
