/**
 * A rate limit holds across API processes: two apps on the same Redis (as two `api` processes of
 * one site would be) share one allowance per client, and a site with its own key prefix has its own.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '@registry/api';
import { sharedCatalogueConfig } from '../support/environment.ts';

const opened: FastifyInstance[] = [];
const prefixes: string[] = [];

async function apiProcess(queuePrefix: string, rateLimitMax: number): Promise<FastifyInstance> {
  const app = await buildApp({ config: { ...sharedCatalogueConfig(), queuePrefix }, logger: false, rateLimitMax, rateLimitStore: 'redis' });
  await app.ready();
  opened.push(app);
  return app;
}

function sitePrefix(): string {
  const prefix = `${process.env.QUEUE_PREFIX}_limits_${randomUUID().slice(0, 8)}`;
  prefixes.push(prefix);
  return prefix;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
  const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
  for (const prefix of prefixes.splice(0)) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
  }
  redis.disconnect();
});

const read = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/fairsharing_records?page[size]=1', headers: { accept: 'application/json' } });

describe('rate limits shared through Redis', () => {
  it('two API processes of one site spend one allowance per client', async () => {
    const prefix = sitePrefix();
    const [first, second] = [await apiProcess(prefix, 4), await apiProcess(prefix, 4)];
    const statuses: number[] = [];
    for (const app of [first, second, first, second, first, second]) statuses.push((await read(app)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = await read(second);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.json().message).toMatch(/Rate limit exceeded: at most 4 requests/);
  });

  it('another site on the same Redis (its own key prefix) counts apart', async () => {
    const mine = await apiProcess(sitePrefix(), 2);
    const theirs = await apiProcess(sitePrefix(), 2);
    expect([(await read(mine)).statusCode, (await read(mine)).statusCode, (await read(mine)).statusCode]).toEqual([200, 200, 429]);
    expect((await read(theirs)).statusCode).toBe(200);
  });
});
