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
 *   aggregation   GET /statistics/records?q=<word>&by=fairsharing_registry&by=subjects&size=<1-25>
 *                 (a two-facet pivot under a text filter) at 1 and 16 concurrent clients, beside
 *   raw           the exact OpenSearch body the API builds for the same query string, sent straight
 *                 to OpenSearch with the same request-cache flag, and
 *   bare hop      the same body through a bare node:http proxy (bare-hop.ts, its own process):
 *                 the floor of any Node.js API in between, so the API's own share shows.
 * All three are asked by this process with one plain keep-alive client (keep-alive-http.ts).
 * Beside latency, each line prints the CPU time per request of the process in between (the API
 * server or the bare hop), of OpenSearch's process and of this process (utime+stime before and
 * after the measurement, divided by the requests made): on a machine whose cores the load
 * generator, the API and OpenSearch share, throughput at 16 clients is the CPU they spend per
 * request together, and latency follows throughput (OpenSearch's figure also counts anyone
 * else's searches during the measurement).
 * No aggregation is asked twice in a run (a word of the real names and descriptions with a size
 * of 1 to 25, each pair once; the bench stops if it runs out), so OpenSearch's request cache
 * answers none of them: each line measures computing an aggregation. The load average is
 * printed at the start and the end: the machine is shared.
 * Everything it creates (bench database, indices) is dropped at the end.
 * Env: BENCH_RECORDS (100000), BENCH_SECONDS per aggregation measurement (8), BENCH_KEEP=1 keeps them.
 */
import type { ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { runCli, type Database } from '@registry/platform';
import { recordsAlias } from '@registry/schemas';
import { MAX_PIVOT_BUCKETS } from '../../services/api/src/statistics/record-aggregations.ts';
import { aggregationBody, aggregationSearchPath } from './aggregation-request.ts';
import { freePort } from '../free-port.ts';
import { buildBenchCatalogue, loadAverage, memory, startBenchServer, startProcess, stopProcess, walkAll, type BenchCatalogue } from './bench-server.ts';
import { keepAliveClient } from './keep-alive-http.ts';
import { openSearchPid, processCpuMs } from './process-cpu.ts';

const RECORDS = Number(process.env.BENCH_RECORDS || 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 8);
const CONCURRENCY = [1, 16];
const BARE_HOP = fileURLToPath(new URL('./bare-hop.ts', import.meta.url));
const BY = ['fairsharing_registry', 'subjects'];

interface Figures {
  p50: number;
  p99: number;
  perSecond: number;
  count: number;
  /** CPU ms per request of the process in between, of OpenSearch and of this process (NaN when not measured). */
  betweenCpu: number;
  searchCpu: number;
  benchCpu: number;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

/** Runs `task` with `clients` concurrent loops for SECONDS, each call with the next query string. */
async function measure(clients: number, next: () => URLSearchParams, task: (query: URLSearchParams) => Promise<void>, pids: { between: number | undefined; search: number | undefined }): Promise<Figures> {
  const { between, search } = pids;
  const latencies: number[] = [];
  const betweenBefore = processCpuMs(between);
  const searchBefore = processCpuMs(search);
  const benchBefore = process.cpuUsage();
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const query = next();
        const begun = performance.now();
        await task(query);
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const bench = process.cpuUsage(benchBefore);
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    perSecond: latencies.length / elapsed,
    count: latencies.length,
    betweenCpu: (processCpuMs(between) - betweenBefore) / latencies.length,
    searchCpu: (processCpuMs(search) - searchBefore) / latencies.length,
    benchCpu: (bench.user + bench.system) / 1000 / latencies.length,
  };
}

/** Distinct words (letters only, 4+ long) of the real records' names and descriptions, shuffled deterministically. */
async function realWords(db: Database): Promise<string[]> {
  const rows: { name: string; description: string | null }[] = await db('records').select('name', 'description').whereRaw("provenance->>'synthetic' IS NULL");
  const text = rows.flatMap((row) => `${row.name} ${row.description ?? ''}`.split(/\s+/));
  const words = [...new Set(text.filter((word) => /^[A-Za-z]{4,}$/.test(word)).map((word) => word.toLowerCase()))];
  let state = 42;
  for (let i = words.length - 1; i > 0; i -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [words[i], words[j]] = [words[j], words[i]];
  }
  return words;
}

/**
 * Each (word, size) pair once: the i-th asks word i mod W with a size stepping on by one each
 * round of the words, so neighbouring requests differ in word and every stretch mixes sizes.
 */
function distinctAggregations(words: string[]): { next: () => URLSearchParams; asked: () => number; available: number } {
  const available = words.length * MAX_PIVOT_BUCKETS;
  let asked = 0;
  const next = () => {
    if (asked >= available) throw new Error(`all ${available} distinct aggregations asked: lower BENCH_SECONDS`);
    const word = asked % words.length;
    const size = 1 + ((word + Math.floor(asked / words.length)) % MAX_PIVOT_BUCKETS);
    asked += 1;
    return new URLSearchParams([['q', words[word]], ...BY.map((key) => ['by', key]), ['size', String(size)]]);
  };
  return { next, asked: () => asked, available };
}

interface Sides {
  api: { base: string; pid: number };
  bareHop: { base: string; pid: number };
  opensearchUrl: string;
  alias: string;
}

async function benchAggregations(sides: Sides, words: string[]): Promise<void> {
  const source = distinctAggregations(words);
  const api = keepAliveClient(sides.api.base);
  const bareHop = keepAliveClient(sides.bareHop.base);
  const openSearch = keepAliveClient(sides.opensearchUrl);
  const searchPath = aggregationSearchPath(sides.alias);
  const search = openSearchPid();
  const runners = [
    { name: 'raw OpenSearch', pid: undefined, ask: (query: URLSearchParams) => openSearch.send('POST', searchPath, aggregationBody(query)) },
    { name: 'bare Node hop', pid: sides.bareHop.pid, ask: (query: URLSearchParams) => bareHop.send('GET', `/?${query}`) },
    { name: 'API (HTTP)', pid: sides.api.pid, ask: (query: URLSearchParams) => api.send('GET', `/statistics/records?${query}`) },
  ];
  const parsed = (ask: (query: URLSearchParams) => Promise<string>) => async (query: URLSearchParams) => {
    JSON.parse(await ask(query));
  };
  // A few seconds of each before measuring, so none pays for a cold start.
  for (let i = 0; i < 50; i += 1) await Promise.all(runners.map((runner) => runner.ask(source.next())));
  const line = (cells: string[]) => console.log(cells.map((cell, index) => (index === 0 ? cell.padEnd(16) : cell.padStart(index >= 7 ? 15 : 12))).join(' '));
  console.log(`\naggregation: by=${BY.join('&by=')}&size=<1-${MAX_PIVOT_BUCKETS}> under q=<a word>, each pair asked once (${source.available} available)`);
  line(['', 'clients', 'p50 ms', 'p99 ms', 'req/s', 'requests', 'p50 / raw', 'hop CPU ms/req', 'OS CPU ms/req', 'bench CPU ms/req']);
  for (const clients of CONCURRENCY) {
    let raw: Figures | undefined;
    for (const runner of runners) {
      const figures = await measure(clients, source.next, parsed(runner.ask), { between: runner.pid, search });
      raw ??= figures;
      line([runner.name, String(clients), figures.p50.toFixed(1), figures.p99.toFixed(1), figures.perSecond.toFixed(0), String(figures.count),
        (figures.p50 / raw.p50).toFixed(2), runner.pid === undefined ? '' : figures.betweenCpu.toFixed(2), figures.searchCpu.toFixed(2), figures.benchCpu.toFixed(2)]);
    }
  }
  console.log(`(${source.asked()} distinct aggregations asked. hop CPU: the process between this one and OpenSearch, per request; OS CPU: OpenSearch's process, anyone else's searches included; bench CPU: this process, the load generator)`);
  for (const client of [api, bareHop, openSearch]) client.close();
}

runCli(async () => {
  let catalogue: BenchCatalogue | undefined;
  let server: ChildProcess | undefined;
  let bareHop: ChildProcess | undefined;
  console.log(`bench: load average at start ${loadAverage()} (${cpus().length} cores)`);
  try {
    catalogue = await buildBenchCatalogue('api', RECORDS);
    const { config, db, indexPrefix } = catalogue;
    const count = catalogue.publicRecords;
    const started = await startBenchServer(catalogue);
    server = started.server;
    const base = started.base;
    const pid = server.pid!;
    await walkAll(base); // warm-up: JIT, connection pools, OpenSearch and Postgres caches
    const before = memory(pid);
    const walk = await walkAll(base);
    const after = memory(pid);
    if (walk.records !== count) throw new Error(`walk found ${walk.records} records, Postgres has ${count} public ones`);
    console.log(`\nwalk: ${walk.records} records in ${walk.pages} pages of 500 in ${walk.seconds.toFixed(1)} s: ${(walk.records / walk.seconds).toFixed(0)} records/s, ${(walk.pages / walk.seconds).toFixed(1)} pages/s`);
    console.log(`walk: server resident memory ${before.rss.toFixed(0)} MB before, ${after.rss.toFixed(0)} MB after, peak (VmHWM, since start) ${after.peak.toFixed(0)} MB`);

    const barePort = await freePort();
    const bareBase = `http://127.0.0.1:${barePort}`;
    bareHop = await startProcess(BARE_HOP, { PORT: String(barePort), OPENSEARCH_URL: config.opensearchUrl, INDEX_PREFIX: indexPrefix }, bareBase);
    await benchAggregations({
      api: { base, pid },
      bareHop: { base: bareBase, pid: bareHop.pid! },
      opensearchUrl: config.opensearchUrl,
      alias: recordsAlias(indexPrefix),
    }, await realWords(db));
    console.log(`\nbench: load average at end ${loadAverage()}`);
  } finally {
    await stopProcess(server);
    await stopProcess(bareHop);
    await catalogue?.drop();
  }
});
