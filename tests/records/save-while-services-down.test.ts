/**
 * A save through the real REST routes never depends on Redis or OpenSearch: with either one
 * down the record is created or edited in Postgres with its outbox rows, and once both are back
 * the indexer makes it searchable by its new name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSearchClient, type SearchClient } from '@registry/platform';
import { recordsAlias } from '@registry/schemas';
import { reindexAll, startIndexer } from '@registry/indexer';
import { signUserToken } from '@registry/api/http/auth.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';
import { insertFixtureVocabulary, type FixtureIds } from '../indexing/fixtures.ts';
import { freePort } from '../../scripts/free-port.ts';
import { startRedisServer, type ChildHandle } from '../indexing/child-processes.ts';
import { waitFor } from '../indexing/search-helpers.ts';

let env: IsolatedEnvironment;
let client: SearchClient;
let fixture: FixtureIds;
let curatorId: number;
const children: ChildHandle[] = [];
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  env = await createIsolatedEnvironment('save_services_down');
  fixture = await insertFixtureVocabulary(env.db);
  const [curator] = await env.db('users').insert({ username: 'curator', email: 'curator@example.org', role: 'curator', confirmed_at: env.db.fn.now() }).returning('id');
  curatorId = curator.id;
  client = createSearchClient(env.config);
  await reindexAll({ db: env.db, client, indexPrefix: env.config.indexPrefix });
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const child of children) await child.kill();
  await client?.close();
  await env?.cleanup();
});

async function appWith(overrides: Partial<IsolatedEnvironment['config']>): Promise<{ app: FastifyInstance; token: string }> {
  const app = await buildTestApp({ ...env.config, ...overrides }, { db: env.db });
  apps.push(app);
  return { app, token: await signUserToken(app, curatorId) };
}

/** A collection needs no object type; its text is FAIRsharing's own description of a collection. */
function collection(name: string) {
  return {
    fairsharing_record: {
      metadata: { name, homepage: 'https://fairsharing.org/collections', description: 'A collection of standards, databases and policies curated together for one community.', status: 'ready' },
      record_type_id: fixture.recordTypes.collection,
    },
  };
}

async function searchIds(name: string): Promise<number[]> {
  await client.indices.refresh({ index: recordsAlias(env.config.indexPrefix) });
  const response = await client.search({ index: recordsAlias(env.config.indexPrefix), body: { query: { match_phrase: { name } } } });
  return (response.body.hits.hits as { _id: string }[]).map((hit) => Number(hit._id));
}

describe('saving while a backing service is down', () => {
  it('creates with Redis stopped and edits with OpenSearch unreachable; search shows the edit once they are back', async () => {
    const port = await freePort();
    const redis = await startRedisServer(port);
    children.push(redis);
    const queuePrefix = `${env.config.queuePrefix}_down`;
    const withPrivateRedis = await appWith({ redisUrl: redis.url, queuePrefix });
    await redis.kill();

    const created = await withPrivateRedis.app.inject({
      method: 'POST', url: '/fairsharing_records', headers: { authorization: `Bearer ${withPrivateRedis.token}` }, payload: collection('Outage collection'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.id);
    expect(await env.db('index_outbox').where({ entity_type: 'record', entity_id: id }).whereNull('enqueued_at').first('id')).toBeDefined();

    const withoutSearch = await appWith({ opensearchUrl: 'http://127.0.0.1:9' });
    const renamed = await withoutSearch.app.inject({
      method: 'PUT', url: `/fairsharing_records/${id}`, headers: { authorization: `Bearer ${withoutSearch.token}` },
      payload: { fairsharing_record: collection('Renamed while search was down').fairsharing_record },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await env.db('records').where({ id }).first('name')).toEqual({ name: 'Renamed while search was down' });
    expect(await searchIds('Renamed while search was down')).toEqual([]);

    // Both back (the run's real Redis and OpenSearch): the sweeper indexes what the outbox holds.
    const indexer = await startIndexer(env.config, { ensureIndex: false, sweeper: { intervalMs: 300, minAgeMs: 500 }, log: () => undefined });
    try {
      await waitFor('the renamed record in search', async () => (await searchIds('Renamed while search was down')).includes(id), 30_000, 300);
    } finally {
      await indexer.stop();
    }
  }, 120_000);
});
