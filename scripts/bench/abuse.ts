/**
 * Abuse bench: `npx tsx scripts/bench/abuse.ts` (Postgres and OpenSearch must be up).
 *
 * Seeds the real demo catalogue into a bench database and index (dropped at the end unless
 * BENCH_KEEP=1), starts the app in a child process on a loopback port (so the bench's own
 * clients never share the server's event loop; the per-IP rate limit is lifted to measure the
 * server, not the limiter) and prints:
 *   1. rejecting 20-, 25- and 30-level doubling-fragment queries: the standard GraphQL rules
 *      alone on the same document (the baseline), with the query limits added, and the whole
 *      HTTP rejection (each request a new text, so no cached verdict answers); beside them an
 *      ordinary search and the smallest query over the same connection. Target: ≤ 20 ms at 30 levels.
 *   2. the worst request an anonymous user can still send: each candidate below runs once and
 *      the slowest one the limits accept is chosen;
 *   3. p50/p99 of ordinary searches and of /healthz over loopback HTTP, alone (baseline) and
 *      while the worst request runs in a loop, in alternating slices. Target: p99 ≤ 2 × baseline.
 *   4. the costly requests of issue "Trust", each sent in a loop from 4 connections (aliased
 *      advanced searches, vocabulary lists without q, a 500-item REST page of 1 MB
 *      publications, a saved search of 30,000 copies of one id; the attackers run in a process
 *      of their own with the plain keep-alive client, so their event loop is not the probe's,
 *      and connect from 127.0.0.2, so the server tells them from the probe):
 *      the ordinary search's p99
 *      beside its baseline, and the server's peak memory (RSS, sampled every 50 ms) beside its
 *      peak while idle, with what the server answered the attacker. Targets: p99 ≤ 2 ×
 *      baseline, memory ≤ +200 MB. Beside them, the server's event-loop delay (how long a ready
 *      callback waited for the loop: what one big answer held it), alone and loaded.
 *      The cases of issue "One client is one client" as well: OAI-PMH ListRecords pages in a
 *      loop, /changes pages of 1,000 entries, /metrics (at METRICS_URL with METRICS_TOKEN as a
 *      bearer token, when the metrics have a port or a token of their own; by default the public
 *      port's /metrics), and a flood of publication look-ups of random DOIs from one user,
 *      answered by a look-up worker in the bench's process against a local Crossref stand-in
 *      that takes LOOKUP_LATENCY_MS per answer.
 * Env: BENCH_SECONDS per condition (default 10), BENCH_REJECTIONS per level (default 50),
 * BENCH_ONLY_COST=1 runs section 4 alone; BENCH_CASES (comma-separated parts of their names) picks
 * section 4's cases.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createDatabase, createSearchClient, dropDatabase, ensureDatabaseExists, loadConfig, migrateLatest } from '@registry/platform';
import { reindexAll } from '@registry/indexer/src/reindex.ts';
import { SEARCH_RESULT_FIELDS } from '@registry/schemas/search/client/search-query.ts';
import { graphqlRuntime } from '../../services/api/src/kernel/graphql-runtime.ts';
import { QUERY_DEPTH_LIMIT } from '../../services/api/src/graphql/plugin.ts';
import { graphqlSchemaSdl } from '../../services/api/src/graphql/schema-sdl.ts';
import { MAX_QUERY_COST, MAX_ROOT_FIELDS, queryLimitsRule } from '../../services/api/src/graphql/query-cost.ts';
import { countListSizes } from '../../services/api/src/vocabularies/list-sizes-repository.ts';
import { dropRunResources } from '../../tests/support/cleanup.ts';
import { runEnvironment } from '../../tests/setup/run-environment.ts';
import { aliasedQuery, doublingFragmentsQuery } from '../../tests/graphql/abusive-queries.ts';
import { startPublicationServices, publicationServicesConfig, type PublicationServices } from '../../tests/support/publication-services.ts';
import { startPublicationLookups, type RunningPublicationLookups } from '../../services/api/src/references/publication-lookup-jobs.ts';
import { seedDemoCatalogue } from '../seed/seed-demo-catalogue.ts';
import { HttpStatusError, keepAliveClient } from './keep-alive-http.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const REJECTIONS = Number(process.env.BENCH_REJECTIONS || 50);
/** Requests of each kind before timing: the first few hundred run cold (JIT). */
const WARM_UP = 50;
const ROUNDS = 5;
const FRAGMENT_LEVELS = [20, 25, 30];
const NAME = 'bench_abuse';

// Its own database, index and queue prefixes and JWT secret, named as a test run's are.
const environment = runEnvironment(NAME);

/** Requests an anonymous user may send that answer a lot; the slowest one accepted is "the worst". */
const FULL_SEARCH_PAGE = `searchFairsharingRecords(perPage:100){ aggregations records{ ${SEARCH_RESULT_FIELDS} } }`;
const WORST_CANDIDATES: Record<string, string> = {
  'download with organisations': '{downloadSearchResults(includeOrgs:true){ fileData }}',
  'all records + 2 search pages': `{ a: allFairsharingRecords{ id name abbreviation homepage description doi } s1: ${FULL_SEARCH_PAGE} s2: ${FULL_SEARCH_PAGE} }`,
  'subject tree + 3 search pages': `{ b: browseSubjects{ data } s1: ${FULL_SEARCH_PAGE} s2: ${FULL_SEARCH_PAGE} s3: ${FULL_SEARCH_PAGE} }`,
  'a registry with relations': '{fairsharingRegistry(id:"database"){ fairsharingRecords{ id name description subjects{ label } } }}',
  // Refused since a query may ask for one unpaged list: shows what the rule keeps out.
  'every unpaged list at once': `{ d: downloadSearchResults{ fileData } a: allFairsharingRecords{ id name abbreviation homepage description doi } b: browseSubjects{ data } }`,
};

/** Connections that each send one costly request after another in section 4. */
const ATTACKERS = 4;
/** The loopback address the attackers connect from; the probe connects from 127.0.0.1. */
const ATTACKER_ADDRESS = '127.0.0.2';
/** Publications of 1 MB of authors added to the bench catalogue for the REST page case. */
const BIG_PUBLICATIONS = 10;
const BIG_AUTHORS_BYTES = 1_000_000;

/** How long the Crossref stand-in takes to answer a look-up (Crossref's /works/{doi}: a few hundred ms). */
const LOOKUP_LATENCY_MS = 300;

interface CostlyRequest {
  method: 'GET' | 'POST';
  /** `{random}` in it is replaced by a new random text for each request. */
  path: string;
  body?: unknown;
  /** Sent as the bench user (the route needs a session). */
  signedIn?: boolean;
  /** Where it is sent when not to the server's public port (an origin), and with which headers. */
  origin?: string;
  headers?: Record<string, string>;
}

/** /metrics where the deployment serves it: METRICS_URL (with METRICS_TOKEN as a bearer token), else the public port's. */
function metricsRequest(): CostlyRequest {
  const token = process.env.METRICS_TOKEN;
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  if (!process.env.METRICS_URL) return { method: 'GET', path: '/metrics', headers };
  const url = new URL(process.env.METRICS_URL);
  return { method: 'GET', path: `${url.pathname}${url.search}`, origin: url.origin, headers };
}

const aliased = (selection: string, count: number) => ({ method: 'POST' as const, path: '/graphql', body: { query: aliasedQuery(selection, count) } });
const COSTLY_REQUESTS: Record<string, CostlyRequest> = {
  '5 aliased advanced searches': aliased(`advancedSearch(q: "a") { ${SEARCH_RESULT_FIELDS} }`, 5),
  'one advanced search': aliased(`advancedSearch(q: "a") { ${SEARCH_RESULT_FIELDS} }`, 1),
  'vocabulary lists without q': aliased('searchTags { id label iri definitions synonyms }', 5),
  'one tag list without q': aliased('searchTags { id label iri definitions synonyms }', 1),
  'REST page of 500 big publications': { method: 'GET', path: '/publications?page[size]=500' },
  'saved search of 30,000 duplicate ids': {
    method: 'POST',
    path: '/saved_searches',
    body: { saved_search: { name: 'bench', url: '/search?q=a', fairsharing_record_ids: Array.from({ length: 30_000 }, () => 1) } },
    signedIn: true,
  },
  'OAI-PMH ListRecords (oai_datacite)': { method: 'GET', path: '/oai?verb=ListRecords&metadataPrefix=oai_datacite' },
  '/changes pages of 1,000 entries': { method: 'GET', path: '/changes?limit=1000' },
  '/metrics': metricsRequest(),
  'publication look-ups of random DOIs': { method: 'GET', path: '/publications/lookup?doi=10.1000/x{random}', signedIn: true },
};

const SEARCH_WORDS = ['gene', 'ontology', 'protein', 'clinical', 'ecology', 'imaging', 'chemistry', 'metabolomics', 'climate', 'sequence', 'taxonomy', 'cell'];

// ---- the server, in its own process ---------------------------------------------------------------

async function serve(): Promise<void> {
  const config = loadConfig({ ...process.env, ...environment, PORT: '0' });
  const { buildApp } = await import('../../services/api/src/app.ts');
  const { signUserToken } = await import('../../services/api/src/http/auth.ts');
  const app = await buildApp({ config, logger: false, rateLimitMax: 1_000_000_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  // Kept from an earlier run when BENCH_KEEP=1.
  const user = (await app.db('users').where({ username: 'bench-abuser' }).first('id'))
    ?? (await app.db('users').insert({ username: 'bench-abuser', email: 'bench-abuser@example.org', role: 'user', confirmed_at: new Date() }).returning('id'))[0];
  // How long the server's event loop was held, since the bench last asked.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  process.on('message', (message) => {
    if (message !== 'loop-delay') return;
    process.send!({ loopDelay: { max: loopDelay.max / 1e6, p99: loopDelay.percentile(99) / 1e6 } });
    loopDelay.reset();
  });
  process.send!({ port: typeof address === 'object' && address ? address.port : 0, token: await signUserToken(app, Number(user.id)) });
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
}

interface BenchServer {
  url: string;
  child: ChildProcess;
  /** A session of a plain user, for the routes that need one. */
  token: string;
}

function startServer(): Promise<BenchServer> {
  const child = fork(process.argv[1], ['--serve'], { execArgv: process.execArgv, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { port: number; token: string }) => resolve({ url: `http://127.0.0.1:${message.port}`, child, token: message.token }));
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
}

// ---- measuring ----------------------------------------------------------------------------------------

interface Latencies {
  p50: number;
  p99: number;
  count: number;
}

function summary(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
  return { p50: at(0.5), p99: at(0.99), count: sorted.length };
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

async function postGraphql(url: string, query: string): Promise<{ status: number; bytes: number; body: string }> {
  const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  const body = await response.text();
  return { status: response.status, bytes: Buffer.byteLength(body), body };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const begin = performance.now();
  await work();
  return performance.now() - begin;
}

function searchQuery(index: number): string {
  return `{searchFairsharingRecords(q:${JSON.stringify(SEARCH_WORDS[index % SEARCH_WORDS.length])} perPage:30){ totalCount records{ ${SEARCH_RESULT_FIELDS} } }}`;
}

async function ordinarySearch(url: string, index: number): Promise<void> {
  const answer = await postGraphql(url, searchQuery(index));
  if (answer.status !== 200) throw new Error(`an ordinary search answered ${answer.status}: ${answer.body.slice(0, 200)}`);
}

async function healthz(url: string): Promise<void> {
  const response = await fetch(`${url}/healthz`);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`/healthz answered ${response.status}`);
}

interface Samples {
  search: number[];
  health: number[];
}

/** One search client and one /healthz client, each in a loop, for `seconds`. */
async function probe(url: string, seconds: number, into: Samples): Promise<void> {
  const deadline = performance.now() + seconds * 1000;
  await Promise.all([
    (async () => {
      for (let index = 0; performance.now() < deadline; index += 1) into.search.push(await timed(() => ordinarySearch(url, index)));
    })(),
    (async () => {
      while (performance.now() < deadline) into.health.push(await timed(() => healthz(url)));
    })(),
  ]);
}

function median(samples: number[]): number {
  return summary(samples).p50;
}

async function fragmentRejections(url: string): Promise<void> {
  const schema = graphqlRuntime.buildSchema(graphqlSchemaSdl());
  const listSizes = await countCatalogue();
  const rules = [...graphqlRuntime.specifiedRules, queryLimitsRule({ maxCost: MAX_QUERY_COST, maxRootFields: MAX_ROOT_FIELDS, depthLimit: QUERY_DEPTH_LIMIT, listSizes: () => listSizes })];
  const searches: number[] = [];
  const minimal: number[] = [];
  for (let index = 0; index < WARM_UP + REJECTIONS; index += 1) {
    const search = await timed(() => ordinarySearch(url, index));
    const smallest = await timed(() => postGraphql(url, `{ __typename } # ${index}`));
    if (index < WARM_UP) continue;
    searches.push(search);
    minimal.push(smallest);
  }
  console.log(`\n1. rejecting doubling-fragment queries (median of ${REJECTIONS}); baselines: the standard rules alone on the same document, and over HTTP`);
  console.log(`   an ordinary search ${ms(median(searches))}, the smallest query ({ __typename }, never seen before) ${ms(median(minimal))}`);
  console.log('   levels  length   standard rules   + query limits   HTTP rejection (median / max)   answer');
  for (const levels of FRAGMENT_LEVELS) {
    const text = doublingFragmentsQuery(levels);
    const document = graphqlRuntime.parse(text);
    const standard: number[] = [];
    const limited: number[] = [];
    const overHttp: number[] = [];
    let verdict = '';
    for (let run = 0; run < WARM_UP; run += 1) {
      graphqlRuntime.validate(schema, document, rules);
      await postGraphql(url, `${text} # warm-up ${run}`);
    }
    for (let run = 0; run < REJECTIONS; run += 1) {
      standard.push(await timed(async () => graphqlRuntime.validate(schema, document)));
      limited.push(await timed(async () => graphqlRuntime.validate(schema, document, rules)));
      // A new text each time: Mercurius caches the verdict of a text it has seen.
      overHttp.push(await timed(async () => {
        const answer = await postGraphql(url, `${text} # ${run}`);
        verdict = `${answer.status} ${(JSON.parse(answer.body) as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code ?? ''}`;
      }));
    }
    console.log(`   ${String(levels).padStart(6)}  ${String(text.length).padStart(6)}   ${ms(median(standard)).padStart(14)}   ${ms(median(limited)).padStart(14)}   ${`${ms(median(overHttp))} / ${ms(Math.max(...overHttp))}`.padStart(29)}   ${verdict}`);
  }
}

/** What a refusal says it is: a GraphQL error's code, or the REST error of a refusal at the door. */
function refusalCode(body: string): string {
  const refusal = JSON.parse(body) as { errors?: { extensions?: { code?: string } }[]; error?: string };
  return refusal.errors?.[0]?.extensions?.code ?? refusal.error ?? '(no code)';
}

async function worstRequest(url: string): Promise<string> {
  console.log('\n2. candidates for the worst request an anonymous user can still send (second run of each)');
  let worst = { name: '', time: -1 };
  for (const [name, query] of Object.entries(WORST_CANDIDATES)) {
    const first = await postGraphql(url, query);
    // A refused candidate closes the door for a moment (refusal-backoff.ts): the timed run waits it out.
    if (first.status !== 200) await new Promise((resolve) => setTimeout(resolve, 1_100));
    let answer = { status: 0, bytes: 0, body: '' };
    const time = await timed(async () => {
      answer = await postGraphql(url, query);
    });
    const code = answer.status === 200 ? '' : ` ${refusalCode(answer.body)}`;
    console.log(`   ${name.padEnd(30)} ${answer.status}${code.padEnd(25)} ${`${(answer.bytes / 1024).toFixed(0)} KB`.padStart(8)} ${ms(time).padStart(10)}`);
    if (answer.status === 200 && time > worst.time) worst = { name, time };
    // So is the timed run's refusal, and the next candidate or section 3's first search would meet it.
    if (answer.status !== 200) await new Promise((resolve) => setTimeout(resolve, 1_100));
  }
  console.log(`   worst accepted: ${worst.name}`);
  return worst.name;
}

/**
 * Baseline and loaded slices alternate (ROUNDS of each), so a change in the machine's other
 * load during the run weighs on both alike.
 */
async function underLoad(url: string, worst: string): Promise<void> {
  const slice = SECONDS / ROUNDS;
  console.log(`\n3. ordinary searches and /healthz over loopback HTTP, ${SECONDS} s alone and ${SECONDS} s with the loop, in ${ROUNDS} alternating slices`);
  const alone: Samples = { search: [], health: [] };
  const busy: Samples = { search: [], health: [] };
  const attacker: number[] = [];
  // The loop is another client (its own address): the back-off its costly requests earn is its own, not the probe's.
  const loopClient = keepAliveClient(url, 1, ATTACKER_ADDRESS);
  let refused = 0;
  const worstRequest = JSON.stringify({ query: WORST_CANDIDATES[worst] });
  for (let round = 0; round < ROUNDS; round += 1) {
    await probe(url, slice, alone);
    let stop = false;
    const loop = (async () => {
      while (!stop) {
        const begin = performance.now();
        try {
          await loopClient.send('POST', '/graphql', worstRequest);
          attacker.push(performance.now() - begin);
        } catch (error) {
          if (!(error instanceof HttpStatusError) || error.status !== 429) throw error;
          refused += 1;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    })();
    await probe(url, slice, busy);
    stop = true;
    await loop;
  }
  const line = (name: string, baseline: Latencies, loaded: Latencies) => {
    const ratio = loaded.p99 / baseline.p99;
    console.log(`   ${name.padEnd(16)} alone p50 ${ms(baseline.p50).padStart(9)} p99 ${ms(baseline.p99).padStart(9)} (n=${baseline.count})   with the loop p50 ${ms(loaded.p50).padStart(9)} p99 ${ms(loaded.p99).padStart(9)} (n=${loaded.count})   p99 × ${ratio.toFixed(2)} ${ratio <= 2 ? '(target ≤ 2: met)' : '(target ≤ 2: NOT met)'}`);
  };
  line('ordinary search', summary(alone.search), summary(busy.search));
  line('/healthz', summary(alone.health), summary(busy.health));
  const worstFigures = summary(attacker);
  console.log(`   the loop (from ${ATTACKER_ADDRESS}) ran "${worst}" ${worstFigures.count} times, p50 ${ms(worstFigures.p50)}; ${refused} of its requests refused (429)`);
  loopClient.close();
}

interface LoopDelay {
  max: number;
  p99: number;
}

/** The server's event-loop delay since it was last asked (its monitor samples every 5 ms). */
function serverLoopDelay(server: BenchServer): Promise<LoopDelay> {
  return new Promise((resolve) => {
    const answer = (message: { loopDelay?: LoopDelay }) => {
      if (!message.loopDelay) return;
      server.child.off('message', answer);
      resolve(message.loopDelay);
    };
    server.child.on('message', answer);
    server.child.send('loop-delay');
  });
}

/** The server's resident memory in MB, from /proc (Linux). */
async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
}

/** Runs `work` while sampling the server's memory every 50 ms; the peak seen. */
async function peakMemoryDuring(pid: number, work: () => Promise<void>): Promise<number> {
  let peak = await residentMb(pid);
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await residentMb(pid));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await sampler;
  }
  return peak;
}

interface AttackOrder {
  url: string;
  token: string;
  request: CostlyRequest;
}

/**
 * The attackers' process: ATTACKERS connections each send the costly request one after another
 * until the bench disconnects, then it reports how often each status was answered (0: the
 * connection failed).
 */
async function attack(): Promise<void> {
  const order = JSON.parse(process.argv[process.argv.indexOf('--attack') + 1]!) as AttackOrder;
  // From an address of their own: to the server they are another client than the probe (whose
  // searches would otherwise meet the door that the attackers' refusals close).
  const client = keepAliveClient(order.request.origin ?? order.url, ATTACKERS, ATTACKER_ADDRESS);
  const headers: Record<string, string> = { ...order.request.headers, ...(order.request.signedIn ? { authorization: `Bearer ${order.token}` } : {}) };
  const body = order.request.body === undefined ? undefined : JSON.stringify(order.request.body);
  const pathOf = () => order.request.path.replaceAll('{random}', () => Math.random().toString(36).slice(2));
  const statuses: Record<number, number> = {};
  let stop = false;
  process.once('message', () => { stop = true; });
  process.send!('ready');
  await Promise.all(Array.from({ length: ATTACKERS }, async () => {
    while (!stop) {
      const status = await client.send(order.request.method, pathOf(), body, headers)
        .then(() => 200, (error: unknown) => (error instanceof HttpStatusError ? error.status : 0));
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }));
  client.close();
  process.send!(statuses, () => process.exit(0));
}

/** Runs the attackers' process while `during` runs; answers the statuses they were sent. */
async function attackDuring<T>(server: BenchServer, request: CostlyRequest, during: () => Promise<T>): Promise<{ value: T; statuses: Record<number, number> }> {
  const order: AttackOrder = { url: server.url, token: server.token, request };
  const attackers = fork(process.argv[1], ['--attack', JSON.stringify(order)], { execArgv: process.execArgv, stdio: 'inherit' });
  // Its first message says the attack runs and it listens for 'stop'; the second, what it was answered.
  await new Promise((resolve) => attackers.once('message', resolve));
  const statuses = new Promise<Record<number, number>>((resolve) => attackers.once('message', resolve));
  try {
    const value = await during();
    attackers.send('stop');
    return { value, statuses: await statuses };
  } catch (failure) {
    attackers.send('stop');
    throw failure;
  } finally {
    await new Promise((resolve) => (attackers.exitCode === null ? attackers.once('exit', resolve) : resolve(null)));
  }
}

/**
 * Each costly request from ATTACKERS connections at once, in slices alternating with a quiet
 * baseline (as in section 3); the ordinary search is probed throughout.
 */
async function costlyRequests(server: BenchServer): Promise<void> {
  const pid = server.child.pid!;
  const slice = SECONDS / ROUNDS;
  console.log(`\n4. costly requests from ${ATTACKERS} connections: ordinary-search p99 and the server's peak memory, ${SECONDS} s alone and ${SECONDS} s loaded per case`);
  const picked = process.env.BENCH_CASES?.split(',').map((part) => part.trim().toLowerCase()).filter(Boolean);
  const cases = Object.entries(COSTLY_REQUESTS).filter(([name]) => !picked || picked.some((part) => name.toLowerCase().includes(part)));
  for (const [name, request] of cases) {
    const alone: Samples = { search: [], health: [] };
    const busy: Samples = { search: [], health: [] };
    const statuses = new Map<number, number>();
    let idlePeak = 0;
    let loadedPeak = 0;
    const loopAlone: LoopDelay = { max: 0, p99: 0 };
    const loopLoaded: LoopDelay = { max: 0, p99: 0 };
    const worst = (into: LoopDelay, seen: LoopDelay) => {
      into.max = Math.max(into.max, seen.max);
      into.p99 = Math.max(into.p99, seen.p99);
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      await serverLoopDelay(server);
      idlePeak = Math.max(idlePeak, await peakMemoryDuring(pid, () => probe(server.url, slice, alone)));
      worst(loopAlone, await serverLoopDelay(server));
      const attacked = await attackDuring(server, request, () => peakMemoryDuring(pid, () => probe(server.url, slice, busy)));
      worst(loopLoaded, await serverLoopDelay(server));
      loadedPeak = Math.max(loadedPeak, attacked.value);
      for (const [status, count] of Object.entries(attacked.statuses)) statuses.set(Number(status), (statuses.get(Number(status)) ?? 0) + count);
    }
    const baseline = summary(alone.search);
    const loaded = summary(busy.search);
    const ratio = loaded.p99 / baseline.p99;
    const growth = loadedPeak - idlePeak;
    const answered = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${count}×${status}`).join(' ');
    console.log(`   ${name}: answered ${answered}`);
    console.log(`      search p99 alone ${ms(baseline.p99)}, loaded ${ms(loaded.p99)} (× ${ratio.toFixed(2)} ${ratio <= 2 ? 'target ≤ 2: met' : 'target ≤ 2: NOT met'});`
      + ` peak memory alone ${idlePeak.toFixed(0)} MB, loaded ${loadedPeak.toFixed(0)} MB (+${growth.toFixed(0)} MB ${growth <= 200 ? 'target ≤ +200: met' : 'target ≤ +200: NOT met'})`);
    console.log(`      the server's event-loop delay (worst slice) alone p99 ${ms(loopAlone.p99)} max ${ms(loopAlone.max)}, loaded p99 ${ms(loopLoaded.p99)} max ${ms(loopLoaded.max)}`);
  }
}

async function countCatalogue() {
  const db = createDatabase(environment.DATABASE_URL);
  try {
    return await countListSizes(db);
  } finally {
    await db.destroy();
  }
}

async function prepareCatalogue(): Promise<void> {
  await ensureDatabaseExists(environment.DATABASE_URL);
  const db = createDatabase(environment.DATABASE_URL);
  const client = createSearchClient({ opensearchUrl: environment.OPENSEARCH_URL });
  try {
    await migrateLatest(db);
    await seedDemoCatalogue(db);
    // Stored before text had a length limit: what a REST page of 500 publications had to carry.
    await db('publications').insert(Array.from({ length: BIG_PUBLICATIONS }, (_, index) => ({ title: `A bench publication ${index}`, authors: 'x'.repeat(BIG_AUTHORS_BYTES) })));
    await reindexAll({ db, client, indexPrefix: environment.INDEX_PREFIX });
  } finally {
    await client.close();
    await db.destroy();
  }
}

/**
 * The look-up cases' services: a Crossref stand-in answering in LOOKUP_LATENCY_MS, which the
 * server (a child, reading the environment) and a look-up worker in this process are pointed at.
 */
async function startLookupServices(): Promise<{ services: PublicationServices; worker: RunningPublicationLookups }> {
  const services = await startPublicationServices({ latencyMs: LOOKUP_LATENCY_MS });
  Object.assign(process.env, {
    CROSSREF_URL: services.crossrefUrl, NCBI_EUTILS_URL: services.ncbiUrl, ZENODO_API_URL: services.zenodoUrl,
    EGRESS_ALLOW: [process.env.EGRESS_ALLOW, services.host].filter(Boolean).join(','),
  });
  const config = publicationServicesConfig(loadConfig({ ...process.env, ...environment }), services);
  const quiet = () => {};
  const worker = startPublicationLookups(config, { log: { info: quiet, warn: quiet, error: quiet } });
  return { services, worker };
}

async function main(): Promise<void> {
  console.log(`abuse bench: ${cpus().length} CPUs, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  await prepareCatalogue();
  const lookups = await startLookupServices();
  const server = await startServer();
  const { url, child } = server;
  try {
    for (let index = 0; index < 20; index += 1) await ordinarySearch(url, index);
    if (!process.env.BENCH_ONLY_COST) {
      await fragmentRejections(url);
      await underLoad(url, await worstRequest(url));
    }
    await costlyRequests(server);
  } finally {
    child.removeAllListeners('exit');
    child.disconnect();
    await new Promise((resolve) => child.once('exit', resolve));
    await lookups.worker.stop();
    await lookups.services.close();
    if (!process.env.BENCH_KEEP) {
      await dropRunResources(environment);
      await dropDatabase(environment.DATABASE_URL);
    }
  }
  console.log(`load average after: ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
}

if (process.argv.includes('--serve')) await serve();
else if (process.argv.includes('--attack')) await attack();
else await main();
