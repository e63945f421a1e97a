/**
 * Search latency bench: `npx tsx scripts/bench/search.ts` (OpenSearch must be up).
 *
 * Two corpora, each bulk-indexed straight into its own bench index (this bench measures
 * queries, not indexing) and dropped at the end:
 *   - the real corpus (3,205 records + 2 probes, tests/search/support/corpus-documents.ts),
 *   - 100k records made by varying the real ones (name/abbreviation suffixes, shuffled
 *     description sentences, rotated subjects; term definitions dropped to keep indexing short).
 * One query shape: text + 2 facets (registry, subject) + all facet aggregations, in two mixes:
 *   distinct   no query is asked twice against a corpus, so OpenSearch's request cache never
 *              answers (the worst case); every measurement gets the same mix (distinctQueries),
 *   repeated   500 queries asked over and over, the cache warm (browsing: paging, back,
 *              facet clicks that return to an earlier state).
 * A third mix, topical, asks vocabulary labels of the corpus (subjects, domains, species, tags)
 * with the same facets: the topical tier's cost beside the distinct free-text mix. The real
 * corpus has too few labels for a whole run of distinct ones at 16 clients, so each measurement
 * of it starts the same shuffled list again, on an emptied request cache (a fresh mix).
 * For 1 and 16 concurrent clients it prints p50/p95/p99 and throughput of
 *   raw   the exact body `searchRecords` builds, sent with the OpenSearch client,
 *   api   `searchRecords` (argument parsing, query building, answer shaping),
 *   hop   the same arguments through a bare node:http server (bare-search-hop.ts) that builds
 *         the same body and forwards it: the floor of any Node.js API in between,
 *   http  GraphQL `searchFairsharingRecords` over a real loopback connection to the listening
 *         server (keep-alive, as a browser keeps its connection), sent as the search page sends
 *         it (one document, the values as variables), what users get,
 * and the ratios api/raw, hop/raw, http/raw and http/hop (the framework's share beside the hop), and CPU ms per query of this process (`cpu`: raw is the
 * OpenSearch client's share, api adds argument parsing and shaping, http adds the server's HTTP
 * and GraphQL work and the loopback client's, all in this process) and of OpenSearch's process
 * (`os`, when it runs on this machine; anyone else's searches meanwhile included): on a shared
 * machine CPU per query says more than latency about what a change costs. All three fetch a page of 30 whole documents; GraphQL
 * selects the web app's result-row fields from them.
 * Suggestions (what a search box asks while typing: 2–8 first letters of real names) are
 * measured the same way: raw = the record-suggestion body, api = `searchSuggestions` (records
 * from the bench index, vocabulary terms from DATABASE_URL's catalogue, or the demo catalogue in a bench database when it has none), http = GET
 * /search_suggestions.
 * Before measuring a corpus, 100k searches at 16 clients warm OpenSearch up (warmUp), with the
 * request cache off.
 * Env: BENCH_RECORDS (default 100000), BENCH_SECONDS per measurement (default 8),
 * BENCH_WARM_UP_SEARCHES (default 100000),
 * BENCH_CORPORA=real or =synthetic runs one corpus (default both), BENCH_KEEP=1 keeps the indices,
 * BENCH_MIXES (comma list of distinct, repeated, topical, suggestions; default all).
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SEARCH_RESULT_FIELDS } from '@registry/schemas/search/client/search-query.ts';
import { graphqlOperation } from '@registry/schemas/search/client/graphql-request.ts';
import { createDatabase, createSearchClient, loadConfig, type Database, type RegistryConfig, type SearchClient } from '@registry/platform';
import { ANONYMOUS_VIEWER, isPublicRecord, type RecordSearchDocument } from '@registry/schemas';
import { buildSearchRecordsRequest, queryMatchedNothing, searchRecords, type SearchRecordsArgs } from '../../services/api/src/search/search-records.ts';
import { buildRecordSuggestionsRequest } from '../../services/api/src/search/suggest-records.ts';
import { searchSuggestions } from '../../services/api/src/suggestions/suggestions-service.ts';
import type { SearchAnswer } from '../../services/api/src/search/search-execution.ts';
import { buildCorpusDocuments } from '../../tests/search/support/corpus-documents.ts';
import { keepAliveClient } from './keep-alive-http.ts';
import { buildBenchCatalogue } from './bench-server.ts';
import { startBareSearchHop } from './bare-search-hop.ts';
import { openSearchPid, processCpuMs } from './process-cpu.ts';
import { createDirectSearchIndex, type DirectSearchIndex } from '../../tests/search/support/search-index.ts';

const LARGE_CORPUS = Number(process.env.BENCH_RECORDS || 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 8);
const WARM_UP_SEARCHES = Number(process.env.BENCH_WARM_UP_SEARCHES ?? 100_000);
const CONCURRENCY = [1, 16];
const MIXES = (process.env.BENCH_MIXES || 'distinct,repeated,topical,suggestions').split(',');

type Runner<T = SearchRecordsArgs> = (args: T) => Promise<unknown>;

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
  count: number;
  /** CPU ms per query of this process and of OpenSearch's (NaN when it cannot be read). */
  cpu: number;
  searchCpu: number;
}

const OPENSEARCH_PID = openSearchPid();

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

/** Deterministic pseudo-random numbers, so every run asks the same queries. */
function seededRandom(seed: number): () => number {
  // mulberry32: 32-bit integer steps (Math.imul), so it never loses precision and cycles late.
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function varyDocuments(base: RecordSearchDocument[], count: number): Generator<RecordSearchDocument> {
  const random = seededRandom(42);
  const real = base.filter((document) => isPublicRecord(document));
  return (function* generate() {
    for (let index = 0; index < count; index += 1) {
      const source = real[index % real.length];
      const round = Math.floor(index / real.length);
      const sentences = source.description.split(/(?<=\.)\s+/);
      for (let i = sentences.length - 1; i > 0; i -= 1) {
        const j = Math.floor(random() * (i + 1));
        [sentences[i], sentences[j]] = [sentences[j], sentences[i]];
      }
      const strip = <T extends { definitions: string[] }>(term: T): T => ({ ...term, definitions: [] });
      const subjects = source.subjects.map(strip);
      if (subjects.length > 1) subjects.push(subjects.shift()!);
      yield {
        ...source,
        id: 1_000_000 + index,
        name: round === 0 ? source.name : `${source.name} ${['edition', 'mirror', 'archive', 'portal', 'registry', 'atlas'][round % 6]} ${round}`,
        abbreviation: source.abbreviation && round > 0 ? `${source.abbreviation}-${round}` : source.abbreviation,
        description: sentences.join(' '),
        subjects,
        domains: source.domains.map(strip),
        taxonomies: source.taxonomies.map(strip),
        isMaintained: random() < 0.5,
      };
    }
  })();
}

type QuerySource<T = SearchRecordsArgs> = () => T;

/** The facet values of bench queries. */
const REGISTRIES = ['standard', 'database'];
const SUBJECTS = ['life science', 'biomedical science', 'genomics', 'earth science', 'bioinformatics', 'medicine'];

/** Words of real names (letters only, 4+ long): the text of every bench query. */
function nameWords(documents: RecordSearchDocument[]): string[] {
  return [...new Set(documents.flatMap((document) => document.name.split(/\s+/)).filter((word) => /^[A-Za-z]{4,}$/.test(word)))];
}

const ONE_WORD_SHARE = 2 / 3;

/** Text drawn from real names (one word, or two for a third of them), a registry and a common subject. */
function queryMaker(documents: RecordSearchDocument[], seed: number): QuerySource {
  const random = seededRandom(seed);
  const words = nameWords(documents);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
  return () => ({
    q: random() < ONE_WORD_SHARE ? pick(words) : `${pick(words)} ${pick(words)}`,
    fairsharingRegistry: pick(REGISTRIES),
    subjects: pick(SUBJECTS),
  });
}

/**
 * queryMaker's mix, never the same query twice. One-word queries come from a shuffled list of
 * every (word, registry, subject) combination, taken in turn, rather than drawn again on a
 * repeat: redrawing would make two-word queries (dearer: more of them match nothing and retry)
 * ever more frequent as the run went on, so each measurement would get a harder mix than the
 * one before it.
 */
function distinctQueries(documents: RecordSearchDocument[], seed: number): QuerySource {
  const random = seededRandom(seed);
  const words = nameWords(documents);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
  const oneWord = words.flatMap((q) => REGISTRIES.flatMap((fairsharingRegistry) => SUBJECTS.map((subject) => ({ q, fairsharingRegistry, subjects: subject }))));
  for (let i = oneWord.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [oneWord[i], oneWord[j]] = [oneWord[j], oneWord[i]];
  }
  let nextOneWord = 0;
  const askedTwoWord = new Set<string>();
  return () => {
    if (random() < ONE_WORD_SHARE) {
      if (nextOneWord === oneWord.length) throw new Error('the bench ran out of distinct one-word queries: shorten BENCH_SECONDS');
      return oneWord[nextOneWord++];
    }
    for (;;) {
      const args = { q: `${pick(words)} ${pick(words)}`, fairsharingRegistry: pick(REGISTRIES), subjects: pick(SUBJECTS) };
      const key = JSON.stringify(args);
      if (!askedTwoWord.has(key)) {
        askedTwoWord.add(key);
        return args;
      }
    }
  };
}

/**
 * Vocabulary labels of the corpus, each with every registry and subject facet once, shuffled.
 * Each label comes as written, lower-cased and upper-cased: terms match in any letter case, so
 * the three cost the same, and three times as many distinct queries last a quiet machine's run.
 */
function topicalQueries(documents: RecordSearchDocument[], seed: number): QuerySource {
  const random = seededRandom(seed);
  const labels = [
    ...new Set(
      documents
        .flatMap((document) => [...document.subjects, ...document.domains, ...document.taxonomies, ...document.userDefinedTags])
        .flatMap((term) => [term.label, term.label.toLowerCase(), term.label.toUpperCase()]),
    ),
  ];
  const all = labels.flatMap((q) => REGISTRIES.flatMap((fairsharingRegistry) => SUBJECTS.map((subject) => ({ q, fairsharingRegistry, subjects: subject }))));
  for (let i = all.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  let next = 0;
  return () => {
    if (next === all.length) throw new QueriesUsedUp('topical');
    return all[next++];
  };
}

/** A source of distinct queries has given every one: the measurement ends there (on a fast machine, before BENCH_SECONDS). */
class QueriesUsedUp extends Error {
  constructor(mix: string) {
    super(`every distinct ${mix} query was asked`);
  }
}

/** What a search box sends while a name is typed: its first 2 to 8 letters. */
function suggestionTexts(documents: RecordSearchDocument[], seed: number): () => string {
  const random = seededRandom(seed);
  const names = documents.map((document) => document.name).filter((name) => name.length >= 2);
  return () => {
    const name = names[Math.floor(random() * names.length)];
    return name.slice(0, 2 + Math.floor(random() * 7)).trim() || name.slice(0, 2);
  };
}

/** The same list over and over, from its start. */
function repeatedQueries(list: SearchRecordsArgs[]): QuerySource {
  let next = 0;
  return () => list[next++ % list.length];
}

/** Runs `clients` loops for `seconds`, or until `searches` searches have started. */
async function measure<T>(run: Runner<T>, nextQuery: QuerySource<T>, clients: number, seconds = SECONDS, searches = Infinity): Promise<Figures> {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  let begun = 0;
  let usedUp = false;
  const cpuBefore = process.cpuUsage();
  const searchCpuBefore = processCpuMs(OPENSEARCH_PID);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline && begun++ < searches && !usedUp) {
        let args: T;
        try {
          args = nextQuery();
        } catch (failure) {
          if (!(failure instanceof QueriesUsedUp)) throw failure;
          usedUp = true;
          break;
        }
        const begin = performance.now();
        await run(args);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuUsed = process.cpuUsage(cpuBefore);
  const cpu = (cpuUsed.user + cpuUsed.system) / 1000 / latencies.length;
  const searchCpu = (processCpuMs(OPENSEARCH_PID) - searchCpuBefore) / latencies.length;
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), p99: percentile(latencies, 0.99), perSecond: latencies.length / elapsed, count: latencies.length, cpu, searchCpu };
}

interface HttpRunners {
  search: Runner;
  suggest: Runner<string>;
  close(): Promise<void>;
}

/**
 * The app listening on a loopback port, asked over HTTP/1.1 with keep-alive (one agent, up to
 * one connection per client): what a browser or script gets, parsing and serialising included.
 */
async function httpRunners(config: RegistryConfig, db: Database): Promise<HttpRunners | string> {
  try {
    const { buildApp } = await import('../../services/api/src/app.ts');
    const app = await buildApp({ config, logger: false, rateLimitMax: 1_000_000_000, db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const client = keepAliveClient(`http://127.0.0.1:${port}`);
    const send = async (method: 'GET' | 'POST', path: string, body?: string) => {
      await client.send(method, path, body);
    };
    // As the search page sends it: one document, the values as variables (graphql-request.ts);
    // the selection is the result rows' fields, as raw and api fetch them.
    const selection = `aggregations currentPage perPage totalCount totalPages firstPage records { ${SEARCH_RESULT_FIELDS} }`;
    const search: Runner = (args) =>
      send('POST', '/graphql', JSON.stringify(graphqlOperation('Search', 'searchFairsharingRecords', { q: String(args.q), fairsharingRegistry: [String(args.fairsharingRegistry)], subjects: [String(args.subjects)] }, selection)));
    const suggest: Runner<string> = (text) => send('GET', `/search_suggestions?${new URLSearchParams({ q: text }).toString()}`);
    await search({ q: 'gene', fairsharingRegistry: 'standard', subjects: 'genomics' });
    return {
      search,
      suggest,
      async close() {
        client.close();
        await app.close();
      },
    };
  } catch (failure) {
    return `not measured (${failure instanceof Error ? failure.message.split('\n')[0] : String(failure)})`;
  }
}

const format = (figures: Figures) =>
  `p50 ${figures.p50.toFixed(1)} ms  p95 ${figures.p95.toFixed(1)} ms  p99 ${figures.p99.toFixed(1)} ms  ${figures.perSecond.toFixed(0)} q/s (${figures.count})  cpu ${figures.cpu.toFixed(2)} ms/q  os ${figures.searchCpu.toFixed(2)} ms/q`;

/**
 * `queries` gives each measurement its source. A fresh mix's is a new one, the same list from its
 * start, and the index's request cache is emptied first, so no answer comes from the cache.
 */
type Mix = { label: string; queries: () => QuerySource; fresh?: boolean };

/**
 * After a start, OpenSearch's JIT compiles the search path for minutes: on 2 cores it took about
 * a core's worth of CPU for 2.5 minutes (jstat -compiler: 130 s of compile time) while throughput
 * at 16 clients rose from ~200 to ~1,000 q/s, and compiled code shaped by other queries than the
 * measured ones was compiled again once they came. Figures taken before that measure a server
 * just started, not one in use. So BENCH_WARM_UP_SEARCHES searches of the measured shape and
 * facet values come first at 16 clients, with the request cache off: they neither fill it nor
 * use up a distinct query. The throughput of each tenth is printed.
 */
async function warmUp(run: Runner, queries: QuerySource): Promise<void> {
  const rates: string[] = [];
  const tenth = Math.ceil(WARM_UP_SEARCHES / 10);
  for (let done = 0; done < WARM_UP_SEARCHES; done += tenth) {
    const { perSecond } = await measure(run, queries, 16, Infinity, tenth);
    rates.push(perSecond.toFixed(0));
  }
  console.log(`warm-up, ${WARM_UP_SEARCHES} searches (request cache off): ${rates.join(' → ')} q/s`);
}

async function benchCorpus(
  client: SearchClient,
  config: RegistryConfig,
  db: Database,
  label: string,
  index: DirectSearchIndex,
  mixes: Mix[],
  warmUpQueries: QuerySource,
  suggestionTextSource: () => QuerySource<string>,
): Promise<void> {
  const deps = { client, alias: index.alias };
  // The requests searchRecords sends, with their parameters: the first, and the typo retry
  // when the first matched nothing.
  const rawRunner = (cached: boolean): Runner => {
    const send = async (body: Record<string, unknown>): Promise<SearchAnswer> =>
      (await client.search({ index: index.alias, body, request_cache: cached } as Parameters<SearchClient['search']>[0])).body as unknown as SearchAnswer;
    return async (args) => {
      const first = buildSearchRecordsRequest(args, ANONYMOUS_VIEWER);
      if (first.typoRetry && queryMatchedNothing(await send(first.body))) await send(buildSearchRecordsRequest(args, ANONYMOUS_VIEWER, { typoRetry: true }).body);
    };
  };
  const raw = rawRunner(true);
  const api: Runner = (args) => searchRecords(deps, args, ANONYMOUS_VIEWER);
  const http = await httpRunners({ ...config, indexPrefix: index.alias.replace(/records$/, '') }, db);
  const bareHop = await startBareSearchHop(config.opensearchUrl, index.alias);
  const bareHopClient = keepAliveClient(bareHop.base);
  const hop: Runner = (args) => bareHopClient.send('POST', '/', JSON.stringify(args));
  console.log(`\n== ${label}: ${index.alias}`);
  await warmUp(rawRunner(false), warmUpQueries);
  for (const mix of mixes) {
    // Fills the request cache for the repeated mix (the JIT is warm by now).
    const warm = mix.queries();
    for (let count = 0; count < 500; count += 1) await api(warm());
    const queries = async (): Promise<QuerySource> => {
      if (mix.fresh) await client.indices.clearCache({ index: index.index, request: true });
      return mix.queries();
    };
    for (const clients of CONCURRENCY) {
      const rawFigures = await measure(raw, await queries(), clients);
      const apiFigures = await measure(api, await queries(), clients);
      console.log(`${mix.label}, ${clients} client(s)`);
      console.log(`  raw   ${format(rawFigures)}`);
      console.log(`  api   ${format(apiFigures)}   api/raw p50 ×${(apiFigures.p50 / rawFigures.p50).toFixed(2)}  p99 ×${(apiFigures.p99 / rawFigures.p99).toFixed(2)}`);
      const hopFigures = await measure(hop, await queries(), clients);
      console.log(`  hop   ${format(hopFigures)}   hop/raw p50 ×${(hopFigures.p50 / rawFigures.p50).toFixed(2)}  p99 ×${(hopFigures.p99 / rawFigures.p99).toFixed(2)}   (bare node:http)`);
      if (typeof http === 'string') console.log(`  http  ${http}`);
      else {
        const httpFigures = await measure(http.search, await queries(), clients);
        console.log(
          `  http  ${format(httpFigures)}   http/raw p50 ×${(httpFigures.p50 / rawFigures.p50).toFixed(2)}  p99 ×${(httpFigures.p99 / rawFigures.p99).toFixed(2)}` +
            `   http/hop p50 ×${(httpFigures.p50 / hopFigures.p50).toFixed(2)}  p99 ×${(httpFigures.p99 / hopFigures.p99).toFixed(2)}`,
        );
      }
    }
  }
  if (MIXES.includes('suggestions')) await benchSuggestions(client, index, db, http, suggestionTextSource);
  if (typeof http !== 'string') await http.close();
  bareHopClient.close();
  await bareHop.close();
}

async function benchSuggestions(
  client: SearchClient,
  index: DirectSearchIndex,
  db: Database,
  http: HttpRunners | string,
  texts: () => QuerySource<string>,
): Promise<void> {
  const size = 6;
  const raw: Runner<string> = async (text) => {
    const body = buildRecordSuggestionsRequest(text, ANONYMOUS_VIEWER, size);
    if (body) await client.search({ index: index.alias, body, request_cache: true } as Parameters<SearchClient['search']>[0]);
  };
  const api: Runner<string> = (text) => searchSuggestions({ search: { client, alias: index.alias }, db }, text, ANONYMOUS_VIEWER, size);
  for (const clients of CONCURRENCY) {
    const rawFigures = await measure(raw, texts(), clients);
    console.log(`suggestions, ${clients} client(s)`);
    console.log(`  raw   ${format(rawFigures)}   (records only: the index's share)`);
    const apiFigures = await measure(api, texts(), clients);
    console.log(`  api   ${format(apiFigures)}   api/raw p50 ×${(apiFigures.p50 / rawFigures.p50).toFixed(2)}`);
    if (typeof http === 'string') console.log(`  http  ${http}`);
    else {
      const httpFigures = await measure(http.suggest, texts(), clients);
      console.log(`  http  ${format(httpFigures)}   http/raw p50 ×${(httpFigures.p50 / rawFigures.p50).toFixed(2)}`);
    }
  }
}

/**
 * The catalogue whose vocabulary terms suggestions read, and which the listening server uses:
 * DATABASE_URL's when it holds one, else the demo catalogue in a bench database of its own
 * (dropped at the end), so the bench runs with its defaults on a machine where `npm start` has
 * never seeded one.
 */
async function catalogueDatabase(config: RegistryConfig): Promise<{ config: RegistryConfig; db: Database; drop(): Promise<void> }> {
  const db = createDatabase(config.databaseUrl);
  try {
    await db('subjects').count('* as count');
    return { config, db, drop: () => db.destroy() };
  } catch {
    await db.destroy();
    const catalogue = await buildBenchCatalogue('search', 0);
    return { config: { ...config, databaseUrl: catalogue.databaseUrl }, db: catalogue.db, drop: catalogue.drop };
  }
}

async function main(): Promise<void> {
  const client = createSearchClient(loadConfig());
  const stamp = Date.now().toString(36);
  const real = buildCorpusDocuments();
  const repeatedList = Array.from({ length: 500 }, queryMaker(real, 11));
  const warmUpQueries = queryMaker(real, 3);
  // Per corpus (each has its own index, so its own cache): one distinct generator for all of
  // its measurements, so no distinct query is ever asked twice against it.
  const mixes = (): Mix[] => {
    const distinct = distinctQueries(real, 7);
    const all: (Mix & { name: string })[] = [
      { name: 'distinct', label: 'distinct queries', queries: () => distinct },
      { name: 'repeated', label: 'repeated queries', queries: () => repeatedQueries(repeatedList) },
      { name: 'topical', label: 'topical queries (vocabulary labels, distinct within each measurement)', queries: () => topicalQueries(real, 5), fresh: true },
    ];
    return all.filter((mix) => MIXES.includes(mix.name));
  };
  const suggestionTextSource = () => suggestionTexts(real, 13);
  const catalogue = await catalogueDatabase(loadConfig());
  const { config, db } = catalogue;
  const indices: DirectSearchIndex[] = [];
  try {
    const corpora = (process.env.BENCH_CORPORA || 'real,synthetic').split(',');
    if (corpora.includes('real')) {
      const started = performance.now();
      const realIndex = await createDirectSearchIndex(client, `${config.indexPrefix}bench_search_real_${stamp}_`, real);
      indices.push(realIndex);
      console.log(`indexed ${real.length} real records in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      await benchCorpus(client, config, db, `real corpus (${real.length})`, realIndex, mixes(), warmUpQueries, suggestionTextSource);
    }
    if (corpora.includes('synthetic')) {
      const started = performance.now();
      const largeIndex = await createDirectSearchIndex(client, `${config.indexPrefix}bench_search_large_${stamp}_`, varyDocuments(real, LARGE_CORPUS));
      indices.push(largeIndex);
      console.log(`indexed ${LARGE_CORPUS} varied records in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      await client.indices.forcemerge({ index: largeIndex.index, max_num_segments: 1 }).catch(() => undefined);
      await benchCorpus(client, config, db, `varied corpus (${LARGE_CORPUS})`, largeIndex, mixes(), warmUpQueries, suggestionTextSource);
    }
    console.log('\ntargets: api p50 ≤ 1.5× raw, http p50 ≤ 1.3× raw and ≤ 1.1× the bare hop at 1 and 16 clients; p99 ≤ 50 ms at 16 clients on 100k;');
    console.log('         topical p99 at 16 clients ≤ 1.2× the distinct mix; suggestions p50 ≤ 10 ms at 1 client');
  } finally {
    if (!process.env.BENCH_KEEP) for (const index of indices) await index.drop();
    await client.close();
    await catalogue.drop();
  }
}

await main();
