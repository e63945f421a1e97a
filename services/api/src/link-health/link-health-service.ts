/**
 * Link health, read by three audiences the access module tells apart: curators read every
 * record's checks (broken for at least N days, or permanently redirected, by registry) and may
 * replace a redirected URL by where it leads — a record edit through the records service's save;
 * maintainers read their own records' broken links; anyone who may see a record reads only the
 * quiet "homepage unreachable since" note, shown after repeated failures.
 */
import { can, type Viewer } from '@registry/schemas';
import { forbiddenError, invalidError, notFoundError } from '../domain-errors.ts';
import { requireAllowed, visibleRecord } from '../records/record-guards.ts';
import { updateSection, type RecordServiceDeps, type SavedRecord } from '../records/record-service.ts';
import * as repository from './link-health-repository.ts';

/** A record's save needs the records service's dependencies (database and index publisher). */
export interface LinkHealthDeps extends RecordServiceDeps {
  /** The configuration's `linkBrokenDays`: a link is broken once it has failed this long. */
  brokenDays: number;
  now?: () => Date;
}

/** Failures in a row before a record page says its homepage is unreachable. */
export const NOTE_AFTER_FAILURES = 3;
const DAY_MS = 86_400_000;

export type LinkReportEntry = repository.LinkReportRow;

export interface CuratorLinkQuery {
  view: 'broken' | 'redirected';
  registry?: string;
  /** Broken for at least this many days (default: the configuration's). */
  brokenDays?: number;
  limit: number;
  offset: number;
}

export interface CuratorLinkReport {
  entries: LinkReportEntry[];
  total: number;
  brokenDays: number;
  registries: { registry: string; broken: number; redirected: number }[];
}

const failingSince = (deps: LinkHealthDeps, days: number) => new Date((deps.now?.() ?? new Date()).getTime() - days * DAY_MS);

export async function curatorLinkReport(deps: LinkHealthDeps, viewer: Viewer, query: CuratorLinkQuery): Promise<CuratorLinkReport> {
  requireAllowed(viewer, 'linkHealth.viewAll');
  const brokenDays = query.brokenDays ?? deps.brokenDays;
  const since = failingSince(deps, brokenDays);
  const filter = query.view === 'broken' ? { failingSince: since } : { permanentRedirects: true };
  const { rows, total } = await repository.linkReport(deps.db, { ...filter, registry: query.registry, limit: query.limit, offset: query.offset });
  return { entries: rows, total, brokenDays, registries: await repository.linkCountsByRegistry(deps.db, since) };
}

/** The broken links of the records `userId` maintains or created (their profile and digest). */
export async function ownBrokenLinks(deps: LinkHealthDeps, viewer: Viewer, userId: number): Promise<{ entries: LinkReportEntry[]; brokenDays: number }> {
  requireAllowed(viewer, 'linkHealth.viewOwn', { userId });
  return { entries: await brokenLinksOf(deps.db, userId, failingSince(deps, deps.brokenDays)), brokenDays: deps.brokenDays };
}

/** At most 100: a profile lists them, a digest names them. */
export async function brokenLinksOf(db: RecordServiceDeps['db'], userId: number, since: Date): Promise<LinkReportEntry[]> {
  return (await repository.linkReport(db, { failingSince: since, ownerId: userId, limit: 100 })).rows;
}

/**
 * Since when a record's homepage has been unreachable, once the checks saw it fail at least
 * `NOTE_AFTER_FAILURES` times in a row over at least the broken period; else null.
 */
export async function homepageUnreachableSince(deps: LinkHealthDeps, viewer: Viewer, recordId: number): Promise<Date | null> {
  const { resource } = await visibleRecord(deps.db, viewer, recordId);
  if (!can(viewer, 'linkHealth.viewNote', resource)) throw forbiddenError();
  const { rows } = await repository.linkReport(deps.db, { recordId, kind: 'homepage', failingSince: failingSince(deps, deps.brokenDays), limit: 1 });
  const homepage = rows[0];
  if (homepage?.first_failure_at == null || homepage.last_checked_at === null || homepage.consecutive_failures < NOTE_AFTER_FAILURES) return null;
  const observedDays = (homepage.last_checked_at.getTime() - homepage.first_failure_at.getTime()) / DAY_MS;
  return observedDays >= deps.brokenDays ? homepage.first_failure_at : null;
}

/**
 * Replaces a permanently redirected URL in its record by the final URL, as the section save of a
 * curator: the homepage in general information, a support link in support, an access point in
 * the data-access section. The check then waits for its next turn with the new URL.
 */
export async function adoptFinalUrl(deps: LinkHealthDeps, viewer: Viewer, checkId: number): Promise<SavedRecord> {
  requireAllowed(viewer, 'linkHealth.adoptFinalUrl');
  const check = await repository.findLinkCheck(deps.db, checkId);
  if (check === null) throw notFoundError('Link check');
  if (!check.permanent_redirect || check.final_url === null) throw invalidError('This link is not permanently redirected; there is no final URL to adopt.');
  const { record } = await visibleRecord(deps.db, viewer, check.record_id);
  const finalUrl = check.final_url;
  const swap = (items: unknown): Record<string, unknown>[] =>
    (Array.isArray(items) ? (items as Record<string, unknown>[]) : []).map((item) => (item.url === check.url ? { ...item, url: finalUrl } : item));
  if (check.kind === 'homepage') {
    if (record.homepage !== check.url) throw invalidError('The record’s homepage changed since the check; nothing to adopt.');
    const { metadata } = record;
    return updateSection(deps, viewer, record.id, 'generalInformation', {
      metadata: {
        name: record.name, abbreviation: record.abbreviation, homepage: finalUrl, description: record.description, status: record.status,
        deprecation_reason: metadata.deprecation_reason ?? null, year_creation: metadata.year_creation ?? null,
      },
    });
  }
  if (check.kind === 'support') {
    return updateSection(deps, viewer, record.id, 'support', { metadata: { contacts: record.metadata.contacts ?? [], support_links: swap(record.metadata.support_links) } });
  }
  return updateSection(deps, viewer, record.id, 'dataAccess', { metadata: { access_points: swap(record.metadata.access_points) } });
}
