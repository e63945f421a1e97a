/**
 * What every view of a withdrawn record shows (REST 410, GraphQL `withdrawn`, the record page's
 * tombstone, linked data, MCP): its tombstone with its successor, followed through merges and
 * given only while public.
 */
import type { Database } from '@registry/platform';
import { ANONYMOUS_VIEWER, canViewRecord } from '@registry/schemas';
import { recordPageUrl } from '../kernel/record-page-url.ts';
import { resolveRecordIdentifier, type TombstoneRow } from './record-repository.ts';
import type { RecordRow } from './record-rows.ts';

export interface WithdrawnRecord {
  id: number;
  name: string;
  abbreviation: string | null;
  registry: string;
  doi: string | null;
  legacyIds: string[];
  reason: string;
  withdrawnAt: string;
  /** When the record was created, if known (its DataCite publication year). */
  createdAt: string | null;
  /** The public record that replaces it, if a curator named one (its canonical record when merged since). */
  successor: { id: number; name: string; url: string } | null;
  url: string;
}

export async function describeTombstone({ db, publicUrl }: { db: Database; publicUrl: string }, tombstone: TombstoneRow): Promise<WithdrawnRecord> {
  let successor: WithdrawnRecord['successor'] = null;
  if (tombstone.successor_id !== null) {
    const resolved = await resolveRecordIdentifier(db, { kind: 'id', id: tombstone.successor_id });
    const record = resolved && resolved.state !== 'withdrawn' ? resolved.record : null;
    if (record && canViewRecord(ANONYMOUS_VIEWER, { isHidden: record.is_hidden, isApproved: record.is_approved, ownerIds: [] })) {
      successor = { id: record.id, name: record.name, url: recordPageUrl(publicUrl, record.id) };
    }
  }
  return {
    id: tombstone.record_id,
    name: tombstone.name,
    abbreviation: tombstone.abbreviation,
    registry: tombstone.registry,
    doi: tombstone.doi,
    legacyIds: tombstone.legacy_ids,
    reason: tombstone.reason,
    withdrawnAt: new Date(tombstone.withdrawn_at).toISOString(),
    createdAt: tombstone.record_created_at === null ? null : new Date(tombstone.record_created_at).toISOString(),
    successor,
    url: recordPageUrl(publicUrl, tombstone.record_id),
  };
}

/** The REST/JSON form of a tombstone (snake_case attributes, as the record's own). */
export function withdrawnAttributes(withdrawn: WithdrawnRecord): Record<string, unknown> {
  return {
    state: 'withdrawn',
    name: withdrawn.name,
    abbreviation: withdrawn.abbreviation,
    registry: withdrawn.registry,
    doi: withdrawn.doi,
    legacy_ids: withdrawn.legacyIds,
    reason: withdrawn.reason,
    withdrawn_at: withdrawn.withdrawnAt,
    successor: withdrawn.successor,
    url: withdrawn.url,
  };
}

/**
 * The record GraphQL answers for a withdrawn one: only what its tombstone keeps (id, name,
 * abbreviation, registry, DOI, legacy ids), status `withdrawn`, no links, and `withdrawn` set.
 */
export function withdrawnRecordRow(tombstone: TombstoneRow, withdrawn: WithdrawnRecord): RecordRow & { withdrawn: WithdrawnRecord } {
  return {
    id: tombstone.record_id, registry_id: tombstone.registry_id, record_type_id: null, doi: tombstone.doi, status: 'withdrawn',
    name: tombstone.name, abbreviation: tombstone.abbreviation, description: '', homepage: null, url_for_logo: null,
    legacy_ids: tombstone.legacy_ids, metadata: {}, is_hidden: false, is_approved: true, is_recommended: false, is_complete: false,
    exhaustive_licences: false, curator_notes: null, created_by_id: null, last_editor_id: null, last_reviewed: null, last_edited: null,
    replaced_by_id: null, suspected_duplicate_ids: [], revision: 0, created_at: null, updated_at: null, withdrawn,
  };
}
