/**
 * Updates that say nothing: saving a record re-indexes the records related to it (their search
 * documents show its name), which logs a change of each; but what a delivery shows of them, the
 * record as `GET /changes` gives it, differs only in `updatedAt`, and the change names no
 * section. Such an update is left out: an update is sent when it names a section, or when the
 * record it shows differs (`updatedAt` aside) from the one last dispatched for that record. A
 * record the dispatcher has not shown before is sent (nothing to compare with).
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import * as repository from './webhook-repository.ts';

/** What the rule reads of a dispatched item. */
export interface ToldItem {
  event: string;
  recordId: number;
  data: { sections?: unknown; record?: unknown };
}

function digestOf(record: unknown): string {
  const { updatedAt: _updatedAt, ...shown } = record as Record<string, unknown>;
  return createHash('sha256').update(JSON.stringify(shown)).digest('base64');
}

const namesNoSection = (item: ToldItem) => !Array.isArray(item.data.sections) || item.data.sections.length === 0;

/** `items` without the updates that say nothing, in order; remembers what each record showed. */
export async function withoutUnchangedUpdates<T extends ToldItem>(trx: Knex.Transaction, items: readonly T[]): Promise<T[]> {
  const shown = items.filter((item) => (item.event === 'record.created' || item.event === 'record.updated') && item.data.record !== undefined);
  if (shown.length === 0) return [...items];
  const last = await repository.recordDigests(trx, shown.map((item) => item.recordId));
  const left = new Set<T>();
  for (const item of shown) {
    const digest = digestOf(item.data.record);
    if (item.event === 'record.updated' && namesNoSection(item) && last.get(item.recordId) === digest) left.add(item);
    last.set(item.recordId, digest);
  }
  await repository.saveRecordDigests(trx, new Map(shown.map((item) => [item.recordId, last.get(item.recordId)!])));
  return items.filter((item) => !left.has(item));
}
