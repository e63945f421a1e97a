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
 * Env: BENCH_SECONDS per condition (default 10), BENCH_REJECTIONS per level (default 50).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createDatabase, createSearchClient, dropDatabase, ensureDatabaseExists, loadConfig, migrateLatest } from '@registry/platform';
import { reindexAll } from '@registry/indexer/src/reindex.ts';
import { SEARCH_RESULT_FIELDS } from '@registry/schemas/search/client/search-query.ts';
import { graphqlRuntime } from '../../services/api/src/graphql/graphql-runtime.ts';
import { graphqlSchemaSdl, QUERY_DEPTH_LIMIT } from '../../services/api/src/graphql/plugin.ts';
import { MAX_QUERY_COST, MAX_ROOT_FIELDS, queryLimitsRule } from '../../services/api/src/graphql/query-cost.ts';
import { countListSizes } from '../../services/api/src/graphql/list-sizes.ts';
import { dropRunResources } from '../../tests/support/cleanup.ts';
import { runEnvironment } from '../../tests/setup/run-environment.ts';
import { doublingFragmentsQuery } from '../../tests/graphql/abusive-queries.ts';
import { seedDemoCatalogue } from '../seed/seed-demo-catalogue.ts';

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

const SEARCH_WORDS = ['gene', 'ontology', 'protein', 'clinical', 'ecology', 'imaging', 'chemistry', 'metabolomics', 'climate', 'sequence', 'taxonomy', 'cell'];

// ---- the server, in its own process ---------------------------------------------------------------

async function serve(): Promise<void> {
  const config = loadConfig({ ...process.env, ...environment, PORT: '0' });
  const { buildApp } = await import('../../services/api/src/app.ts');
  const app = await buildApp({ config, logger: false, rateLimitMax: 1_000_000_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
}

function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(process.argv[1], ['--serve'], { execArgv: process.execArgv, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve({ url: `http://127.0.0.1:${message.port}`, child }));
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

async function worstRequest(url: string): Promise<string> {
  console.log('\n2. candidates for the worst request an anonymous user can still send (second run of each)');
  let worst = { name: '', time: -1 };
  for (const [name, query] of Object.entries(WORST_CANDIDATES)) {
    await postGraphql(url, query);
    let answer = { status: 0, bytes: 0, body: '' };
    const time = await timed(async () => {
      answer = await postGraphql(url, query);
    });
    const code = answer.status === 200 ? '' : ` ${(JSON.parse(answer.body) as { errors: { extensions?: { code?: string } }[] }).errors[0].extensions?.code}`;
    console.log(`   ${name.padEnd(30)} ${answer.status}${code.padEnd(25)} ${`${(answer.bytes / 1024).toFixed(0)} KB`.padStart(8)} ${ms(time).padStart(10)}`);
    if (answer.status === 200 && time > worst.time) worst = { name, time };
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
  for (let round = 0; round < ROUNDS; round += 1) {
    await probe(url, slice, alone);
    let stop = false;
    const loop = (async () => {
      while (!stop) attacker.push(await timed(() => postGraphql(url, WORST_CANDIDATES[worst])));
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
  console.log(`   the loop ran "${worst}" ${worstFigures.count} times, p50 ${ms(worstFigures.p50)}`);
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
    await reindexAll({ db, client, indexPrefix: environment.INDEX_PREFIX });
  } finally {
    await client.close();
    await db.destroy();
  }
}

async function main(): Promise<void> {
  console.log(`abuse bench: ${cpus().length} CPUs, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  await prepareCatalogue();
  const { url, child } = await startServer();
  try {
    for (let index = 0; index < 20; index += 1) await ordinarySearch(url, index);
    await fragmentRejections(url);
    await underLoad(url, await worstRequest(url));
  } finally {
    child.removeAllListeners('exit');
    child.disconnect();
    await new Promise((resolve) => child.once('exit', resolve));
    if (!process.env.BENCH_KEEP) {
      await dropRunResources(environment);
      await dropDatabase(environment.DATABASE_URL);
    }
  }
  console.log(`load average after: ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
}

if (process.argv.includes('--serve')) await serve();
else await main();
