/**
 * Gauges of the indexing pipeline, read when Prometheus scrapes (every role exposes them):
 * the index queue's depth and its oldest job's age, the outbox lag (age of the oldest change not
 * yet indexed) and the index lag (of the records changed last, how many the index holds at an
 * older revision than Postgres, and by how many revisions at most).
 */
import { Gauge, type Registry } from 'prom-client';
import type { Queue } from 'bullmq';
import type { IndexJobData, SearchClient } from '@registry/platform';
import { recordsAlias } from '@registry/schemas';

/** Where the gauges read: the operations repository's reads (bound to a database), the queue and the index. */
export interface PipelineSources {
  oldestPendingOutboxAt(): Promise<Date | null>;
  recentRecordRevisions(limit: number): Promise<{ id: number; revision: number }[]>;
  queue: Queue<IndexJobData>;
  searchClient: SearchClient;
  indexPrefix: string;
}

/** How many of the records changed last the index-lag gauges compare. */
export const INDEX_LAG_SAMPLE = 200;

async function oldestOutboxAgeSeconds(sources: PipelineSources): Promise<number> {
  const oldest = await sources.oldestPendingOutboxAt();
  return oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0;
}

async function oldestJobAgeSeconds(queue: Queue<IndexJobData>): Promise<number> {
  const [oldest] = await queue.getJobs(['waiting', 'delayed', 'prioritized'], 0, 0, true);
  return oldest ? Math.max(0, (Date.now() - oldest.timestamp) / 1000) : 0;
}

interface IndexLag {
  behind: number;
  maxRevisions: number;
}

async function sampledIndexLag(sources: PipelineSources): Promise<IndexLag> {
  const rows = await sources.recentRecordRevisions(INDEX_LAG_SAMPLE);
  if (rows.length === 0) return { behind: 0, maxRevisions: 0 };
  const { body } = await sources.searchClient.mget({ index: recordsAlias(sources.indexPrefix), body: { ids: rows.map((row) => String(row.id)) }, _source: false });
  const indexed = new Map<string, number>();
  for (const doc of body.docs as { _id: string; found?: boolean; _version?: number }[]) {
    if (doc.found && doc._version !== undefined) indexed.set(doc._id, doc._version);
  }
  let behind = 0;
  let maxRevisions = 0;
  for (const row of rows) {
    const lag = row.revision - (indexed.get(String(row.id)) ?? 0);
    if (lag > 0) {
      behind += 1;
      maxRevisions = Math.max(maxRevisions, lag);
    }
  }
  return { behind, maxRevisions };
}

/** A scrape must answer even when a source is down: the gauge then reads NaN. */
async function setFrom(gauge: Gauge, read: () => Promise<number>): Promise<void> {
  try {
    gauge.set(await read());
  } catch {
    gauge.set(Number.NaN);
  }
}

export function registerPipelineGauges(registry: Registry, sources: PipelineSources): void {
  new Gauge({
    name: 'registry_index_queue_depth',
    help: 'Index jobs waiting, delayed or running',
    registers: [registry],
    collect() {
      return setFrom(this, async () => {
        const counts = await sources.queue.getJobCounts('waiting', 'delayed', 'prioritized', 'active');
        return Object.values(counts).reduce((sum, count) => sum + count, 0);
      });
    },
  });
  new Gauge({
    name: 'registry_index_queue_oldest_job_age_seconds',
    help: 'Age of the oldest index job not yet started (0 when none waits)',
    registers: [registry],
    collect() {
      return setFrom(this, () => oldestJobAgeSeconds(sources.queue));
    },
  });
  new Gauge({
    name: 'registry_outbox_lag_seconds',
    help: 'Age of the oldest outbox row not yet indexed (0 when all are)',
    registers: [registry],
    collect() {
      return setFrom(this, () => oldestOutboxAgeSeconds(sources));
    },
  });
  const lagRecords = new Gauge({
    name: 'registry_index_lag_records',
    help: `Of the ${INDEX_LAG_SAMPLE} records changed last, how many the index holds at an older revision than Postgres`,
    registers: [registry],
  });
  new Gauge({
    name: 'registry_index_lag_revisions',
    help: `Of the ${INDEX_LAG_SAMPLE} records changed last, the most revisions a document is behind Postgres`,
    registers: [registry],
    collect() {
      return setFrom(this, async () => {
        const lag = await sampledIndexLag(sources).catch((error: unknown) => {
          lagRecords.set(Number.NaN);
          throw error;
        });
        lagRecords.set(lag.behind);
        return lag.maxRevisions;
      });
    },
  });
}
