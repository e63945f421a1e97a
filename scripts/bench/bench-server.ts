/**
 * What the benches share: the server under test in a child process of its own (so its memory is
 * its own), its memory, the machine's load, and the REST walk over every public record.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';

export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/** Resident memory of a process now (VmRSS) and its peak so far (VmHWM), in MB. */
export function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const read = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: read('VmRSS'), peak: read('VmHWM') };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
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
