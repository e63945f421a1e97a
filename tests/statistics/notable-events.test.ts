/** The timeline's notable events: seeded by their migration with sourced milestones, answered oldest first. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';

let env: IsolatedEnvironment;
let app: FastifyInstance;

beforeAll(async () => {
  env = await createIsolatedEnvironment('statistics_notable_events');
  app = await buildTestApp(env.config, { db: env.db });
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('GET /notable_events', () => {
  it('answers the dated milestones oldest first, each with its source', async () => {
    const response = await app.inject({ url: '/notable_events', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(200);
    const events = response.json() as { date: string; precision: string; title: string; sourceUrl: string | null }[];
    expect(events.length).toBeGreaterThanOrEqual(4);
    const dates = events.map((event) => event.date);
    expect(dates).toEqual([...dates].sort());
    for (const event of events) {
      expect(event.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(['day', 'month', 'year']).toContain(event.precision);
      expect(event.sourceUrl).toMatch(/^https:\/\/doi\.org\/10\./);
    }
    expect(events.find((event) => event.title.includes('FAIR Guiding Principles'))).toMatchObject({ date: '2016-03-15', precision: 'day' });
  });

  it('keeps a precision the table accepts', async () => {
    await expect(env.db('notable_events').insert({ happened_on: '2020-01-01', precision: 'decade', title: 'x' })).rejects.toThrow(/notable_events_precision_check/);
  });
});
