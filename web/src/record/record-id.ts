/**
 * Which record a path names: `/2`, `/FAIRsharing.2mk2zb`, `/10.25504/FAIRsharing.2mk2zb`,
 * or a legacy id (`/bsg-s000001`, `/biodbcore-000123`), and where a loaded record lives.
 */
import { recordPageQuery } from '@registry/schemas/web/record-page-query.ts';

export const DOI_PREFIX = '10.25504';

/** The id argument of `fairsharingRecord` for a route (the DOI route passes the suffix). */
export function recordIdForRoute(id: string, isDoiRoute: boolean): string {
  return isDoiRoute ? `${DOI_PREFIX}/${id}` : id;
}

export function isLegacyId(id: string): boolean {
  return /^(bsg|biodbcore)-/i.test(id);
}

/** The record page's query (shared with the server, which answers it inside the page). */
export { recordPageQuery as buildRecordQuery };

export function canonicalRecordPath(numericId: number | string): string {
  return `/${numericId}`;
}

/** Legacy ids are replaced by the canonical numeric path once the record is known. */
export function pathToReplace(routeId: string, isDoiRoute: boolean, numericId: number | string): string | null {
  if (isDoiRoute || !isLegacyId(routeId)) return null;
  return canonicalRecordPath(numericId);
}
