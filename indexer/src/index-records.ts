/**
 * Turns index intents ("subject 7 changed", "record 2 changed") into document writes:
 * resolve the records concerned (fan-out), re-read them from Postgres, write them to the
 * alias (deleting the ones that are gone), then mark the outbox rows that this write covers.
 * The worker and the sweeper both go through here; the job payload is never trusted beyond
 * the entity type and id.
 */
import { ENTITY_TABLES, markOutboxProcessedMany, type Database, type IndexEntityType, type ProcessedMark, type SearchClient } from '@registry/platform';
import { buildSearchDocument } from './build-search-document.ts';
import { recordsEmbedding } from './fan-out.ts';
import { loadIndexableRecords } from './load-records.ts';
import { writeSearchDocuments, type WriteOutcome } from './write-documents.ts';

export const INDEX_BATCH_SIZE = 500;

export interface IndexTarget {
  db: Database;
  client: SearchClient;
  /** The alias (live writes) or a physical index (a reindex in progress). */
  index: string;
}

export interface EntityRef {
  type: IndexEntityType;
  id: number;
}

/** Re-reads `recordIds` and writes their documents; ids no longer in Postgres are deleted. */
export async function indexRecords(target: IndexTarget, recordIds: readonly number[], batchSize = INDEX_BATCH_SIZE): Promise<WriteOutcome> {
  const total: WriteOutcome = { indexed: 0, versionConflicts: 0, deleted: 0 };
  const unique = [...new Set(recordIds)];
  for (let start = 0; start < unique.length; start += batchSize) {
    const batch = unique.slice(start, start + batchSize);
    const rows = await loadIndexableRecords(target.db, batch);
    const found = new Set(rows.map((row) => row.id));
    const documents = rows.map(buildSearchDocument);
    const gone = batch.filter((id) => !found.has(id));
    const outcome = await writeSearchDocuments(target.client, target.index, documents, gone);
    total.indexed += outcome.indexed;
    total.versionConflicts += outcome.versionConflicts;
    total.deleted += outcome.deleted;
  }
  return total;
}

/** Current revisions of entities (missing ones are absent from the map). */
async function currentRevisions(db: Database, type: IndexEntityType, ids: number[]): Promise<Map<number, number>> {
  const rows: { id: number; revision: number }[] = await db(ENTITY_TABLES[type]).whereIn('id', ids).select('id', 'revision');
  return new Map(rows.map((row) => [row.id, row.revision]));
}

export interface ProcessOutcome extends WriteOutcome {
  records: number;
  outboxRowsProcessed: number;
}

/**
 * Indexes what `entities` affect and marks their outbox rows processed up to the revision read
 * before the records were loaded (a change committed later keeps its row pending).
 */
export async function processIndexIntents(
  target: IndexTarget,
  entities: readonly EntityRef[],
  options: { markProcessed?: boolean } = {},
): Promise<ProcessOutcome> {
  const idsByType = new Map<IndexEntityType, number[]>();
  for (const entity of entities) idsByType.set(entity.type, [...(idsByType.get(entity.type) ?? []), entity.id]);

  const marks: ProcessedMark[] = [];
  const recordIds = new Set<number>();
  for (const [type, ids] of idsByType) {
    const unique = [...new Set(ids)];
    const revisions = await currentRevisions(target.db, type, unique);
    for (const id of unique) {
      // A deleted entity: every pending row of it is covered by this pass.
      marks.push({ entityType: type, entityId: id, upToRevision: revisions.get(id) ?? Number.MAX_SAFE_INTEGER });
    }
    if (type === 'record') unique.forEach((id) => recordIds.add(id));
    else (await recordsEmbedding(target.db, type, unique)).forEach((id) => recordIds.add(id));
  }
  const outcome = await indexRecords(target, [...recordIds]);
  const outboxRowsProcessed = options.markProcessed === false ? 0 : await markOutboxProcessedMany(target.db, marks);
  return { ...outcome, records: recordIds.size, outboxRowsProcessed };
}
