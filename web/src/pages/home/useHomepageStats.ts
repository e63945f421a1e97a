/** The figures of GET /homepage_stats; any missing or non-numeric field is simply not shown. */
import { useEffect, useState } from 'react';
import { restGet } from '../../api/client.ts';

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
  return {
    records: numberOrUndefined(source.records),
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

export function formatCount(value: number | undefined): string {
  return value === undefined ? '—' : value.toLocaleString('en-GB');
}
