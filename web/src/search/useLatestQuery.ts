/**
 * Runs one GraphQL query per distinct query string and keeps only the newest answer:
 * every request carries a sequence number, and an answer whose number is not the latest
 * is dropped (its request is also aborted), so a slow old search never overwrites a newer one.
 */
import { useEffect, useRef, useState } from 'react';
import { graphqlQuery } from '../api/client.ts';

export type QueryResult<T> =
  | { status: 'idle' }
  | { status: 'loading'; previous?: T }
  | { status: 'ready'; data: T }
  | { status: 'error'; message: string };

export function useLatestQuery<T>(query: string | null): QueryResult<T> {
  const sequence = useRef(0);
  const lastData = useRef<T | undefined>(undefined);
  const [result, setResult] = useState<QueryResult<T>>({ status: query ? 'loading' : 'idle' });

  useEffect(() => {
    if (query === null) {
      setResult({ status: 'idle' });
      return undefined;
    }
    sequence.current += 1;
    const mine = sequence.current;
    const controller = new AbortController();
    setResult({ status: 'loading', previous: lastData.current });
    graphqlQuery<T>(query, { signal: controller.signal }).then(
      (data) => {
        if (mine !== sequence.current) return;
        lastData.current = data;
        setResult({ status: 'ready', data });
      },
      (error: unknown) => {
        if (mine !== sequence.current || controller.signal.aborted) return;
        setResult({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [query]);

  return result;
}
