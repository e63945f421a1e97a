/** The figures of GET /homepage_stats; any missing or non-numeric field is simply not shown. */
import { useEffect, useState } from 'react';
import { restGet } from '../api/client.ts';

export interface HomepageStats {
  records?: number;
  contributors?: number;
  views?: number;
}

function numberOrUndefined(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

export function readHomepageStats(payload: unknown): HomepageStats {
  if (!payload || typeof payload !== 'object') return {};
  const source = payload as Record<string, unknown>;
  // `records` may be one total or counts per registry (with `totalRecords` beside them).
  const perRegistry =
    source.records && typeof source.records === 'object'
      ? Object.values(source.records as Record<string, unknown>).reduce<number>((sum, count) => sum + (numberOrUndefined(count) ?? 0), 0)
      : undefined;
  return {
    records: numberOrUndefined(source.totalRecords) ?? numberOrUndefined(source.records) ?? perRegistry,
    contributors: numberOrUndefined(source.contributors),
    views: numberOrUndefined(source.views),
  };
}

export type HomepageStatsState = { status: 'loading' } | { status: 'loaded'; stats: HomepageStats } | { status: 'failed' };

export function useHomepageStats(): HomepageStatsState {
  const [state, setState] = useState<HomepageStatsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    restGet<unknown>('/homepage_stats', { signal: controller.signal }).then(
      (payload) => setState({ status: 'loaded', stats: readHomepageStats(payload) }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
