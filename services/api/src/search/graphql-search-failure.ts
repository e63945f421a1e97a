/** A failed search as a GraphQL error: the client reads the message; the formatter answers 503 for an unavailable index. */
import { GraphqlUserError } from '../kernel/graphql-errors.ts';
import { InvalidQueryError, SearchUnavailableError } from './search-errors.ts';

export const SEARCH_UNAVAILABLE_MESSAGE = 'search is temporarily unavailable, please try again later';

export function asGraphqlError(failure: unknown): unknown {
  if (failure instanceof SearchUnavailableError) return new GraphqlUserError(SEARCH_UNAVAILABLE_MESSAGE, 'SEARCH_UNAVAILABLE');
  if (failure instanceof InvalidQueryError) return new GraphqlUserError(`invalid query: ${failure.message}`, 'INVALID_QUERY');
  return failure;
}
