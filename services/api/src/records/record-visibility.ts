/**
 * Finding a record by any of the identifiers people hold, and asking the access module whether
 * the viewer may see it.
 */
import { canViewRecord, isActiveUser, type AccessResource } from '@registry/schemas';
import type { Viewer } from '@registry/schemas';
import { numericId } from '../validation.ts';
import type { RegistryGraphqlContext } from '../kernel/graphql-context.ts';
import type { UserParent } from '../graphql-types/resolver-parents.ts';
import type { RecordRow } from './record-rows.ts';
import type { RecordIdentifier } from './record-repository.ts';

export const DOI_PREFIX = '10.25504/';

export type { RecordIdentifier };

/** What the visibility questions read: the viewer and the request's loaders (a GraphQL context has both). */
export interface ViewerReads {
  viewer: Viewer;
  loaders: Pick<RegistryGraphqlContext['loaders'], 'recordMaintainers' | 'userById'>;
}

/**
 * "2" → id; any DOI ("10.25504/FAIRsharing.2mk2zb", or one minted under the configured DataCite
 * prefix) → DOI; "FAIRsharing.2mk2zb" → the catalogue's own DOI under 10.25504 (the prefix every
 * imported FAIRsharing record carries); "bsg-s000001" → legacy id.
 */
export function parseRecordIdentifier(raw: string | number | null | undefined): RecordIdentifier | null {
  if (raw === null || raw === undefined) return null;
  const text = String(raw).trim();
  if (text === '') return null;
  const id = numericId(text);
  if (id !== null) return { kind: 'id', id };
  const withoutResolver = text.replace(/^https?:\/\/(dx\.)?doi\.org\//i, '');
  if (/^10\.\d{4,9}\/\S+$/.test(withoutResolver)) return { kind: 'doi', doi: withoutResolver.toLowerCase() };
  if (/^fairsharing\.[a-z0-9]+$/i.test(withoutResolver)) return { kind: 'doi', doi: `${DOI_PREFIX}${withoutResolver}`.toLowerCase() };
  if (/^[a-z]+-[a-z]*\d+$/i.test(text)) return { kind: 'legacy', legacyId: text.toLowerCase() };
  return null;
}

/**
 * Whether the viewer may see this record: the access module's rule, fed with the record's owners
 * (creator and maintainers) only when the answer depends on them.
 */
export async function viewerCanSeeRecord(context: ViewerReads, record: RecordRow): Promise<boolean> {
  const withoutOwners = { isHidden: record.is_hidden, isApproved: record.is_approved, ownerIds: [] };
  if (canViewRecord(context.viewer, withoutOwners)) return true;
  if (context.viewer.userId === null) return false;
  const resource = await recordAccessResource(context, record);
  return resource.record !== undefined && canViewRecord(context.viewer, resource.record);
}

/** What the access module's record rules need to know about this record. */
export async function recordAccessResource(context: ViewerReads, record: RecordRow): Promise<AccessResource> {
  const maintainerIds = (await context.loaders.recordMaintainers.load(record.id)).map((user) => user.id);
  const ownerIds = record.created_by_id === null ? maintainerIds : [...maintainerIds, record.created_by_id];
  return { record: { isHidden: record.is_hidden, isApproved: record.is_approved, ownerIds, maintainerIds, createdById: record.created_by_id } };
}

/** A user reached by id, or null when deactivated (deactivated users are absent everywhere). */
export async function activeUserById(context: ViewerReads, userId: number | null): Promise<UserParent | null> {
  if (userId === null) return null;
  const user = await context.loaders.userById.load(userId);
  return isActiveUser(user) ? user : null;
}

export async function viewerMaintains(context: ViewerReads, recordId: number): Promise<boolean> {
  const { viewer } = context;
  if (viewer.userId === null) return false;
  const maintainers = await context.loaders.recordMaintainers.load(recordId);
  return maintainers.some((user) => user.id === viewer.userId);
}

/** Drops the records this viewer may not see from a list (relations, saved searches...). */
export async function visibleRecords(context: ViewerReads, records: (RecordRow | null)[]): Promise<RecordRow[]> {
  const present = records.filter((record): record is RecordRow => record !== null);
  const allowed = await Promise.all(present.map((record) => viewerCanSeeRecord(context, record)));
  return present.filter((_, index) => allowed[index]);
}
