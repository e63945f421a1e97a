/**
 * Harvesting bench: `npx tsx scripts/bench/harvest.ts` (Postgres, Redis and OpenSearch must be up).
 *
 * Builds the synthetic catalogue in its own bench database and index prefix (the demo catalogue
 * plus copies of its records up to BENCH_RECORDS, default 100,000, scripts/seed/synthetic-copies.ts;
 * indexed with the real reindex) and starts the real server on it in a child process. Then, over
 * loopback HTTP, one after the other in the same run:
 *   oai           a full OAI-PMH ListRecords harvest (BENCH_OAI_FORMAT, default oai_datacite)
 *                 following resumption tokens: records/s, and the server's resident memory
 *                 before and its peak during the harvest (VmHWM, restarted before it);
 *   walk          GET /fairsharing_records?page[size]=500 following links.next, measured the
 *                 same way, for comparison;
 *   changes       a full replay of the change feed (GET /changes, 1,000 entries a page, from the
 *                 start) into an in-memory copy, measured the same way; the copy must hold every
 *                 public record;
 *   incremental   BENCH_ROUNDS (default 20) times: 100 public records change, then a ListRecords
 *                 harvest `from` the second before the change finds them, and the change feed is
 *                 read on from the cursor before the change: p50 and max duration of each.
 * Everything it creates (bench database, indices) is dropped at the end (BENCH_KEEP=1 keeps them).
 */
import type { ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { runCli, type Database } from '@registry/platform';
import { ANONYMOUS_VIEWER, visibleRecordsOnly } from '@registry/schemas';
import { buildBenchCatalogue, loadAverage, memory, resetPeakMemory, startBenchServer, stopProcess, walkAll, type BenchCatalogue } from './bench-server.ts';

const RECORDS = Number(process.env.BENCH_RECORDS || 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 20);
const FORMAT = process.env.BENCH_OAI_FORMAT || 'oai_datacite';
const CHANGES = 100;

interface Harvest {
  records: number;
  deleted: number;
  pages: number;
  seconds: number;
}

/** A ListRecords harvest to its end; counts `<record>`s and deleted headers without parsing the metadata. */
async function harvest(base: string, from?: string): Promise<Harvest> {
  let query = `verb=ListRecords&metadataPrefix=${FORMAT}${from ? `&from=${from}` : ''}`;
  const result: Harvest = { records: 0, deleted: 0, pages: 0, seconds: 0 };
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${base}/oai?${query}`);
    const xml = await response.text();
    if (!response.ok) throw new Error(`harvest: ${response.status} ${xml.slice(0, 200)}`);
    const error = /<error code="([^"]+)"/.exec(xml);
    if (error && error[1] !== 'noRecordsMatch') throw new Error(`harvest: ${error[1]}`);
    result.pages += 1;
    result.records += xml.match(/<record>/g)?.length ?? 0;
    result.deleted += xml.match(/<header status="deleted">/g)?.length ?? 0;
    const token = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(xml)?.[1];
    if (!token) break;
    query = `verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`;
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

interface Replay {
  /** Public records in the copy at the end. */
  records: number;
  entries: number;
  pages: number;
  seconds: number;
  next: string | null;
}

/** Reads the change feed from `since` (the start when null) until it is caught up, applying it to `copy`. */
async function replayChanges(base: string, since: string | null, copy = new Set<number>()): Promise<Replay> {
  const result: Replay = { records: 0, entries: 0, pages: 0, seconds: 0, next: since };
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${base}/changes?limit=1000${result.next ? `&since=${result.next}` : ''}`);
    if (!response.ok) throw new Error(`changes: ${response.status} ${(await response.text()).slice(0, 200)}`);
    const page = (await response.json()) as { changes: { recordId: number; record?: unknown }[]; next: string; hasMore: boolean };
    result.pages += 1;
    result.entries += page.changes.length;
    for (const entry of page.changes) {
      if (entry.record) copy.add(entry.recordId);
      else copy.delete(entry.recordId);
    }
    result.next = page.next;
    if (!page.hasMore) break;
  }
  result.seconds = (performance.now() - started) / 1000;
  result.records = copy.size;
  return result;
}

/** Waits for the next whole second, so a round's `from` second holds only that round's changes. */
async function nextSecond(): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
  return `${new Date().toISOString().slice(0, 19)}Z`;
}

async function incrementalRounds(db: Database, base: string, cursor: string | null): Promise<{ oai: number[]; changes: number[] }> {
  const durations = { oai: [] as number[], changes: [] as number[] };
  let since = cursor;
  for (let round = 0; round < ROUNDS; round += 1) {
    const from = await nextSecond();
    const changed = await db('records')
      .whereIn('id', db('records').modify(visibleRecordsOnly(ANONYMOUS_VIEWER)).select('id').orderByRaw('random()').limit(CHANGES))
      .update({ description: db.raw("description || ' '") });
    const result = await harvest(base, from);
    if (result.records !== changed) throw new Error(`incremental harvest found ${result.records} records, ${changed} changed`);
    durations.oai.push(result.seconds * 1000);
    // Read on until the round's changes are all there (they show once older transactions have ended).
    const feedStarted = performance.now();
    let entries = 0;
    while (entries < changed) {
      const feed = await replayChanges(base, since);
      entries += feed.entries;
      since = feed.next;
      if (performance.now() - feedStarted > 30_000) throw new Error(`the change feed gave ${entries} entries in 30 s, ${changed} records changed`);
    }
    if (entries !== changed) throw new Error(`the change feed gave ${entries} entries, ${changed} records changed`);
    durations.changes.push(performance.now() - feedStarted);
  }
  durations.oai.sort((a, b) => a - b);
  durations.changes.sort((a, b) => a - b);
  return durations;
}

function percentiles(durations: number[]): string {
  return `p50 ${durations[Math.floor(durations.length / 2)].toFixed(0)} ms, max ${durations[durations.length - 1].toFixed(0)} ms`;
}

function report(name: string, records: number, pages: number, seconds: number, before: number, peak: number): void {
  console.log(`${name}: ${records} records in ${pages} pages in ${seconds.toFixed(1)} s: ${(records / seconds).toFixed(0)} records/s; server resident memory ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB during`);
}

runCli(async () => {
  let catalogue: BenchCatalogue | undefined;
  let server: ChildProcess | undefined;
  console.log(`bench: load average at start ${loadAverage()} (${cpus().length} cores)`);
  try {
    catalogue = await buildBenchCatalogue('harvest', RECORDS);
    const started = await startBenchServer(catalogue);
    server = started.server;
    const { base } = started;
    const pid = server.pid!;
    // Warm-up: JIT, connection pools, Postgres and OpenSearch caches.
    await harvest(base);
    await walkAll(base);
    await replayChanges(base, null);

    resetPeakMemory(pid);
    const oaiBefore = memory(pid).rss;
    const full = await harvest(base);
    const oaiPeak = memory(pid).peak;
    if (full.records - full.deleted !== catalogue.publicRecords) throw new Error(`harvest found ${full.records - full.deleted} live records, Postgres has ${catalogue.publicRecords} public ones`);
    report(`oai (${FORMAT})`, full.records, full.pages, full.seconds, oaiBefore, oaiPeak);

    resetPeakMemory(pid);
    const walkBefore = memory(pid).rss;
    const walk = await walkAll(base);
    const walkPeak = memory(pid).peak;
    report('walk (/fairsharing_records, 500 a page)', walk.records, walk.pages, walk.seconds, walkBefore, walkPeak);

    resetPeakMemory(pid);
    const replayBefore = memory(pid).rss;
    const replay = await replayChanges(base, null);
    const replayPeak = memory(pid).peak;
    if (replay.records !== catalogue.publicRecords) throw new Error(`the change feed's replay holds ${replay.records} records, Postgres has ${catalogue.publicRecords} public ones`);
    report(`changes (replay from the start, ${replay.entries} entries)`, replay.records, replay.pages, replay.seconds, replayBefore, replayPeak);

    const durations = await incrementalRounds(catalogue.db, base, replay.next);
    console.log(`incremental: ${ROUNDS} rounds of ${CHANGES} changed records: OAI-PMH harvest from the second before ${percentiles(durations.oai)}; change feed from the cursor before ${percentiles(durations.changes)}`);
    console.log(`\nbench: load average at end ${loadAverage()}`);
  } finally {
    await stopProcess(server);
    await catalogue?.drop();
  }
});
