/**
 * REST API bench: `npx tsx scripts/bench/api.ts` (Postgres, Redis and OpenSearch must be up).
 *
 * Builds the synthetic catalogue in its own bench database and index prefix (the demo catalogue
 * plus copies of its records up to BENCH_RECORDS, default 100,000, scripts/seed/synthetic-copies.ts;
 * indexed with the real reindex) and starts the real server on it in a child process, so its
 * memory is its own. Then over loopback HTTP:
 *   walk          GET /fairsharing_records?page[size]=500 following links.next to the end, as an
 *                 anonymous script: records/s, pages/s, and the server's resident memory before
 *                 and its peak (VmHWM) after;
 *   aggregation   GET /statistics/records?q=<word>&by=fairsharing_registry&by=subjects&size=10
 *                 (a two-facet pivot under a text filter) at 1 and 16 concurrent clients, beside
 *   raw           the exact OpenSearch body the API builds for the same arguments, sent straight
 *                 to OpenSearch with the same request-cache flag.
 * Beside latency, each line prints the CPU time per request of the API server process and of
 * OpenSearch's process (utime+stime from /proc before and after the measurement, divided by the
 * requests made): on a shared machine latency follows the other engineers' load, CPU per request
 * much less (OpenSearch's figure also counts anyone else's searches during the measurement).
 * Every aggregation request uses its own word (words of the real names, never repeated across
 * api and raw), so OpenSearch's request cache answers neither. The load average is printed at
 * the start and the end: the machine is shared.
 * Everything it creates (bench database, indices) is dropped at the end.
 * Env: BENCH_RECORDS (100000), BENCH_SECONDS per aggregation measurement (8), BENCH_KEEP=1 keeps them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createDatabase, createSearchClient, dropDatabase, ensureDatabaseExists, loadConfig, migrateLatest, runCli, type Database, type SearchClient } from '@registry/platform';
import { ANONYMOUS_VIEWER, recordsAlias, visibleRecordsOnly } from '@registry/schemas';
import { reindexAll } from '../../indexer/src/reindex.ts';
import { executeSearch } from '../../services/api/src/search/search-execution.ts';
import { buildRecordAggregationsRequest, planAggregations, type RecordAggregationsArgs } from '../../services/api/src/statistics/record-aggregations.ts';
import { seedDemoCatalogue } from '../seed/seed-demo-catalogue.ts';
import { copyRealRecords } from '../seed/synthetic-copies.ts';
import { openSearchPid, processCpuMs } from './process-cpu.ts';

const RECORDS = Number(process.env.BENCH_RECORDS || 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 8);
const CONCURRENCY = [1, 16];
const SERVER = fileURLToPath(new URL('../../services/api/src/server.ts', import.meta.url));
const AGGREGATION = { by: ['fairsharing_registry', 'subjects'], size: 10 };

interface Figures {
  p50: number;
  p99: number;
  perSecond: number;
  count: number;
  /** CPU ms per request of the API server and of OpenSearch (NaN when not measured). */
  serverCpu: number;
  searchCpu: number;
}

interface CpuWatch {
  server: number;
  search: number | undefined;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/** Resident memory of a process now (VmRSS) and its peak so far (VmHWM), in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const read = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: read('VmRSS'), peak: read('VmHWM') };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function startServer(env: Record<string, string>, base: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', SERVER], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const healthy = await fetch(`${base}/healthz`).then((response) => response.ok, () => false);
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error('the server did not become healthy in 2 minutes');
}

async function walkAll(base: string): Promise<{ records: number; pages: number; seconds: number }> {
  let url: string | undefined = `${base}/fairsharing_records?page[size]=500`;
  let records = 0;
  let pages = 0;
  const started = performance.now();
  while (url) {
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`walk: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { data: unknown[]; links: { next?: string } };
    records += page.data.length;
    pages += 1;
    url = page.links.next;
  }
  return { records, pages, seconds: (performance.now() - started) / 1000 };
}

/** Runs `task` with `clients` concurrent loops for SECONDS; each call takes the next word. */
async function measure(clients: number, words: () => string, task: (word: string) => Promise<void>, cpu: CpuWatch): Promise<Figures> {
  const latencies: number[] = [];
  const serverBefore = processCpuMs(cpu.server);
  const searchBefore = processCpuMs(cpu.search);
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const word = words();
        const begun = performance.now();
        await task(word);
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const serverCpu = (processCpuMs(cpu.server) - serverBefore) / latencies.length;
  const searchCpu = (processCpuMs(cpu.search) - searchBefore) / latencies.length;
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), perSecond: latencies.length / elapsed, count: latencies.length, serverCpu, searchCpu };
}

/** Distinct words (letters only, 4+ long) of the real records' names, shuffled deterministically. */
async function nameWords(db: Database): Promise<string[]> {
  const rows: { name: string }[] = await db('records').select('name').whereRaw("provenance->>'synthetic' IS NULL");
  const words = [...new Set(rows.flatMap((row) => row.name.split(/\s+/)).filter((word) => /^[A-Za-z]{4,}$/.test(word)).map((word) => word.toLowerCase()))];
  let state = 42;
  for (let i = words.length - 1; i > 0; i -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [words[i], words[j]] = [words[j], words[i]];
  }
  return words;
}

/** The words in turn; the bench prints how many it asked, so a second round (cache hits) would show. */
function wordSource(words: string[]): () => string {
  let next = 0;
  return () => words[next++ % words.length];
}

async function benchAggregations(base: string, client: SearchClient, alias: string, words: string[], cpu: CpuWatch): Promise<void> {
  const source = wordSource(words);
  const api = async (word: string) => {
    const query = new URLSearchParams([['q', word], ...AGGREGATION.by.map((key) => ['by', key]), ['size', String(AGGREGATION.size)]]);
    const response = await fetch(`${base}/statistics/records?${query}`, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`aggregation: ${response.status} ${await response.text()}`);
    await response.json();
  };
  const raw = async (word: string) => {
    const args: RecordAggregationsArgs = { q: word, ...AGGREGATION };
    const request = buildRecordAggregationsRequest(args, ANONYMOUS_VIEWER, planAggregations(args, ANONYMOUS_VIEWER));
    await executeSearch({ client, alias }, request.body, { request_cache: true });
  };
  // A few seconds of each before measuring, so neither side pays for a cold start.
  for (let i = 0; i < 50; i += 1) await Promise.all([api(source()), raw(source())]);
  console.log(`\naggregation: ${words.length} distinct words of real names`);
  const line = (cells: string[]) => console.log(cells.map((cell, index) => (index === 0 ? cell.padEnd(16) : cell.padStart(index >= 7 ? 15 : 12))).join(' '));
  console.log(`\naggregation: by=${AGGREGATION.by.join('&by=')}&size=${AGGREGATION.size} under q=<a distinct word>`);
  line(['', 'clients', 'p50 ms', 'p99 ms', 'req/s', 'requests', 'p50 api/raw', 'API CPU ms/req', 'OS CPU ms/req']);
  for (const clients of CONCURRENCY) {
    const rawFigures = await measure(clients, source, raw, cpu);
    const apiFigures = await measure(clients, source, api, cpu);
    for (const [name, figures] of [['raw OpenSearch', rawFigures], ['API (HTTP)', apiFigures]] as const) {
      const isRaw = name === 'raw OpenSearch';
      line([name, String(clients), figures.p50.toFixed(1), figures.p99.toFixed(1), figures.perSecond.toFixed(0), String(figures.count), isRaw ? '' : (figures.p50 / rawFigures.p50).toFixed(2),
        isRaw ? '' : figures.serverCpu.toFixed(2), figures.searchCpu.toFixed(2)]);
    }
  }
  console.log('(API CPU: the API server process per request; OS CPU: OpenSearch\'s process per request, anyone else\'s searches included)');
}

runCli(async () => {
  const config = loadConfig();
  const stamp = Date.now().toString(36);
  const url = new URL(config.databaseUrl);
  url.pathname = `/registry_bench_${stamp}_api`;
  const databaseUrl = url.toString();
  const indexPrefix = `bench_${stamp}_api_`;
  const client = createSearchClient(config);
  let db: Database | undefined;
  let server: ChildProcess | undefined;
  console.log(`bench: load average at start ${loadAverage()} (${cpus().length} cores)`);
  try {
    await ensureDatabaseExists(databaseUrl);
    db = createDatabase(databaseUrl);
    await migrateLatest(db);
    await seedDemoCatalogue(db);
    const total = await copyRealRecords(db, RECORDS);
    console.log(`bench: ${total} records in Postgres; indexing under ${indexPrefix}`);
    const reindex = await reindexAll({ db, client, indexPrefix });
    console.log(`bench: indexed ${reindex.documents} in ${(reindex.tookMs / 1000).toFixed(0)} s`);
    const [{ count }] = await db('records').modify(visibleRecordsOnly(ANONYMOUS_VIEWER)).count<{ count: string }[]>('* as count');

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = await startServer({
      DATABASE_URL: databaseUrl,
      INDEX_PREFIX: indexPrefix,
      QUEUE_PREFIX: `bench_${stamp}_api`,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      INDEXER: 'off',
      RATE_LIMIT_MAX: '100000000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    }, base);
    const pid = server.pid!;
    await walkAll(base); // warm-up: JIT, connection pools, OpenSearch and Postgres caches
    const before = memory(pid);
    const walk = await walkAll(base);
    const after = memory(pid);
    if (walk.records !== Number(count)) throw new Error(`walk found ${walk.records} records, Postgres has ${count} public ones`);
    console.log(`\nwalk: ${walk.records} records in ${walk.pages} pages of 500 in ${walk.seconds.toFixed(1)} s: ${(walk.records / walk.seconds).toFixed(0)} records/s, ${(walk.pages / walk.seconds).toFixed(1)} pages/s`);
    console.log(`walk: server resident memory ${before.rss.toFixed(0)} MB before, ${after.rss.toFixed(0)} MB after, peak (VmHWM, since start) ${after.peak.toFixed(0)} MB`);

    await benchAggregations(base, client, recordsAlias(indexPrefix), await nameWords(db), { server: pid, search: openSearchPid() });
    console.log(`\nbench: load average at end ${loadAverage()}`);
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    await db?.destroy();
    if (!process.env.BENCH_KEEP) {
      await client.indices.delete({ index: `${indexPrefix}*` }, { ignore: [404] });
      await dropDatabase(databaseUrl);
    }
    await client.close();
  }
});
