/**
 * Drives `scripts/cluster.sh` for a test: a cluster of its own (folder, database, prefixes and
 * ports apart from a developer's `cluster.sh up` and from `npm start`), its members' addresses,
 * and which scheduler leads.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export type MemberRole = 'opensearch' | 'api' | 'worker' | 'scheduler';

export interface TestCluster {
  env: Record<string, string>;
  /** The load balancer. */
  url: string;
  /** The database of the cluster, the index prefix and the queue prefix its roles use. */
  databaseUrl: string;
  indexPrefix: string;
  queuePrefix: string;
  opensearchUrls: string[];
  jwtSecret(): string;
  sh(...args: string[]): Promise<string>;
  schedulerPorts: number[];
}

export function testCluster(name: string, ports: { lb: number; opensearch: number }, seedFile: string): TestCluster {
  const dir = join(ROOT, '.cache', `cluster-${name}`);
  const env = {
    CLUSTER_DIR: dir,
    CLUSTER_NAME: name,
    CLUSTER_PORT: String(ports.lb),
    CLUSTER_OS_PORT: String(ports.opensearch),
    CLUSTER_SEED: seedFile,
  };
  const postgresBase = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432';
  return {
    env,
    url: `http://127.0.0.1:${ports.lb}`,
    databaseUrl: `${postgresBase}/registry_${name}`,
    indexPrefix: `${name}_`,
    queuePrefix: `registry_${name}`,
    opensearchUrls: [0, 1, 2].map((n) => `http://127.0.0.1:${ports.opensearch + n}`),
    jwtSecret: () => readFileSync(join(dir, 'jwt-secret'), 'utf8').trim(),
    schedulerPorts: [1, 2].map((n) => ports.lb + 20 + n),
    async sh(...args: string[]) {
      const { stdout } = await run('bash', [join(ROOT, 'scripts/cluster.sh'), ...args], {
        cwd: ROOT,
        env: { ...process.env, ...env },
        maxBuffer: 4 * 1024 * 1024,
        timeout: 600_000,
      });
      return stdout;
    },
  };
}

/** The scheduler that holds the lead (its /readyz says so), 1-based. */
export async function leadingScheduler(cluster: TestCluster): Promise<number | undefined> {
  for (const [index, port] of cluster.schedulerPorts.entries()) {
    const answer = await fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.text(), () => '');
    if (/"leader"\s*:\s*true/.test(answer)) return index + 1;
  }
  return undefined;
}
