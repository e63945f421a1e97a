/**
 * Which record a path names: `/2`, `/FAIRsharing.2mk2zb`, `/10.25504/FAIRsharing.2mk2zb`,
 * or a legacy id (`/bsg-s000001`, `/biodbcore-000123`), and where a loaded record lives.
 */
import { graphqlArguments } from '@registry/schemas/search/client/graphql-literals.ts';
import { RECORD_FIELDS } from './record-types.ts';

export const DOI_PREFIX = '10.25504';

/** The id argument of `fairsharingRecord` for a route (the DOI route passes the suffix). */
export function recordIdForRoute(id: string, isDoiRoute: boolean): string {
  return isDoiRoute ? `${DOI_PREFIX}/${id}` : id;
}

export function isLegacyId(id: string): boolean {
  return /^(bsg|biodbcore)-/i.test(id);
}

/** Numeric ids go unquoted (Int-like), everything else as a string; the API takes either as ID. */
export function buildRecordQuery(id: string): string {
  const value = /^\d+$/.test(id) ? Number(id) : id;
  return `{fairsharingRecord${graphqlArguments({ id: value })}{${RECORD_FIELDS}}}`;
}

export function canonicalRecordPath(numericId: number | string): string {
  return `/${numericId}`;
}

/** Legacy ids are replaced by the canonical numeric path once the record is known. */
export function pathToReplace(routeId: string, isDoiRoute: boolean, numericId: number | string): string | null {
  if (isDoiRoute || !isLegacyId(routeId)) return null;
  return canonicalRecordPath(numericId);
}
