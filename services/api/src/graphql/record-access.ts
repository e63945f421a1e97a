/**
 * Finding a record by any of the identifiers people hold, and deciding whether the viewer may
 * see it: hidden or unapproved records are shown only to curators and their maintainers.
 */
import type { Database } from '@registry/platform';
import type { Viewer } from '@registry/schemas';
import type { RegistryGraphqlContext } from './context.ts';
import { numericId } from './context.ts';
import type { RecordRow } from './rows.ts';

export const DOI_PREFIX = '10.25504/';

export type RecordIdentifier =
  | { kind: 'id'; id: number }
  | { kind: 'doi'; doi: string }
  | { kind: 'legacy'; legacyId: string };

/** "2" → id; "FAIRsharing.2mk2zb" / "10.25504/FAIRsharing.2mk2zb" → DOI; "bsg-s000001" → legacy id. */
export function parseRecordIdentifier(raw: string | number | null | undefined): RecordIdentifier | null {
  if (raw === null || raw === undefined) return null;
  const text = String(raw).trim();
  if (text === '') return null;
  const id = numericId(text);
  if (id !== null) return { kind: 'id', id };
  const withoutResolver = text.replace(/^https?:\/\/(dx\.)?doi\.org\//i, '');
  if (/^10\.25504\//i.test(withoutResolver)) return { kind: 'doi', doi: withoutResolver.toLowerCase() };
  if (/^fairsharing\.[a-z0-9]+$/i.test(withoutResolver)) return { kind: 'doi', doi: `${DOI_PREFIX}${withoutResolver}`.toLowerCase() };
  if (/^[a-z]+-[a-z]*\d+$/i.test(text)) return { kind: 'legacy', legacyId: text.toLowerCase() };
  return null;
}

export async function findRecordRow(db: Database, identifier: RecordIdentifier): Promise<RecordRow | null> {
  const query = db<RecordRow>('records').select('*');
  if (identifier.kind === 'id') query.where('id', identifier.id);
  else if (identifier.kind === 'doi') query.whereRaw('lower(doi) = ?', [identifier.doi]);
  // The GIN index answers `&&`; legacy ids are stored as issued, usually lower-case.
  else query.whereRaw('legacy_ids && ?::text[]', [[identifier.legacyId, identifier.legacyId.toUpperCase()]]);
  const row = await query.first();
  return row ?? null;
}

export function isPubliclyVisible(record: Pick<RecordRow, 'is_hidden' | 'is_approved'>): boolean {
  return !record.is_hidden && record.is_approved;
}

export async function viewerMaintains(context: RegistryGraphqlContext, recordId: number): Promise<boolean> {
  const { viewer } = context;
  if (viewer.userId === null) return false;
  const maintainers = await context.loaders.recordMaintainers.load(recordId);
  return maintainers.some((user) => user.id === viewer.userId);
}

export async function canViewRecord(context: RegistryGraphqlContext, record: RecordRow): Promise<boolean> {
  if (isPubliclyVisible(record) || context.viewer.isCurator) return true;
  return viewerMaintains(context, record.id);
}

/** Drops the records this viewer may not see from a list (relations, saved searches...). */
export async function visibleRecords(context: RegistryGraphqlContext, records: (RecordRow | null)[]): Promise<RecordRow[]> {
  const present = records.filter((record): record is RecordRow => record !== null);
  const allowed = await Promise.all(present.map((record) => canViewRecord(context, record)));
  return present.filter((_, index) => allowed[index]);
}

/** SQL condition for list queries that cannot check maintainers row by row. */
export function publicRecordsOnly(viewer: Viewer): boolean {
  return !viewer.isCurator;
}
