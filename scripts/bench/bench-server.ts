/**
 * What the benches share: the synthetic catalogue in a bench database and index prefix of its
 * own, the server under test on it in a child process (so its memory is its own), its memory,
 * the machine's load, and the REST walk over every public record.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createDatabase, createSearchClient, dropDatabase, ensureDatabaseExists, loadConfig, migrateLatest, type Database, type RegistryConfig, type SearchClient } from '@registry/platform';
import { ANONYMOUS_VIEWER, visibleRecordsOnly } from '@registry/schemas';
import { reindexAll } from '../../indexer/src/reindex.ts';
import { seedDemoCatalogue } from '../seed/seed-demo-catalogue.ts';
import { copyRealRecords, recordCount } from '../seed/synthetic-copies.ts';
import { freePort } from '../free-port.ts';

const SERVER = fileURLToPath(new URL('../../services/api/src/server.ts', import.meta.url));

export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/** Resident memory of a process now (VmRSS) and its peak so far (VmHWM), in MB. */
export function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const read = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: read('VmRSS'), peak: read('VmHWM') };
}

/** Starts `script` in a child process with `env` and waits until `base`/healthz answers. */
export async function startProcess(script: string, env: Record<string, string>, base: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    const healthy = await fetch(`${base}/healthz`).then((response) => response.ok, () => false);
    if (healthy) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error(`${script} did not become healthy in 2 minutes`);
}

export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

export async function walkAll(base: string): Promise<{ records: number; pages: number; seconds: number }> {
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

/** Restarts a process's peak resident memory (VmHWM) from its current size (Linux, as root or its owner). */
export function resetPeakMemory(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

export interface BenchCatalogue {
  /** The configuration pointed at the bench's database, index prefix and queue prefix. */
  config: RegistryConfig;
  db: Database;
  client: SearchClient;
  databaseUrl: string;
  indexPrefix: string;
  queuePrefix: string;
  /** Public records in it (what an anonymous walk or harvest must find). */
  publicRecords: number;
  /** Closes the connections and drops the database and indices (BENCH_KEEP=1 keeps them). */
  drop(): Promise<void>;
}

/**
 * The demo catalogue plus copies of its records up to `records` (scripts/seed/synthetic-copies.ts;
 * 0: the demo catalogue alone), in a database, index prefix and queue prefix named after the bench,
 * indexed with the real reindex.
 */
export async function buildBenchCatalogue(bench: string, records: number): Promise<BenchCatalogue> {
  const base = loadConfig();
  const stamp = Date.now().toString(36);
  const url = new URL(base.databaseUrl);
  url.pathname = `/registry_bench_${stamp}_${bench}`;
  const databaseUrl = url.toString();
  const indexPrefix = `bench_${stamp}_${bench}_`;
  const queuePrefix = `bench_${stamp}_${bench}`;
  const config = { ...base, databaseUrl, indexPrefix, queuePrefix };
  const client = createSearchClient(config);
  await ensureDatabaseExists(databaseUrl);
  const db = createDatabase(databaseUrl);
  const drop = async () => {
    await db.destroy();
    if (!process.env.BENCH_KEEP) {
      await client.indices.delete({ index: `${indexPrefix}*` }, { ignore: [404] });
      await dropDatabase(databaseUrl);
    }
    await client.close();
  };
  try {
    await migrateLatest(db);
    await seedDemoCatalogue(db);
    const total = records > 0 ? await copyRealRecords(db, records) : await recordCount(db);
    console.log(`bench: ${total} records in Postgres; indexing under ${indexPrefix}`);
    const reindex = await reindexAll({ db, client, indexPrefix });
    console.log(`bench: indexed ${reindex.documents} in ${(reindex.tookMs / 1000).toFixed(0)} s`);
    const [{ count }] = await db('records').modify(visibleRecordsOnly(ANONYMOUS_VIEWER)).count<{ count: string }[]>('* as count');
    return { config, db, client, databaseUrl, indexPrefix, queuePrefix, publicRecords: Number(count), drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** The real API server on the bench catalogue, listening on a free loopback port, indexer off. */
export async function startBenchServer(catalogue: BenchCatalogue): Promise<{ server: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startProcess(SERVER, {
    DATABASE_URL: catalogue.databaseUrl,
    INDEX_PREFIX: catalogue.indexPrefix,
    QUEUE_PREFIX: catalogue.queuePrefix,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    INDEXER: 'off',
    RATE_LIMIT_MAX: '100000000',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  }, base);
  return { server, base };
}
