/** The figures of GET /homepage_stats, typed by its route's response schema (through the generated types). */
import { useRestGet } from '../kit/useLoad.ts';

export interface HomepageStats {
  records: number;
  contributors: number;
  views: number;
}

export type HomepageStatsState = { status: 'loading' } | { status: 'loaded'; stats: HomepageStats } | { status: 'failed' };

export function useHomepageStats(): HomepageStatsState {
  const result = useRestGet('/homepage_stats');
  if (result.status === 'ready') return { status: 'loaded', stats: { records: result.data.totalRecords, contributors: result.data.contributors, views: result.data.views } };
  return result.status === 'error' ? { status: 'failed' } : { status: 'loading' };
}
