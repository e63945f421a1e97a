/**
 * View counts: concurrent views are all counted once the buffer is flushed, bots are not,
 * and nothing about the visitor (their IP) is stored in Postgres or Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { flushRecordViews, isObviousBot, recordViewKeys } from '@registry/api/record-views/record-view-counter.ts';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';

let env: IsolatedEnvironment;
let app: FastifyInstance;
let spreadIds: number[];

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
/** From the documentation range (RFC 5737), so any trace of it is ours. */
const VISITOR_IP = '203.0.113.77';
const BUSY_RECORD = 2;

function view(recordId: number, userAgent = BROWSER) {
  return app.inject({ method: 'POST', url: `/record_views/${recordId}`, headers: { 'user-agent': userAgent }, remoteAddress: VISITOR_IP });
}

const flush = () => flushRecordViews(app.redis, app.db, recordViewKeys(env.config.queuePrefix));

async function viewsIn(recordIds: number[]): Promise<Map<number, number>> {
  const rows = await env.db('record_views').whereIn('record_id', recordIds).select('record_id', 'views');
  return new Map(rows.map((row: { record_id: number; views: string }) => [row.record_id, Number(row.views)]));
}

beforeAll(async () => {
  env = await createIsolatedEnvironment('statistics_views');
  await seedDemoCatalogue(env.db);
  const rows = await env.db('records').whereNot({ id: BUSY_RECORD }).where({ is_hidden: false, is_approved: true }).orderBy('id').limit(100).select('id');
  spreadIds = rows.map((row: { id: number }) => row.id);
  app = await buildTestApp(env.config, { db: env.db });
}, 240_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('view counts', () => {
  it('counts 1,000 concurrent views of one record and 1,000 over 100 records exactly, with a flush in the middle', async () => {
    const busy = Array.from({ length: 1_000 }, () => view(BUSY_RECORD));
    const spread = Array.from({ length: 1_000 }, (_, index) => view(spreadIds[index % 100]));
    const [answers, flushedMeanwhile] = await Promise.all([Promise.all([...busy, ...spread]), flush()]);
    expect(answers.every((answer) => answer.statusCode === 202 && answer.json().counted === true)).toBe(true);
    const flushedAfter = await flush();
    expect(flushedMeanwhile + flushedAfter).toBe(2_000);

    expect((await viewsIn([BUSY_RECORD])).get(BUSY_RECORD)).toBe(1_000);
    const spreadCounts = await viewsIn(spreadIds);
    expect(spreadCounts.size).toBe(100);
    expect([...spreadCounts.values()].every((count) => count === 10)).toBe(true);
  });

  it('shows the totals on the home figures, the record and the most-viewed ranking', async () => {
    expect((await app.inject({ url: '/homepage_stats' })).json().views).toBe(2_000);
    expect((await app.inject({ url: `/record_views/${BUSY_RECORD}` })).json()).toEqual({ recordId: BUSY_RECORD, views: 1_000 });
    const answer = await app.inject({ url: '/statistics/most_viewed?size=3' });
    const ranking = answer.json();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(ranking).toHaveLength(3);
    expect(ranking[0]).toMatchObject({ id: BUSY_RECORD, views: 1_000, registry: 'standard' });
    expect(ranking[1].views).toBe(10);
  });

  it('does not count obvious bots', async () => {
    const bots = ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', 'python-requests/2.32', '', 'Mozilla/5.0 HeadlessChrome/126.0'];
    for (const userAgent of bots) {
      const answer = await view(BUSY_RECORD, userAgent);
      expect(answer.statusCode).toBe(202);
      expect(answer.json().counted).toBe(false);
    }
    expect(await flush()).toBe(0);
    expect((await viewsIn([BUSY_RECORD])).get(BUSY_RECORD)).toBe(1_000);
    expect(isObviousBot(BROWSER)).toBe(false);
  });

  it('drops views of records that do not exist and refuses ids that cannot be records', async () => {
    expect((await view(2_000_000_000)).statusCode).toBe(202);
    await flush();
    expect(await env.db('record_views').where({ record_id: 2_000_000_000 }).first()).toBeUndefined();
    expect((await view(0)).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/record_views/abc', headers: { 'user-agent': BROWSER } })).statusCode).toBe(400);
  });

  it('stores no IP anywhere: no table and no Redis key holds the visitor address', async () => {
    const columns = await env.db.raw<{ rows: { table_name: string; column_name: string }[] }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'inet', 'cidr', 'ARRAY')`,
    );
    for (const { table_name: table, column_name: column } of columns.rows) {
      const [{ n }] = (await env.db.raw<{ rows: { n: number }[] }>(`SELECT count(*)::int AS n FROM ?? WHERE ??::text LIKE ?`, [table, column, `%${VISITOR_IP}%`])).rows;
      expect(n, `${table}.${column}`).toBe(0);
    }
    const viewColumns = await env.db('information_schema.columns').where({ table_name: 'record_views' }).pluck('column_name');
    expect(viewColumns.sort()).toEqual(['record_id', 'views']);
    const keys = await app.redis.keys(`${env.config.queuePrefix}*`);
    for (const key of keys) {
      const type = await app.redis.type(key);
      const content = type === 'hash' ? JSON.stringify(await app.redis.hgetall(key)) : type === 'string' ? await app.redis.get(key) : '';
      expect(`${key} ${content}`).not.toContain(VISITOR_IP);
    }
  });
});
