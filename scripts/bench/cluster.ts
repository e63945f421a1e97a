/**
 * The cluster's figures, beside one process in the same run: `npx tsx scripts/bench/cluster.ts`.
 *
 * Brings up a cluster of its own with scripts/cluster.sh (which builds first; 3 OpenSearch nodes with 1 replica,
 * HAProxy, 2 api, 2 worker, 2 scheduler processes; database registry_bench_cluster seeded with
 * the demo catalogue, or BENCH_SEED=<file of npm run backup>), then prints:
 *   1. search throughput and p50/p99 at BENCH_CLIENTS concurrent clients (POST
 *      /search/fairsharing_records, distinct terms) against one api process directly (the
 *      one-process set-up's HTTP path: no load balancer), through the load balancer with 1 api
 *      process (the other killed), and with 2;
 *   2. save → searchable: a curator renames a record (PUT, general information) through the load
 *      balancer and searches for the new name until it is found, p50/p95 against the target
 *      (p95 ≤ 1.5 s);
 *   3. time from an OpenSearch node's return (killed, restarted) to a green cluster;
 *   4. index lag under 8 curators saving at once (each its own record, support section): time from
 *      a save's answer until the index holds its revision, p50/p99;
 *   5. one client is one client behind the load balancer: BENCH_VISITORS (default 50) clients, each
 *      from its own loopback address (127.0.0.10 on; scripts/cluster/client-from-address.ts), sign
 *      in with their own accounts and search through HAProxy, once alone and once beside one abusive
 *      client (the last address) that sends failed sign-ins and costly requests (advanced searches,
 *      whole REST pages, exports) on 4 connections, in rounds taken in turn (alone, beside, alone,
 *      beside; each side's searches pooled); every other client's sign-ins must succeed and their
 *      search p99 stay <= 2x the runs without the abuser.
 * and each member's resident memory, and the load average before and after (2 cores: other work on
 * the machine shows in every figure). Then brings the cluster down (BENCH_KEEP=1 leaves it up) and drops its database.
 * Env: BENCH_SEARCHES per set-up (default 2000), BENCH_CLIENTS (default 8), BENCH_SAVES (default
 * 50 renames; 8 curators × BENCH_SAVES/2 saves for the lag). Loopback only, bounded in count.
 * The rate limit is lifted (RATE_LIMIT_MAX, unless set): every client here is one address, and the
 * limit, shared in Redis by every api process, would answer 429 to most of the searches measured.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { createDatabase, createSearchClient, dropDatabase, loadConfig, runCli, type Database, type SearchClient } from '@registry/platform';
import { recordsAlias } from '@registry/schemas';
import { buildApp } from '@registry/api';
import { signUserToken } from '@registry/api/http/auth.ts';
import { hashPassword } from '@registry/api/accounts/secrets.ts';
import { clientFromAddress, type AddressedClient } from '../cluster/client-from-address.ts';

const run = promisify(execFile);
const SEARCHES = Number(process.env.BENCH_SEARCHES) || 2000;
const CLIENTS = Number(process.env.BENCH_CLIENTS) || 8;
const SAVES = Number(process.env.BENCH_SAVES) || 50;
const VISITORS = Math.min(200, Number(process.env.BENCH_VISITORS) || 50);
const VISITOR_SEARCHES = Number(process.env.BENCH_VISITOR_SEARCHES) || 40;
const ABUSER_CONNECTIONS = 4;
process.env.RATE_LIMIT_MAX ??= '100000000';
const NAME = 'bench_cluster';
const LB_PORT = 3200;
const OS_PORT = 9221;
const CLUSTER_DIR = `.cache/cluster-${NAME}`;
const clusterEnv = { CLUSTER_DIR, CLUSTER_NAME: NAME, CLUSTER_PORT: String(LB_PORT), CLUSTER_OS_PORT: String(OS_PORT), CLUSTER_SEED: process.env.BENCH_SEED || 'demo' };
const lbUrl = `http://127.0.0.1:${LB_PORT}`;
const opensearchUrl = [0, 1, 2].map((n) => `http://127.0.0.1:${OS_PORT + n}`).join(',');
const TERMS = ['ontology', 'genome', 'protein', 'clinical', 'metabolomics', 'imaging', 'taxonomy', 'sequence', 'chemistry', 'neuroscience', 'ecology', 'vaccine'];

const cluster = (...args: string[]) => run('bash', ['scripts/cluster.sh', ...args], { env: { ...process.env, ...clusterEnv }, maxBuffer: 4 * 1024 * 1024 });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** SEARCHES searches from CLIENTS concurrent clients: throughput and p50/p99. */
async function searchLoad(base: string): Promise<string> {
  const timings: number[] = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (next < SEARCHES) {
      const n = next++;
      const begun = performance.now();
      const response = await fetch(`${base}/search/fairsharing_records?page%5Bsize%5D=10&page%5Bnumber%5D=${1 + (n % 3)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ q: `${TERMS[n % TERMS.length]} ${TERMS[(n * 7) % TERMS.length]}` }),
      });
      await response.arrayBuffer();
      if (!response.ok) failed++;
      timings.push(performance.now() - begun);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  return `${(timings.length / seconds).toFixed(0)} searches/s, p50 ${percentile(timings, 50).toFixed(0)} ms, p99 ${percentile(timings, 99).toFixed(0)} ms (n=${timings.length}, ${failed} failed)`;
}

async function indexedRevision(search: SearchClient, id: number): Promise<number> {
  const answer = await search.get({ index: recordsAlias(`${NAME}_`), id: String(id), _source_includes: 'revision' }, { ignore: [404] });
  return Number((answer.body as { _source?: { revision?: number } })._source?.revision ?? 0);
}

async function untilIndexed(search: SearchClient, id: number, revision: number): Promise<void> {
  const deadline = performance.now() + 60_000;
  while ((await indexedRevision(search, id)) < revision) {
    if (performance.now() > deadline) throw new Error(`record ${id} not indexed at revision ${revision} within 60 s`);
    await pause(20);
  }
}

interface Curator {
  authorization: string;
  record: { id: number; name: string; homepage: string; description: string; status: string; record_type_id: number; abbreviation: string | null };
}

async function put(curator: Curator, body: unknown): Promise<void> {
  const response = await fetch(`${lbUrl}/fairsharing_records/${curator.record.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: curator.authorization },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`save of record ${curator.record.id}: ${response.status} ${await response.text()}`);
}

const SEARCHABLE_TARGET_MS = 1_500;

/** Renames through the load balancer, each searched for until found: p50/p95 ms. */
async function saveToSearchable(curator: Curator, objectTypeIds: number[]): Promise<string> {
  const timings: number[] = [];
  for (let n = 0; n < SAVES; n++) {
    const name = `${curator.record.name} cluster bench ${Date.now().toString(36)}${n}`;
    const started = performance.now();
    await put(curator, {
      section: 'generalInformation',
      fairsharing_record: {
        record_type_id: curator.record.record_type_id,
        object_type_ids: objectTypeIds,
        metadata: { name, abbreviation: curator.record.abbreviation, homepage: curator.record.homepage, description: curator.record.description, status: curator.record.status },
      },
    });
    for (;;) {
      const response = await fetch(`${lbUrl}/search/fairsharing_records?page%5Bsize%5D=5`, {
        method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ q: `"${name}"` }),
      });
      const text = await response.text();
      if (text.includes(name)) break;
      if (performance.now() - started > 60_000) throw new Error(`"${name}" not searchable within 60 s`);
      await pause(25);
    }
    timings.push(performance.now() - started);
  }
  const p95 = percentile(timings, 95);
  const verdict = p95 <= SEARCHABLE_TARGET_MS ? 'met' : 'missed';
  return `p50 ${percentile(timings, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (n=${timings.length}; target p95 <= ${SEARCHABLE_TARGET_MS} ms: ${verdict})`;
}

/** 8 curators save at once; each save's lag from its answer to its revision in the index. */
async function indexLagUnderLoad(db: Database, search: SearchClient, curators: Curator[]): Promise<string> {
  const lags: number[] = [];
  const perCurator = Math.max(1, Math.floor(SAVES / 2));
  await Promise.all(curators.map(async (curator, editor) => {
    for (let n = 0; n < perCurator; n++) {
      await put(curator, { section: 'support', fairsharing_record: { metadata: { support_links: [{ url: `https://fairsharing.org/${curator.record.id}?bench=${editor}-${n}`, name: 'Record page', type: 'Other' }] } } });
      const answered = performance.now();
      // The curator is the record's only writer here: its revision now is this save's.
      const { revision } = await db('records').first('revision').where('id', curator.record.id);
      await untilIndexed(search, curator.record.id, Number(revision));
      lags.push(performance.now() - answered);
    }
  }));
  return `p50 ${percentile(lags, 50).toFixed(0)} ms, p99 ${percentile(lags, 99).toFixed(0)} ms (n=${lags.length})`;
}

async function nodeReturnToGreen(search: SearchClient): Promise<string> {
  await cluster('kill', 'opensearch', '3');
  await search.cluster.health({ wait_for_nodes: '2', timeout: '60s' });
  const started = performance.now();
  await cluster('restart', 'opensearch', '3');
  const back = performance.now();
  await search.cluster.health({ wait_for_status: 'green', timeout: '300s' });
  const green = performance.now();
  return `${((green - started) / 1000).toFixed(1)} s from the restart command (node answering after ${((back - started) / 1000).toFixed(1)} s)`;
}

interface Visitor {
  client: AddressedClient;
  login: string;
  password: string;
}

/** Visitors 127.0.0.10 …, each with an account of its own (the abuser's address is the one after them). */
async function visitorsWithAccounts(db: Database): Promise<Visitor[]> {
  const password = 'cluster bench visitor';
  const passwordHash = await hashPassword(password);
  const visitors: Visitor[] = [];
  for (let n = 0; n < VISITORS - 1; n++) {
    const login = `bench_cluster_visitor_${n}`;
    const existing = await db('users').first('id').where({ username: login });
    if (existing) await db('users').update({ password_hash: passwordHash }).where({ id: existing.id });
    else await db('users').insert({ username: login, email: `${login}@example.org`, role: 'user', password_hash: passwordHash, confirmed_at: db.fn.now() });
    visitors.push({ client: clientFromAddress(`127.0.0.${10 + n}`), login, password });
  }
  return visitors;
}

/** The ordinary visitors sign in, search VISITOR_SEARCHES times and sign in again, while `beside` runs. */
interface VisitorsRun {
  timings: number[];
  signIns: number;
  signInsOk: number;
  failedSearches: number;
  abuser: Record<string, number>;
}

async function visitorsRun(visitors: Visitor[], beside: (stop: () => boolean) => Promise<Record<string, number>>): Promise<VisitorsRun> {
  const timings: number[] = [];
  let signIns = 0;
  let signInsOk = 0;
  let failedSearches = 0;
  let done = false;
  const signIn = async (visitor: Visitor) => {
    signIns++;
    const answer = await visitor.client.send(`${lbUrl}/users/sign_in`, { method: 'POST', body: { user: { login: visitor.login, password: visitor.password } } });
    if (answer.status === 200) signInsOk++;
  };
  const abuse = beside(() => done);
  await Promise.all(visitors.map(async (visitor, index) => {
    await signIn(visitor);
    for (let n = 0; n < VISITOR_SEARCHES; n++) {
      const answer = await visitor.client.send(`${lbUrl}/search/fairsharing_records?page%5Bsize%5D=10`, { method: 'POST', body: { q: TERMS[(index + n) % TERMS.length] } });
      if (answer.status !== 200) failedSearches++;
      timings.push(answer.ms);
    }
    await signIn(visitor);
  }));
  done = true;
  return { timings, signIns, signInsOk, failedSearches, abuser: await abuse };
}

/** One client on ABUSER_CONNECTIONS connections: failed sign-ins and costly requests until told to stop; its answers by status. */
async function abuse(stop: () => boolean): Promise<Record<string, number>> {
  const abuser = clientFromAddress(`127.0.0.${10 + VISITORS - 1}`);
  const statuses: Record<string, number> = {};
  const costly = [
    () => abuser.send(`${lbUrl}/users/sign_in`, { method: 'POST', body: { user: { login: `bench_cluster_visitor_${Math.floor(Math.random() * (VISITORS - 1))}`, password: 'a wrong guess' } } }),
    () => abuser.send(`${lbUrl}/advanced_search?q=gene`),
    () => abuser.send(`${lbUrl}/fairsharing_records?page%5Bsize%5D=500`),
    () => abuser.send(`${lbUrl}/export/records.json`),
  ];
  try {
    await Promise.all(Array.from({ length: ABUSER_CONNECTIONS }, async (_, connection) => {
      for (let n = connection; !stop(); n++) {
        const answer = await costly[n % costly.length]!().catch(() => ({ status: 0 }));
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      }
    }));
  } finally {
    abuser.close();
  }
  return statuses;
}

/** Runs of each kind, taken in turn (alone, beside, alone, beside): on a shared machine the two sides meet its other work alike. */
const VISITOR_ROUNDS = 2;

/** The runs of one kind together: all their searches' timings, counts added up. */
function pooled(runs: VisitorsRun[]): { p50: number; p99: number; signIns: number; signInsOk: number; failedSearches: number; abuser: Record<string, number> } {
  const timings = runs.flatMap((run) => run.timings);
  const sum = (pick: (run: VisitorsRun) => number) => runs.reduce((total, run) => total + pick(run), 0);
  const abuser: Record<string, number> = {};
  for (const run of runs) for (const [status, count] of Object.entries(run.abuser)) abuser[status] = (abuser[status] ?? 0) + count;
  return { p50: percentile(timings, 50), p99: percentile(timings, 99), signIns: sum((run) => run.signIns), signInsOk: sum((run) => run.signInsOk), failedSearches: sum((run) => run.failedSearches), abuser };
}

async function oneClientIsOneClient(db: Database): Promise<string[]> {
  const visitors = await visitorsWithAccounts(db);
  try {
    const runs = { alone: [] as VisitorsRun[], beside: [] as VisitorsRun[] };
    for (let round = 0; round < VISITOR_ROUNDS; round++) {
      runs.alone.push(await visitorsRun(visitors, async () => ({})));
      runs.beside.push(await visitorsRun(visitors, abuse));
    }
    const [alone, beside] = [pooled(runs.alone), pooled(runs.beside)];
    const ratio = beside.p99 / alone.p99;
    return [
      `   without the abuser: search p50 ${alone.p50.toFixed(0)} ms, p99 ${alone.p99.toFixed(0)} ms (${alone.failedSearches} failed); sign-ins ${alone.signInsOk} of ${alone.signIns}`,
      `   beside the abuser : search p50 ${beside.p50.toFixed(0)} ms, p99 ${beside.p99.toFixed(0)} ms (${beside.failedSearches} failed); sign-ins ${beside.signInsOk} of ${beside.signIns}`,
      `   the abuser's answers by status: ${JSON.stringify(beside.abuser)}`,
      `   targets: every other client's sign-ins succeed: ${beside.signInsOk === beside.signIns ? 'met' : 'missed'}; search p99 <= 2x without the abuser (${ratio.toFixed(2)}x): ${ratio <= 2 ? 'met' : 'missed'}`,
    ];
  } finally {
    for (const visitor of visitors) visitor.client.close();
  }
}

/** Resident memory of each member (from its pid file), e.g. `api-1 180 MB`. */
function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

function memberMemory(): string {
  const pidFiles = [
    ...readdirSync(`${CLUSTER_DIR}/run`).filter((file) => file.endsWith('.pid')).map((file) => [file.replace(/\.pid$/, ''), `${CLUSTER_DIR}/run/${file}`]),
    ...[1, 2, 3].map((n) => [`opensearch-${n}`, `${CLUSTER_DIR}/opensearch-${n}/node.pid`]),
  ];
  return pidFiles.flatMap(([member, file]) => {
    if (!existsSync(file!)) return [];
    const status = readFileSync(`/proc/${readFileSync(file!, 'utf8').trim()}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return [`${member} ${(kb / 1024).toFixed(0)} MB`];
  }).join(', ');
}

runCli(async () => {
  console.log(`cluster bench: load average before: ${loadAverage()}; bringing the cluster up (scripts/cluster.sh up)`);
  await cluster('up');
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/registry_${NAME}`;
  const db = createDatabase(databaseUrl);
  const search = createSearchClient({ opensearchUrl });
  try {
    const jwtSecret = readFileSync(`${CLUSTER_DIR}/jwt-secret`, 'utf8').trim();
    const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret, OPENSEARCH_URL: opensearchUrl, INDEX_PREFIX: `${NAME}_`, QUEUE_PREFIX: `registry_${NAME}` });
    const signer = await buildApp({ config, logger: false, rateLimitStore: 'memory' });
    const records: Curator['record'][] = await db('records')
      .whereNotNull('homepage').whereNotNull('record_type_id').whereRaw('length(description) >= 40')
      .select('id', 'name', 'homepage', 'description', 'status', 'record_type_id', 'abbreviation').orderBy('id').limit(8);
    const curators: Curator[] = [];
    try {
      for (const [index, record] of records.entries()) {
        const username = `bench_cluster_curator_${index}`;
        const existing = await db('users').first('id').where({ username });
        const id = existing?.id ?? (await db('users').insert({ username, email: `${username}@example.org`, role: 'curator', confirmed_at: db.fn.now() }).returning('id'))[0].id;
        curators.push({ record, authorization: `Bearer ${await signUserToken(signer, id)}` });
      }
    } finally {
      await signer.close();
    }
    const objectTypeIds = [Number((await db('object_types').orderBy('id').first('id')).id)];

    console.log(`1. search, ${CLIENTS} clients, ${SEARCHES} searches each set-up`);
    console.log(`   one process, no load balancer     : ${await searchLoad(`http://127.0.0.1:${LB_PORT + 1}`)}`);
    await cluster('kill', 'api', '2');
    await pause(2_000);
    console.log(`   load balancer, 1 api process       : ${await searchLoad(lbUrl)}`);
    await cluster('restart', 'api', '2');
    console.log(`   load balancer, 2 api processes     : ${await searchLoad(lbUrl)}`);
    console.log(`2. save -> searchable through the load balancer (3 nodes, 1 replica): ${await saveToSearchable(curators[0]!, objectTypeIds)}`);
    console.log(`3. OpenSearch node back -> green: ${await nodeReturnToGreen(search)}`);
    console.log(`4. index lag (save answered -> its revision in the index), ${curators.length} curators saving at once: ${await indexLagUnderLoad(db, search, curators)}`);
    console.log(`5. ${VISITORS} clients from distinct loopback addresses through the load balancer, one of them abusive (${VISITOR_SEARCHES} searches each)`);
    for (const line of await oneClientIsOneClient(db)) console.log(line);
    console.log(`resident memory after the runs: ${memberMemory()}`);
    console.log(`load average after the runs: ${loadAverage()} (other work on the machine included)`);
  } finally {
    await db.destroy();
    await search.close();
    if (!process.env.BENCH_KEEP) {
      await cluster('down');
      await dropDatabase(databaseUrl);
    }
  }
});
