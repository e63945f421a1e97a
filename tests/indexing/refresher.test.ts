/**
 * The queue worker's refresher: requests made while a refresh runs share the next one, so a burst
 * of jobs costs two refreshes, not one each; what was written before a request is searchable once
 * it has settled. Against an index of its own whose periodic refresh is off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchClient, loadConfig, type SearchClient } from '@registry/platform';
import { createRefresher } from '@registry/indexer/src/refresher.ts';

const config = loadConfig(process.env);
const index = `${config.indexPrefix}refresher_${process.pid}`;
let client: SearchClient;

beforeAll(async () => {
  client = createSearchClient(config);
  await client.indices.create({ index, body: { settings: { number_of_shards: 1, number_of_replicas: 0, refresh_interval: '-1' } } });
});

afterAll(async () => {
  await client?.indices.delete({ index }, { ignore: [404] });
  await client?.close();
});

async function refreshes(): Promise<number> {
  const stats = await client.indices.stats({ index, metric: 'refresh' });
  return Number((stats.body as { indices: Record<string, { primaries: { refresh: { external_total: number } } }> }).indices[index]!.primaries.refresh.external_total);
}

async function found(): Promise<number> {
  const answer = await client.search({ index, body: { query: { match_all: {} } } });
  return (answer.body.hits.hits as unknown[]).length;
}

describe('refresher', () => {
  it('makes the writes before a request searchable, and runs one refresh for the requests made during another', async () => {
    const errors: Error[] = [];
    const refresher = createRefresher(client, index, (error) => errors.push(error));
    await client.index({ index, id: '1', body: { name: 'first' } });
    expect(await found()).toBe(0);
    const before = await refreshes();

    refresher.request();
    for (let n = 0; n < 5; n++) refresher.request();
    await refresher.settled();

    expect(await found()).toBe(1);
    expect(await refreshes()).toBe(before + 2);
    expect(errors).toEqual([]);
  });

  it('reports a failed refresh and goes on', async () => {
    const errors: Error[] = [];
    const refresher = createRefresher(client, `${index}_missing`, (error) => errors.push(error));
    refresher.request();
    await refresher.settled();
    expect(errors).toHaveLength(1);
  });
});
