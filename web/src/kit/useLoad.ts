/**
 * The web's one way to load an answer (REST or GraphQL) for a screen: `useLoad(request)` loads once
 * per distinct request (its key) and keeps only the newest answer. Every load carries a sequence
 * number, and an answer whose number is not the latest is dropped (its request is also aborted),
 * so a slow old answer never overwrites a newer one. A request may wait before asking (typing),
 * and may hand over an answer already under way (start-up's early queries, useLatestQuery): then
 * it is not asked again, and when that answer has already arrived the first render shows it with
 * no loading state.
 */
import { useEffect, useRef, useState } from 'react';
import { rest, type RestAnswer, type RestCall, type RestPath } from '../api/client.ts';
import type { EarlyQuery } from '../api/early-queries.ts';

export type LoadResult<T> =
  | { status: 'idle' }
  | { status: 'loading'; previous?: T }
  | { status: 'ready'; data: T }
  | { status: 'error'; message: string; error: unknown };

export interface LoadRequest<T> {
  /** The request's identity: the hook asks again only when the key changes (include a reload counter to ask again). */
  key: string;
  load: (signal: AbortSignal) => Promise<T>;
  /** Waits this long after the last change of key before asking (text being typed); none by default. */
  delayMs?: number;
  /** An answer already under way for this request, handed out once (it is used instead of `load`). */
  takeEarly?: () => EarlyQuery<T> | undefined;
  /** That answer, when it has already arrived, without using it up (read for the first render). */
  peekEarly?: () => T | undefined;
}

function initialResult<T>(request: LoadRequest<T> | null): LoadResult<T> {
  if (request === null) return { status: 'idle' };
  const early = request.peekEarly?.();
  return early === undefined ? { status: 'loading' } : { status: 'ready', data: early };
}

const identities = new WeakMap<object, number>();
let identitiesGiven = 0;

/** A request key for a function or object by its identity: another one asks again. */
export function identityKey(value: object): string {
  let id = identities.get(value);
  if (id === undefined) {
    identitiesGiven += 1;
    id = identitiesGiven;
    identities.set(value, id);
  }
  return `#${id}`;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The answer that has arrived, or while the next one loads the one before it; undefined otherwise. */
export function latestData<T>(result: LoadResult<T>): T | undefined {
  if (result.status === 'ready') return result.data;
  return result.status === 'loading' ? result.previous : undefined;
}

export function useLoad<T>(request: LoadRequest<T> | null): LoadResult<T> {
  // The effect runs again for a different key, not for a new object holding the same request.
  const key = request === null ? null : request.key;
  const latest = useRef(request);
  latest.current = request;
  const sequence = useRef(0);
  const [result, setResult] = useState<LoadResult<T>>(() => initialResult(request));
  const lastData = useRef<T | undefined>(result.status === 'ready' ? result.data : undefined);
  // The early answer this hook took, kept so that a re-run of the effect for the same key
  // (React's development double run) uses it again instead of asking the server.
  const taken = useRef<{ key: string; early: EarlyQuery<T> | undefined } | undefined>(undefined);

  useEffect(() => {
    sequence.current += 1;
    const mine = sequence.current;
    const current = latest.current;
    if (key === null || current === null) {
      setResult({ status: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    const early = taken.current?.key === key ? taken.current.early : current.takeEarly?.();
    taken.current = { key, early };
    // Already showing this very answer (first render from an early answer): nothing to wait for.
    const showing = (shown: LoadResult<T>) => shown.status === 'ready' && early?.data !== undefined && shown.data === early.data;
    setResult((shown) => (showing(shown) ? shown : { status: 'loading', previous: lastData.current }));
    const ask = () => {
      (early?.promise ?? current.load(controller.signal)).then(
        (data) => {
          if (mine !== sequence.current) return;
          lastData.current = data;
          setResult((shown) => (shown.status === 'ready' && shown.data === data ? shown : { status: 'ready', data }));
        },
        (error: unknown) => {
          if (mine !== sequence.current || controller.signal.aborted) return;
          setResult({ status: 'error', message: errorText(error), error });
        },
      );
    };
    const delay = early ? 0 : (current.delayMs ?? 0);
    const timer = delay > 0 ? window.setTimeout(ask, delay) : undefined;
    if (timer === undefined) ask();
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  return result;
}

/** GET `path` of the REST API with useLoad (null: nothing to ask), typed by its route like `rest()`; the call's parameters are the key. */
export function useRestGet<Path extends RestPath<'get'>>(path: Path | null, call: Omit<RestCall<Path, 'get'>, 'signal'> = {}): LoadResult<RestAnswer<Path, 'get'>> {
  const key = JSON.stringify([path, call.path, call.query]);
  return useLoad(path === null ? null : { key, load: (signal) => rest('get', path, { ...call, signal }) });
}
