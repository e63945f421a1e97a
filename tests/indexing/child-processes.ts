/**
 * Child processes for failure tests: an indexer worker run exactly as `npm run indexer` runs it,
 * and a private Redis server (never the machine's: other suites use that one).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import type { RegistryConfig } from '@registry/platform';
import { serviceVariables } from '../support/environment.ts';
import { waitFor } from './search-helpers.ts';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface ChildHandle {
  process: ChildProcess;
  output: () => string;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
}

function handle(child: ChildProcess): ChildHandle {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    process: child,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Starts `tsx indexer/src/cli/worker.ts` and waits until it consumes the queue. */
export async function startWorkerProcess(config: RegistryConfig, env: Record<string, string> = {}): Promise<ChildHandle> {
  const child = spawn(`${repositoryRoot}node_modules/.bin/tsx`, ['indexer/src/cli/worker.ts'], {
    cwd: repositoryRoot,
    env: { ...process.env, ...serviceVariables(config), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const worker = handle(child);
  try {
    await waitFor('the worker to start', async () => {
      if (child.exitCode !== null) throw new Error(`worker exited early:\n${worker.output()}`);
      return worker.output().includes('indexer: consuming');
    }, 60_000);
  } catch (error) {
    await worker.kill();
    throw error;
  }
  return worker;
}

export interface RedisServerHandle extends ChildHandle {
  url: string;
}

/** A throw-away Redis on `port` (no persistence), answering PING before this returns. */
export async function startRedisServer(port: number): Promise<RedisServerHandle> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = handle(child);
  const url = `redis://127.0.0.1:${port}`;
  await waitFor('the private redis to answer', async () => {
    if (child.exitCode !== null) throw new Error(`redis-server exited:\n${server.output()}`);
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  }, 15_000, 100);
  return { ...server, url };
}
