/**
 * Runs one GraphQL query per distinct request (document and variables) through useLoad, which keeps
 * only the newest answer. A query that start-up already sent (api/early-queries.ts) is not sent
 * again: its answer is used, and when it has already arrived the first render shows it with no
 * loading state.
 */
import { graphqlRequestKey, type GraphqlOperation } from '@registry/schemas/search/client/graphql-request.ts';
import { graphqlQuery } from '../api/client.ts';
import { peekEarlyAnswer, takeEarlyQuery } from '../api/early-queries.ts';
import { useLoad, type LoadResult } from './useLoad.ts';

export type QueryResult<T> = LoadResult<T>;

export function useLatestQuery<T>(operation: GraphqlOperation | null): QueryResult<T> {
  return useLoad<T>(
    operation === null
      ? null
      : {
          key: graphqlRequestKey(operation),
          load: (signal) => graphqlQuery<T>(operation, { signal }),
          takeEarly: () => takeEarlyQuery<T>(operation),
          peekEarly: () => peekEarlyAnswer<T>(operation),
        },
  );
}
