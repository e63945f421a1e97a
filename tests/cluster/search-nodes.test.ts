/**
 * OpenSearch as a cluster, on the machine's one node: several node URLs, a dead one among them,
 * the index layout taken from configuration, and each visitor's searches sent with one
 * `preference` (seen by a pass-through HTTP hop in front of OpenSearch). (The 3-node cluster
 * itself: failure.test.ts.)
 */
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@registry/api';
import { createSearchClient, indexLayoutSettings, loadConfig, writeActiveShards } from '@registry/platform';
import { sharedCatalogueConfig } from '../support/environment.ts';

const live = process.env.OPENSEARCH_URL || 'http://127.0.0.1:9200';
const jwt = { JWT_SECRET: 'x'.repeat(40) };

describe('OpenSearch nodes and index layout from configuration', () => {
  it('a call goes to another node when one refuses the connection', async () => {
    const client = createSearchClient({ opensearchUrl: `http://127.0.0.1:1,${live},http://127.0.0.1:2` });
    try {
      for (let call = 0; call < 6; call++) {
        const health = await client.cluster.health({});
        expect(health.body.status).not.toBe('red');
      }
    } finally {
      await client.close();
    }
  });

  it("sends one visitor's searches with one preference, another visitor's with another", async () => {
    const target = new URL(live);
    const preferences: string[] = [];
    // Forwards every call to OpenSearch as it came, noting the preference of searches.
    const hop: Server = createServer((incoming, outgoing) => {
      const url = new URL(incoming.url ?? '/', live);
      if (url.pathname.endsWith('/_search')) preferences.push(url.searchParams.get('preference') ?? '(none)');
      const upstream = forward({ host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      incoming.pipe(upstream);
    });
    await new Promise<void>((resolve) => hop.listen(0, '127.0.0.1', resolve));
    const app = await buildApp({ config: { ...sharedCatalogueConfig(), opensearchUrl: `http://127.0.0.1:${(hop.address() as AddressInfo).port}` }, logger: false });
    try {
      const searchAs = async (remoteAddress: string, q: string) => {
        const response = await app.inject({ method: 'POST', url: '/search/fairsharing_records?page%5Bsize%5D=5', remoteAddress, payload: { q }, headers: { accept: 'application/json' } });
        expect(response.statusCode).toBe(200);
        return preferences.splice(0);
      };
      const first = await searchAs('127.0.0.5', 'ontology');
      const again = await searchAs('127.0.0.5', 'genome');
      const other = await searchAs('127.0.0.6', 'ontology');
      expect(first.length).toBeGreaterThan(0);
      expect(new Set([...first, ...again]).size).toBe(1);
      expect(first[0]).toMatch(/^[^_]/);
      expect(first[0]).not.toBe('(none)');
      expect(new Set(other).size).toBe(1);
      expect(other[0]).not.toBe(first[0]);
    } finally {
      await app.close();
      await new Promise((resolve) => hop.close(resolve));
    }
  });

  it('one node has no replica, several have one, and both can be set', () => {
    expect(loadConfig({ ...jwt, OPENSEARCH_URL: 'http://127.0.0.1:9200' }).searchIndexLayout).toEqual({ shards: 1, replicas: 0 });
    const cluster = loadConfig({ ...jwt, OPENSEARCH_URL: 'http://127.0.0.1:9201, http://127.0.0.1:9202,http://127.0.0.1:9203' });
    expect(cluster.opensearchUrl).toBe('http://127.0.0.1:9201,http://127.0.0.1:9202,http://127.0.0.1:9203');
    expect(cluster.searchIndexLayout).toEqual({ shards: 1, replicas: 1 });
    expect(loadConfig({ ...jwt, OPENSEARCH_SHARDS: '3', OPENSEARCH_REPLICAS: '2' }).searchIndexLayout).toEqual({ shards: 3, replicas: 2 });
  });

  it('refuses a bad node URL or count with the variable named', () => {
    expect(() => loadConfig({ ...jwt, OPENSEARCH_URL: 'http://127.0.0.1:9201,ftp://x' })).toThrow(/OPENSEARCH_URL/);
    expect(() => loadConfig({ ...jwt, OPENSEARCH_REPLICAS: '-1' })).toThrow(/OPENSEARCH_REPLICAS/);
    expect(() => loadConfig({ ...jwt, OPENSEARCH_SHARDS: '0' })).toThrow(/OPENSEARCH_SHARDS/);
  });

  it('writes wait for the primary alone up to one replica, for a majority of copies above', () => {
    expect([0, 1, 2, 3, 4].map(writeActiveShards)).toEqual([1, 1, 2, 3, 3]);
    expect(indexLayoutSettings({ shards: 2, replicas: 1 })).toEqual({
      number_of_shards: 2,
      number_of_replicas: 1,
      'write.wait_for_active_shards': '1',
    });
  });
});
