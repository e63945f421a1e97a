/**
 * docker-compose.cluster.yml describes the topology of scripts/cluster.sh. With Docker installed,
 * `docker compose -f … config` validates it; this machine has no Docker, so without it the file is
 * read with a YAML parser and its services, ports, health checks and the load balancer's
 * configuration are checked.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const COMPOSE_FILE = `${ROOT}docker-compose.cluster.yml`;
const hasDocker = spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0;

interface Service {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  networks?: Record<string, { ipv4_address?: string } | null>;
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(readFileSync(COMPOSE_FILE, 'utf8'), { merge: true }) as { services: Record<string, Service>; networks?: Record<string, { ipam?: { config?: { subnet: string }[] } }> };
const services = compose.services;
const named = (prefix: string) => Object.keys(services).filter((name) => name.startsWith(prefix)).sort();

describe('docker-compose.cluster.yml', () => {
  it.runIf(hasDocker)('is valid for docker compose', () => {
    execFileSync('docker', ['compose', '-f', COMPOSE_FILE, 'config', '--quiet'], { env: { ...process.env, JWT_SECRET: 'x'.repeat(40) } });
  });

  it('has 3 OpenSearch nodes that form one cluster, each with its own data and a health check', () => {
    expect(named('opensearch-')).toEqual(['opensearch-1', 'opensearch-2', 'opensearch-3']);
    for (const name of named('opensearch-')) {
      const node = services[name]!;
      expect(node.environment!['node.name']).toBe(name);
      expect(node.environment!['cluster.initial_cluster_manager_nodes']).toBe('opensearch-1,opensearch-2,opensearch-3');
      expect(node.environment!['discovery.seed_hosts']).toBe('opensearch-1,opensearch-2,opensearch-3');
      expect(node.environment!.OPENSEARCH_JAVA_OPTS).toBe('-Xms512m -Xmx512m');
      expect(node.volumes).toHaveLength(1);
      expect(node.healthcheck!.test.join(' ')).toMatch(/_cluster\/health/);
    }
    expect(new Set(named('opensearch-').map((name) => services[name]!.volumes![0]!.split(':')[0])).size).toBe(3);
    expect(services['opensearch-1']!.image).toBe(`opensearchproject/opensearch:${readFileSync(`${ROOT}scripts/services.sh`, 'utf8').match(/^OPENSEARCH_VERSION=(.+)$/m)![1]}`);
  });

  it('runs 2 api, 2 worker and 2 scheduler processes of the build, ready-checked, on all three nodes with a replica', () => {
    for (const [role, port] of [['api', 3000], ['worker', 3001], ['scheduler', 3001]] as const) {
      expect(named(`${role}-`)).toEqual([`${role}-1`, `${role}-2`]);
      for (const name of named(`${role}-`)) {
        const process = services[name]!;
        expect(process.command).toEqual(['npm', 'run', role]);
        expect(process.healthcheck!.test.join(' ')).toContain(`http://localhost:${port}/readyz`);
        expect(process.environment!.OPENSEARCH_URL.split(',')).toHaveLength(3);
        expect(process.environment!.OPENSEARCH_REPLICAS).toBe('1');
        expect(process.depends_on!.prepare!.condition).toBe('service_completed_successfully');
      }
    }
  });

  it('puts HAProxy in front of both api processes, checking /readyz, published on loopback only', () => {
    const haproxy = services.haproxy!;
    expect(haproxy.ports).toEqual(['127.0.0.1:3100:3000']);
    const config = readFileSync(`${ROOT}${haproxy.volumes![0]!.split(':')[0]!.replace(/^\.\//, '')}`, 'utf8');
    expect(config).toMatch(/option httpchk GET \/readyz/);
    expect(config).toMatch(/retry-on conn-failure/);
    expect(config.match(/^\s*server api-\d api-\d:3000 check$/gm)).toHaveLength(2);
    for (const name of Object.keys(services)) {
      for (const port of services[name]!.ports ?? []) expect(port, name).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it('has HAProxy send X-Forwarded-For from a fixed address that the api processes alone trust, and keeps /metrics off their public port', () => {
    const haproxy = services.haproxy!;
    const config = readFileSync(`${ROOT}${haproxy.volumes![0]!.split(':')[0]!.replace(/^\.\//, '')}`, 'utf8');
    expect(config).toMatch(/^\s*option forwardfor$/m);
    const address = haproxy.networks!.default!.ipv4_address!;
    expect(compose.networks!.default!.ipam!.config![0]!.subnet).toBe(`${address.split('.').slice(0, 3).join('.')}.0/24`);
    for (const name of [...named('api-'), ...named('worker-'), ...named('scheduler-')]) {
      expect(services[name]!.environment!.TRUST_PROXY, name).toBe(address);
      expect(services[name]!.environment!.METRICS_PORT, name).not.toBe(services[name]!.environment!.PORT);
    }
  });
});
