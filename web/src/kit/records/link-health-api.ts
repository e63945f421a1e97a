/**
 * Link health as the API answers it (`GET /link_health…`, services/api/src/link-health/): the
 * curators' report, one's own records' broken links, and a record's quiet homepage note.
 */
import { restGet, restPost } from '../../api/client.ts';

export interface LinkHealthEntry {
  id: number;
  record: { id: number; name: string; registry: string };
  kind: 'homepage' | 'support' | 'access';
  url: string;
  outcome: 'unchecked' | 'ok' | 'broken' | 'no_network';
  http_status: number | null;
  final_url: string | null;
  permanent_redirect: boolean;
  duration_ms: number | null;
  reason: string | null;
  consecutive_failures: number;
  first_failure_at: string | null;
  last_checked_at: string | null;
}

export interface LinkHealthReport {
  total: number;
  broken_days: number;
  registries: { registry: string; broken: number; redirected: number }[];
  links: LinkHealthEntry[];
}

export type LinkReportView = 'broken' | 'redirected';

export const KIND_LABELS: Readonly<Record<LinkHealthEntry['kind'], string>> = { homepage: 'Homepage', support: 'Support link', access: 'Access point' };

/** What the last check found, in words. */
export function checkState(entry: LinkHealthEntry): string {
  if (entry.outcome === 'no_network') return 'not checked: no network';
  if (entry.outcome === 'unchecked') return 'not checked yet';
  return entry.reason ?? (entry.http_status === null ? entry.outcome : `answered ${entry.http_status}`);
}

export function loadLinkReport(query: { view: LinkReportView; registry: string; brokenDays: string; offset: number }, signal?: AbortSignal) {
  const params = new URLSearchParams({ view: query.view, offset: String(query.offset), limit: '50' });
  if (query.registry) params.set('registry', query.registry);
  if (query.brokenDays) params.set('broken_days', query.brokenDays);
  return restGet<LinkHealthReport>(`/link_health?${params}`, { signal });
}

export const adoptFinalUrl = (checkId: number) => restPost<{ record_id: number }>(`/link_health/${checkId}/adopt_final_url`, {});
export const loadOwnBrokenLinks = (signal?: AbortSignal) => restGet<{ broken_days: number; links: LinkHealthEntry[] }>('/link_health/mine', { signal });
export const loadHomepageNote = (recordId: number | string, signal?: AbortSignal) =>
  restGet<{ homepage_unreachable_since: string | null }>(`/link_health/records/${recordId}`, { signal });
