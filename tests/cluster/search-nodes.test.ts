/**
 * OpenSearch as a cluster, on the machine's one node: several node URLs, a dead one among them,
 * and the index layout taken from configuration. (The 3-node cluster itself: failure.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { createSearchClient, indexLayoutSettings, loadConfig, writeActiveShards } from '@registry/platform';

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
