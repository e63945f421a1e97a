/**
 * Runs one GraphQL query per distinct request (document and variables) and keeps only the newest answer:
 * every request carries a sequence number, and an answer whose number is not the latest
 * is dropped (its request is also aborted), so a slow old search never overwrites a newer one.
 * A query that start-up already sent (api/early-queries.ts) is not sent again: its answer is
 * used, and when it has already arrived the first render shows it with no loading state.
 */
import { useEffect, useRef, useState } from 'react';
import { graphqlRequestKey, type GraphqlOperation } from '@registry/schemas/search/client/graphql-request.ts';
import { graphqlQuery } from '../api/client.ts';
import { peekEarlyAnswer, takeEarlyQuery, type EarlyQuery } from '../api/early-queries.ts';

export type QueryResult<T> =
  | { status: 'idle' }
  | { status: 'loading'; previous?: T }
  | { status: 'ready'; data: T }
  | { status: 'error'; message: string };

function initialResult<T>(query: GraphqlOperation | null): QueryResult<T> {
  if (query === null) return { status: 'idle' };
  const early = peekEarlyAnswer<T>(query);
  return early === undefined ? { status: 'loading' } : { status: 'ready', data: early };
}

export function useLatestQuery<T>(operation: GraphqlOperation | null): QueryResult<T> {
  // The effect runs again for a different request, not for a new object holding the same one.
  const key = operation === null ? null : graphqlRequestKey(operation);
  const latest = useRef(operation);
  latest.current = operation;
  const sequence = useRef(0);
  const [result, setResult] = useState<QueryResult<T>>(() => initialResult<T>(operation));
  const lastData = useRef<T | undefined>(result.status === 'ready' ? result.data : undefined);
  // The early query this hook took, kept so that a re-run of the effect for the same request
  // (React's development double run) uses it again instead of asking the server.
  const taken = useRef<{ key: string; early: EarlyQuery<T> | undefined } | undefined>(undefined);

  useEffect(() => {
    const query = latest.current;
    if (key === null || query === null) {
      setResult({ status: 'idle' });
      return undefined;
    }
    sequence.current += 1;
    const mine = sequence.current;
    const controller = new AbortController();
    const early = taken.current?.key === key ? taken.current.early : takeEarlyQuery<T>(query);
    taken.current = { key, early };
    // Already showing this very answer (first render from an early query): nothing to wait for.
    const showing = (current: QueryResult<T>) => current.status === 'ready' && early?.data !== undefined && current.data === early.data;
    setResult((current) => (showing(current) ? current : { status: 'loading', previous: lastData.current }));
    (early?.promise ?? graphqlQuery<T>(query, { signal: controller.signal })).then(
      (data) => {
        if (mine !== sequence.current) return;
        lastData.current = data;
        setResult((current) => (current.status === 'ready' && current.data === data ? current : { status: 'ready', data }));
      },
      (error: unknown) => {
        if (mine !== sequence.current || controller.signal.aborted) return;
        setResult({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [key]);

  return result;
}
