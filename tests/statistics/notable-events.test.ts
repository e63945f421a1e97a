/**
 * The timeline's notable events: seeded by their migration with sourced milestones, answered
 * oldest first; super curators add, change and delete them (everyone else is refused), and bad
 * input gets a 400 naming what is wrong, with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';
import { signUserToken } from '@registry/api/http/auth.ts';
import { NOTABLE_EVENT_MESSAGES } from '@registry/schemas/forms/notable-events.ts';

let env: IsolatedEnvironment;
let app: FastifyInstance;
const tokens = { user: '', curator: '', super: '' };

beforeAll(async () => {
  env = await createIsolatedEnvironment('statistics_notable_events');
  app = await buildTestApp(env.config, { db: env.db });
  for (const role of ['user', 'curator', 'super'] as const) {
    const [row] = await env.db('users')
      .insert({ username: `events-${role}`, email: `events-${role}@example.org`, role: role === 'super' ? 'super_curator' : role, confirmed_at: new Date() })
      .returning('id');
    tokens[role] = await signUserToken(app, Number(row.id));
  }
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

describe('POST, PUT and DELETE /notable_events', () => {
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, body?: Record<string, unknown>) =>
    app.inject({
      method,
      url,
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: body === undefined ? undefined : { notable_event: body },
    });
  // The FAIR principles' paper (a real, sourced milestone), entered as month-precise.
  const event = {
    date: '2016-03-15',
    precision: 'month',
    title: 'FAIR principles: the month they appeared',
    description: 'Scientific Data, March 2016.',
    source_url: 'https://doi.org/10.1038/sdata.2016.18',
  };
  const stored = () => env.db('notable_events').count<{ count: string }[]>('id as count').then(([row]) => Number(row.count));

  it('refuses anonymous visitors, users and curators', async () => {
    const before = await stored();
    const [seeded] = await env.db('notable_events').orderBy('id').limit(1).select('id');
    expect((await send('POST', '/notable_events', null, event)).statusCode).toBe(401);
    expect((await send('POST', '/notable_events', tokens.user, event)).statusCode).toBe(403);
    expect((await send('POST', '/notable_events', tokens.curator, event)).statusCode).toBe(403);
    expect((await send('PUT', `/notable_events/${seeded.id}`, null, event)).statusCode).toBe(401);
    expect((await send('PUT', `/notable_events/${seeded.id}`, tokens.user, event)).statusCode).toBe(403);
    expect((await send('PUT', `/notable_events/${seeded.id}`, tokens.curator, event)).statusCode).toBe(403);
    expect((await send('DELETE', `/notable_events/${seeded.id}`, null)).statusCode).toBe(401);
    expect((await send('DELETE', `/notable_events/${seeded.id}`, tokens.user)).statusCode).toBe(403);
    expect((await send('DELETE', `/notable_events/${seeded.id}`, tokens.curator)).statusCode).toBe(403);
    expect(await stored()).toBe(before);
  });

  it('answers bad input with a 400 and its message, writing nothing', async () => {
    const before = await stored();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...event, date: '2016-02-30' }, NOTABLE_EVENT_MESSAGES.date],
      [{ ...event, date: '15/03/2016' }, NOTABLE_EVENT_MESSAGES.date],
      [{ ...event, precision: 'decade' }, NOTABLE_EVENT_MESSAGES.precision],
      [{ ...event, title: '  ' }, 'Required'],
      [{ ...event, source_url: 'javascript:alert(1)' }, NOTABLE_EVENT_MESSAGES.sourceUrl],
    ];
    for (const [body, message] of cases) {
      const response = await send('POST', '/notable_events', tokens.super, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect((await send('POST', '/notable_events', tokens.super)).statusCode).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('lets a super curator add, change and delete an event; the list shows each change', async () => {
    const list = async () => (await app.inject({ url: '/notable_events', headers: { accept: 'application/json' } })).json() as { id: number; date: string; title: string }[];
    const created = await send('POST', '/notable_events', tokens.super, event);
    expect(created.statusCode).toBe(201);
    // Month precision: stored on the month's first day.
    expect(created.json()).toMatchObject({ date: '2016-03-01', precision: 'month', title: event.title, sourceUrl: event.source_url });
    const id = created.json().id as number;
    expect((await list()).find((row) => row.id === id)).toMatchObject({ date: '2016-03-01' });

    const changed = await send('PUT', `/notable_events/${id}`, tokens.super, { ...event, precision: 'day', source_url: '' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id, date: '2016-03-15', precision: 'day', sourceUrl: null });
    expect((await send('PUT', `/notable_events/${id}`, tokens.super, { ...event, date: 'soon' })).statusCode).toBe(400);
    expect((await list()).find((row) => row.id === id)).toMatchObject({ date: '2016-03-15' });

    expect((await send('DELETE', `/notable_events/${id}`, tokens.super)).statusCode).toBe(200);
    expect((await list()).some((row) => row.id === id)).toBe(false);
    expect((await send('DELETE', `/notable_events/${id}`, tokens.super)).statusCode).toBe(404);
    expect((await send('PUT', `/notable_events/${id}`, tokens.super, event)).statusCode).toBe(404);
  });
});
