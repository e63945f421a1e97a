/**
 * What the in-process save benches (freshness, webhooks) share: percentiles, the records they
 * rename, the rename a curator sends, and the wait until a search finds a record by its new name.
 */
import { performance } from 'node:perf_hooks';
import type { Database, SearchClient } from '@registry/platform';

const SEARCH_POLL_MS = 25;

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export interface EditableRecord {
  id: number;
  name: string;
  homepage: string;
  description: string;
  status: string;
  record_type_id: number;
  abbreviation: string | null;
}

/** `count` public records whose general information is complete enough to save (homepage, a 40-character description). */
export async function editableRecords(db: Database, count: number): Promise<EditableRecord[]> {
  const records: EditableRecord[] = await db('records as r')
    .where({ is_hidden: false, is_approved: true }).whereNotNull('r.homepage').whereNotNull('r.record_type_id').whereRaw('length(r.description) >= 40')
    .select('r.id', 'r.name', 'r.homepage', 'r.description', 'r.status', 'r.record_type_id', 'r.abbreviation').orderBy('r.id').limit(count);
  if (records.length < count) throw new Error(`the demo catalogue has fewer than ${count} public records with a homepage and a description`);
  return records;
}

/** The body of `PUT /fairsharing_records/{id}` renaming `record` (its general information section). */
export function renamePayload(record: EditableRecord, name: string, objectTypeIds: number[]) {
  return {
    section: 'generalInformation',
    fairsharing_record: {
      record_type_id: record.record_type_id,
      object_type_ids: objectTypeIds,
      metadata: { name, abbreviation: record.abbreviation, homepage: record.homepage, description: record.description, status: record.status },
    },
  };
}

/** Searches `alias` until record `id` is found by `name` (30 s at the most). */
export async function waitUntilFound(client: SearchClient, alias: string, name: string, id: number): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    const response = await client.search({ index: alias, body: { size: 5, _source: false, query: { match_phrase: { name } } } });
    if ((response.body.hits.hits as { _id: string }[]).some((hit) => Number(hit._id) === id)) return;
    await new Promise((resolve) => setTimeout(resolve, SEARCH_POLL_MS));
  }
  throw new Error(`record ${id} not found as "${name}" within 30 s`);
}
