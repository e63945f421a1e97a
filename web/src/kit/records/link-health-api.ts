/**
 * Link health as the API answers it (`GET /link_health…`, services/api/src/link-health/): the
 * curators' report, one's own records' broken links, and a record's quiet homepage note.
 */
import { rest, type RestAnswer, type RestCall } from '../../api/client.ts';

/** A check as the API answers it (its route's response schema, through the generated types). */
export type LinkHealthEntry = RestAnswer<'/link_health/mine', 'get'>['links'][number];
export type LinkHealthReport = RestAnswer<'/link_health', 'get'>;

export type LinkReportView = NonNullable<RestCall<'/link_health', 'get'>['query']>['view'];

export const KIND_LABELS: Readonly<Record<LinkHealthEntry['kind'], string>> = { homepage: 'Homepage', support: 'Support link', access: 'Access point' };

/** What the last check found, in words. */
export function checkState(entry: LinkHealthEntry): string {
  if (entry.outcome === 'no_network') return 'not checked: no network';
  if (entry.outcome === 'unchecked') return 'not checked yet';
  return entry.reason ?? (entry.http_status === null ? entry.outcome : `answered ${entry.http_status}`);
}

export function loadLinkReport(query: { view: LinkReportView; registry: string; brokenDays: string; offset: number }, signal?: AbortSignal) {
  const brokenDays = query.brokenDays ? Number(query.brokenDays) : undefined;
  return rest('get', '/link_health', { query: { view: query.view, offset: query.offset, limit: 50, registry: query.registry || undefined, broken_days: brokenDays }, signal });
}

export const adoptFinalUrl = (checkId: number) => rest('post', '/link_health/{id}/adopt_final_url', { path: { id: checkId } });
export const loadOwnBrokenLinks = (signal?: AbortSignal) => rest('get', '/link_health/mine', { signal });
export const loadHomepageNote = (recordId: number | string, signal?: AbortSignal) =>
  rest('get', '/link_health/records/{id}', { path: { id: Number(recordId) }, signal });
