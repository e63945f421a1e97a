/** The figures of GET /homepage_stats; any missing or non-numeric field is simply not shown. */
import { useRestGet } from '../kit/useLoad.ts';

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
  const result = useRestGet('/homepage_stats');
  if (result.status === 'ready') return { status: 'loaded', stats: readHomepageStats(result.data) };
  return result.status === 'error' ? { status: 'failed' } : { status: 'loading' };
}
