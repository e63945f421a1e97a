import { spawn } from 'node:child_process';
import { freePort } from '../free-port.ts';
import { buildBenchCatalogue, stopProcess } from './bench-server.ts';
const catalogue = await buildBenchCatalogue('bench_prof', 0);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-interval', '500', '--cpu-prof-dir=/tmp/prof', '--import', 'tsx', 'services/api/src/server.ts'], { env: { ...process.env, DATABASE_URL: catalogue.databaseUrl, INDEX_PREFIX: catalogue.indexPrefix, QUEUE_PREFIX: catalogue.queuePrefix, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, INDEXER: 'off', RATE_LIMIT_MAX: '100000000', LOG_LEVEL: 'warn', NODE_ENV: 'development' }, stdio: ['ignore', 'ignore', 'inherit'] });
for (;;) { if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break; await new Promise((r) => setTimeout(r, 500)); }
const paths = (process.argv[2] ?? '/advanced_search?q=gene').split(',');
for (const path of paths) for (let i = 0; i < 6; i++) {
  await fetch(base + path, { headers: { accept: 'application/json' } }).then((r) => r.arrayBuffer());
  await new Promise((r) => setTimeout(r, 300));
}
await stopProcess(server);
await catalogue.drop();
