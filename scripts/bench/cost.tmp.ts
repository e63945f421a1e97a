import { performance } from 'node:perf_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import { buildBenchCatalogue, startBenchServer, stopProcess, loadAverage } from './bench-server.ts';
import { processCpuMs, openSearchPid } from './process-cpu.ts';
const pgCpu = () => { let t = 0; for (const e of readdirSync('/proc')) { if (!/^\d+$/.test(e)) continue; try { if (readFileSync(`/proc/${e}/comm`, 'utf8').trim() === 'postgres') t += processCpuMs(Number(e)); } catch {} } return t; };
const catalogue = await buildBenchCatalogue('bench_cost', 0);
const { server, base } = await startBenchServer(catalogue);
const os = openSearchPid();
const reqs: [string, string, string?][] = [
  ['search', '/search/fairsharing_records?page%5Bsize%5D=10', JSON.stringify({ q: 'genome' })],
  ['advanced', '/advanced_search?q=gene'],
  ['page500', '/fairsharing_records?page%5Bsize%5D=500'],
  ['export', '/export/records.json'],
];
console.log('load', loadAverage());
for (const [name, path, body] of reqs) {
  const go = () => fetch(base + path, body ? { method: 'POST', body, headers: { 'content-type': 'application/json', accept: 'application/json' } } : { headers: { accept: 'application/json' } }).then((r) => r.arrayBuffer());
  for (let warm = 0; warm < 3; warm++) await go();
  const N = name === 'search' ? 100 : 10;
  const c0 = processCpuMs(server.pid), o0 = processCpuMs(os), p0 = pgCpu(), t0 = performance.now();
  let bytes = 0;
  for (let i = 0; i < N; i++) bytes = (await go()).byteLength;
  console.log(name.padEnd(10), 'wall', ((performance.now() - t0) / N).toFixed(1), 'api cpu', ((processCpuMs(server.pid) - c0) / N).toFixed(1), 'os cpu', ((processCpuMs(os) - o0) / N).toFixed(1), 'pg cpu', ((pgCpu() - p0) / N).toFixed(1), 'bytes', bytes);
}
await stopProcess(server);
await catalogue.drop();
