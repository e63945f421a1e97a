/**
 * Removing a link from a record to a shared entity (an organisation link, a licence link):
 * whoever may edit the record may, the removal is an edit event in the record's history, and
 * the record is re-indexed.
 */
import { saveWithIndexing, type Database, type IndexPublisher } from '@registry/platform';
import type { Viewer } from '@registry/schemas';
import { notFoundError } from '../domain-errors.ts';
import { recordEditedThroughLink, requireEditableRecord } from '../records/record-guards.ts';
import type { RecordLinkTable } from './record-link-repository.ts';

export interface RecordLinkKind<Row extends { id: number; record_id: number }> {
  links: RecordLinkTable<Row>;
  /** As a 404 names it: "Licence link". */
  noun: string;
  /** The record's section whose history shows the removal. */
  section: string;
  /** The history entry's changes. */
  removedChange: (link: Row) => Record<string, unknown>;
}

export async function removeRecordLink<Row extends { id: number; record_id: number }>(
  deps: { db: Database; publisher: IndexPublisher | null },
  viewer: Viewer,
  id: number,
  kind: RecordLinkKind<Row>,
): Promise<void> {
  const existing = await kind.links.find(deps.db, id);
  if (!existing) throw notFoundError(kind.noun);
  await requireEditableRecord(deps.db, viewer, existing.record_id);
  await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    await kind.links.remove(trx, id);
    await recordEditedThroughLink(trx, viewer, existing.record_id, kind.section, kind.removedChange(existing));
    return [{ entityType: 'record', id: existing.record_id }];
  });
}
