/**
 * The change feed (`GET /changes`): every change to the public catalogue in a stable order, as
 * pages behind an opaque cursor. An entry tells what happened to one record and, for a record
 * public now, carries the record as the open dump (`/export/records.json`) gives it, so applying
 * the entries in order to an empty copy ends equal to the dump:
 *
 * - `created`: the record became public (added, approved or shown again);
 * - `updated`: a public record changed; `sections` names what (a record section, or the
 *   vocabulary or organisation table a change of a cited row came from);
 * - `removed`: the record left public view (hidden, or back to awaiting approval);
 * - `deleted`, and `merged` with `replacementId`, the record it was merged into;
 * - `withdrawn`: a curator deleted the public record; `reason` says why, `replacementId` names
 *   its successor (when public). Its identifiers answer 410 with the tombstone.
 *
 * The record in an entry is the one public now: a created or updated entry of a record no longer
 * public is left out (the entry that removed it follows), so nothing hidden is ever shown.
 */
import type { Database } from '@registry/platform';
import { invalidError } from '../domain-errors.ts';
import { readPublicRecordsByIds, type PublicRecordExport } from '../export/public-records-repository.ts';
import { itemsWithinBytes } from '../routes/json-api.ts';
import type { KeptPages } from '../kernel/kept-pages.ts';
import { readableChangesVersion, readChangeRows, type ChangeRow, type FeedPosition } from './change-repository.ts';

export type ChangeKind = 'created' | 'updated' | 'removed' | 'deleted' | 'merged' | 'withdrawn';

export interface ChangeEntry {
  /** Cursor of the place just after this entry. */
  cursor: string;
  change: ChangeKind;
  recordId: number;
  changedAt: string;
  sections?: string[];
  replacementId?: number;
  /** Why a withdrawn record was withdrawn. */
  reason?: string;
  record?: PublicRecordExport;
}

export interface ChangePage {
  changes: ChangeEntry[];
  /** Where to go on: `?since=<next>`. Equal to the cursor asked for when nothing new is visible. */
  next: string;
  /** True when the page is full: ask again at once. False: caught up, ask later. */
  hasMore: boolean;
}

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

export function encodeCursor(position: FeedPosition): string {
  return Buffer.from(`${position.txid}.${position.id}`).toString('base64url');
}

const CURSOR_TEXT = /^(\d{1,20})\.(\d{1,20})$/;

/** The position a cursor names; a cursor this server did not write is refused (400). */
export function decodeCursor(cursor: string): FeedPosition {
  const match = /^[A-Za-z0-9_-]{1,80}$/.test(cursor) ? CURSOR_TEXT.exec(Buffer.from(cursor, 'base64url').toString()) : null;
  if (!match) throw invalidError('since is not a cursor of this feed: start without it, then pass the `next` of the page before');
  return { txid: match[1], id: match[2] };
}

function entryKind(row: ChangeRow): ChangeKind | null {
  if (row.isPublic) return row.wasPublic ? 'updated' : 'created';
  if (!row.wasPublic) return null;
  if (row.recordExists) return 'removed';
  if (row.replacementId !== null) return 'merged';
  return row.withdrawal === null ? 'deleted' : 'withdrawn';
}

/**
 * The public entry of each row (null for a row the feed leaves out: a change to a record public
 * neither before nor after, or a record no longer public), in the rows' order.
 */
export async function publicEntriesOf(db: Database, rows: readonly ChangeRow[]): Promise<(ChangeEntry | null)[]> {
  const shownIds = rows.filter((row) => row.isPublic).map((row) => row.recordId);
  const replacementIds = rows.flatMap((row) => [row.replacementId, row.withdrawal?.successorId ?? null].filter((id): id is number => id !== null));
  const publicRecords = await readPublicRecordsByIds(db, [...shownIds, ...replacementIds]);
  return rows.map((row): ChangeEntry | null => {
    const change = entryKind(row);
    if (change === null) return null;
    const base = { cursor: encodeCursor(row), change, recordId: row.recordId, changedAt: row.changedAt };
    if (change === 'created' || change === 'updated') {
      const record = publicRecords.get(row.recordId);
      return record ? { ...base, sections: row.sections, record } : null;
    }
    if (change === 'withdrawn') {
      const successorId = row.withdrawal!.successorId;
      return { ...base, reason: row.withdrawal!.reason, ...(successorId !== null && publicRecords.has(successorId) ? { replacementId: successorId } : {}) };
    }
    if (change === 'merged' && row.replacementId !== null && publicRecords.has(row.replacementId)) return { ...base, replacementId: row.replacementId };
    return { ...base, change: change === 'merged' ? 'deleted' : change };
  });
}

/**
 * A page of the feed. It holds at most MAX_PAGE_BYTES (json-api.ts) of entries, the first one
 * always: a page cut there ends at its last entry, has more, and the next goes on from that entry.
 */
export async function readChanges(db: Database, since: string | undefined, pageSize = DEFAULT_PAGE_SIZE): Promise<ChangePage> {
  const after = since === undefined ? null : decodeCursor(since);
  const rows = await readChangeRows(db, after, pageSize);
  const entries = (await publicEntriesOf(db, rows)).filter((entry): entry is ChangeEntry => entry !== null);
  const changes = itemsWithinBytes(entries, (entry) => entry);
  if (changes.length < entries.length) return { changes, next: changes.at(-1)!.cursor, hasMore: true };
  const last = rows.at(-1);
  return { changes, next: last ? encodeCursor(last) : (since ?? encodeCursor({ txid: '0', id: '0' })), hasMore: rows.length === pageSize };
}

export interface ChangePagesDeps {
  db: Database;
  /** Pages sent lately, as JSON, until the catalogue changes (kept-pages.ts). */
  keptPages: KeptPages;
}

/** A page of the feed as the JSON sent, from the pages kept while the catalogue has not changed since. */
export async function readChangesJson(deps: ChangePagesDeps, since: string | undefined, pageSize = DEFAULT_PAGE_SIZE): Promise<string> {
  // A cursor this server did not write is refused before anything is read.
  if (since !== undefined) decodeCursor(since);
  const version = await readableChangesVersion(deps.db);
  return deps.keptPages.page(`${since ?? ''} ${pageSize}`, version, async () => JSON.stringify(await readChanges(deps.db, since, pageSize)));
}
