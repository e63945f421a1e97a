/**
 * Assistants' endpoint bench: `npx tsx scripts/bench/mcp.ts` (Postgres, Redis and OpenSearch must
 * be up).
 *
 * The demo catalogue in a bench database and index prefix of its own, the real server on it in a
 * child process. For two tools, at 1 and 16 concurrent clients, over loopback HTTP with one plain
 * keep-alive client (keep-alive-http.ts), each client alternating MCP and GraphQL requests so
 * background load weighs on both alike (p99 of rounds taken in turn followed the machine's other
 * work more than the endpoints):
 *   search       MCP tools/call search_records {q, perPage: 20} beside GraphQL
 *                searchFairsharingRecords with the same arguments and the fields the tool reads;
 *   get record   MCP tools/call get_record {identifier: id} beside GraphQL fairsharingRecord with
 *                the tool's selection (an id is asked as it is given: one query on each side).
 * Each line prints p50 and p99 and the ratio MCP / GraphQL (goal: at most 1.2). The words and ids
 * are the catalogue's own, taken in turn. The load average is printed at the start and
 * the end: the machine is shared.
 * Env: BENCH_REQUESTS per side, line and client count (default 1000), BENCH_KEEP=1 keeps the bench data.
 */
import { performance } from 'node:perf_hooks';
import { GET_RECORD, SEARCH_RECORDS } from '../../services/api/src/mcp/mcp-graphql.ts';
import { buildBenchCatalogue, loadAverage, startBenchServer, stopProcess } from './bench-server.ts';
import { keepAliveClient, type KeepAliveClient } from './keep-alive-http.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS || 1000);
const CONCURRENCY = [1, 16];
const MCP_HEADERS = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Sends every argument, `concurrency` requests at once, each client alternating the two sides
 * (half the clients start with each), so both meet the same background load at the same moments;
 * the latency of each request, in ms, by side.
 */
async function measurePair<T>(args: T[], concurrency: number, sides: { mcp: (arg: T) => Promise<void>; graphql: (arg: T) => Promise<void> }): Promise<{ mcp: number[]; graphql: number[] }> {
  const samples = { mcp: [] as number[], graphql: [] as number[] };
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async (_, client) => {
    let side: 'mcp' | 'graphql' = client % 2 === 0 ? 'mcp' : 'graphql';
    while (next < args.length) {
      const arg = args[next];
      next += 1;
      const started = performance.now();
      await sides[side](arg);
      samples[side].push(performance.now() - started);
      side = side === 'mcp' ? 'graphql' : 'mcp';
    }
  }));
  return samples;
}

function toolCall(http: KeepAliveClient, name: string, args: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
  return http.send('POST', '/mcp', body, MCP_HEADERS).then((text) => {
    if (text.includes('"isError":true')) throw new Error(`${name}: ${text.slice(0, 200)}`);
  });
}

function graphql(http: KeepAliveClient, query: string, variables: Record<string, unknown>): Promise<void> {
  return http.send('POST', '/graphql', JSON.stringify({ query, variables })).then((text) => {
    if (text.includes('"errors"')) throw new Error(`graphql: ${text.slice(0, 200)}`);
  });
}

async function main(): Promise<void> {
  console.log(`load average at start: ${loadAverage()}`);
  const catalogue = await buildBenchCatalogue('bench_mcp', 0);
  const { server, base } = await startBenchServer(catalogue);
  const http = keepAliveClient(base);
  try {
    const names: string[] = await catalogue.db('records').where({ is_hidden: false, is_approved: true }).orderBy('id').pluck('name');
    const words = [...new Set(names.flatMap((name) => name.toLowerCase().split(/[^a-z]+/)).filter((word) => word.length >= 5))];
    const ids: number[] = await catalogue.db('records').where({ is_hidden: false, is_approved: true }).orderBy('id').pluck('id');
    const lines = [
      {
        name: 'search',
        args: words,
        mcp: (word: string | number) => toolCall(http, 'search_records', { q: word, perPage: 20 }),
        graphql: (word: string | number) => graphql(http, SEARCH_RECORDS, { q: word, page: 1, perPage: 20 }),
      },
      {
        name: 'get record',
        args: ids,
        mcp: (id: string | number) => toolCall(http, 'get_record', { identifier: String(id) }),
        graphql: (id: string | number) => graphql(http, GET_RECORD, { id: String(id) }),
      },
    ];
    for (const line of lines) {
      for (const concurrency of CONCURRENCY) {
        // Each request its own word or id: no answer comes from a cache warmed by the other side.
        const args = Array.from({ length: 2 * REQUESTS }, (_, index) => line.args[index % line.args.length]);
        const samples = await measurePair(args, concurrency, line);
        const figures = (values: number[]) => {
          const sorted = [...values].sort((a, b) => a - b);
          return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
        };
        const [mcp, viaGraphql] = [figures(samples.mcp), figures(samples.graphql)];
        console.log(`${line.name.padEnd(10)} ${String(concurrency).padStart(2)} client(s): MCP p50 ${mcp.p50.toFixed(1)} ms p99 ${mcp.p99.toFixed(1)} ms | GraphQL p50 ${viaGraphql.p50.toFixed(1)} ms p99 ${viaGraphql.p99.toFixed(1)} ms | MCP/GraphQL p50 ${(mcp.p50 / viaGraphql.p50).toFixed(2)}x p99 ${(mcp.p99 / viaGraphql.p99).toFixed(2)}x`);
      }
    }
  } finally {
    http.close();
    await stopProcess(server);
    await catalogue.drop();
    console.log(`load average at end: ${loadAverage()}`);
  }
}

await main();
