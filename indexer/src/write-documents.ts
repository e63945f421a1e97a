/**
 * Bulk writes search documents with the record's revision as external version
 * (`external_gte`): an older revision can never replace a newer one, and re-writing the same
 * revision (a vocabulary it embeds changed) is accepted. Rejected stale writes are counted,
 * not errors.
 */
import type { SearchClient } from '@registry/platform';
import type { RecordSearchDocument } from '@registry/schemas';

export interface WriteOutcome {
  indexed: number;
  /** Stale writes refused because the index already holds a newer revision. */
  versionConflicts: number;
  deleted: number;
}

export class BulkWriteError extends Error {
  override name = 'BulkWriteError';
}

interface BulkItemResult {
  status: number;
  error?: { type?: string; reason?: string | null };
}

export async function writeSearchDocuments(
  client: SearchClient,
  index: string,
  documents: readonly RecordSearchDocument[],
  deletedIds: readonly number[] = [],
  options: { refresh?: boolean } = {},
): Promise<WriteOutcome> {
  const outcome: WriteOutcome = { indexed: 0, versionConflicts: 0, deleted: 0 };
  if (documents.length === 0 && deletedIds.length === 0) return outcome;
  const body: Record<string, unknown>[] = [];
  for (const document of documents) {
    body.push({ index: { _index: index, _id: String(document.id), version: document.revision, version_type: 'external_gte' } });
    body.push(document as unknown as Record<string, unknown>);
  }
  for (const id of deletedIds) body.push({ delete: { _index: index, _id: String(id) } });

  let items: Record<string, BulkItemResult>[];
  try {
    const response = await client.bulk({ body, refresh: options.refresh ? 'wait_for' : false });
    items = response.body.items as Record<string, BulkItemResult>[];
  } catch (error) {
    // The client's error carries the whole request body (megabytes); keep the message only.
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new BulkWriteError(`bulk write of ${documents.length + deletedIds.length} operations to ${index} failed: ${reason}`);
  }
  const failures: string[] = [];
  for (const item of items) {
    const [operation, result] = Object.entries(item)[0] as [string, BulkItemResult];
    if (operation === 'delete') {
      // 404: already gone, which is what we wanted.
      if (result.status < 300 || result.status === 404) outcome.deleted += result.status < 300 ? 1 : 0;
      else failures.push(`delete: ${result.error?.type}: ${result.error?.reason}`);
    } else if (result.status < 300) {
      outcome.indexed += 1;
    } else if (result.status === 409 && result.error?.type === 'version_conflict_engine_exception') {
      outcome.versionConflicts += 1;
    } else {
      failures.push(`${operation}: ${result.error?.type}: ${result.error?.reason}`);
    }
  }
  if (failures.length > 0) {
    throw new BulkWriteError(`${failures.length} bulk operation(s) failed on ${index}; first: ${failures[0]}`);
  }
  return outcome;
}
