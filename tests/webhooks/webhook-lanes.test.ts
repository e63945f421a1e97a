/**
 * One receiver only delays itself: a plain user's 8 webhooks to a receiver that takes seconds to
 * answer do not hold up a curator's webhook to another host (the example: its change
 * arrived 77 s late behind batches waiting for the slow receiver, instead of a fraction of a
 * second); the slow webhooks are moved to their own lane. And webhooks are bounded per account
 * and per target host, with a 422 that says the bound.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningWebhookDelivery } from '@registry/api/webhooks/webhook-jobs.ts';
import { startQuietDelivery } from './quiet-delivery.ts';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { editableRecords, renamePayload, type EditableRecord } from '../../scripts/bench/record-saves.ts';
import { call, startAccountsHarness, type AccountsHarness } from '../accounts/support.ts';
import { person, type Person } from '../community/support.ts';
import { startReceiver, type Receiver } from './receiver.ts';

/** The receiver answered after 10 s; 3 s (six fast-lane budgets of this test) shows the same within the test's time. */
const SLOW_ANSWER_MS = 3_000;
const FAST_LANE_MS = 500;
const SLOW_HOOKS = 8;
const SAVES = 5;

let harness: AccountsHarness;
let slowReceiver: Receiver;
let curatorReceiver: Receiver;
let delivery: RunningWebhookDelivery;
let curator: Person;
let plainUser: Person;
let records: EditableRecord[];

const register = (who: Person, webhook: Record<string, unknown>) => call(harness.app, { method: 'POST', url: '/webhooks', token: who.token, payload: { webhook } });

async function rename(record: EditableRecord, name: string): Promise<void> {
  const objectTypeIds = [Number((await harness.env.db('object_types').orderBy('id').first('id')).id)];
  const response = await call(harness.app, { method: 'PUT', url: `/fairsharing_records/${record.id}`, token: curator.token, payload: renamePayload(record, name, objectTypeIds) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** Change → received, of each delivery the curator's receiver took so far. */
const curatorLatencies = () => curatorReceiver.received.map((item) => item.receivedAt - Date.parse(item.payload.timestamp));

beforeAll(async () => {
  slowReceiver = await startReceiver();
  curatorReceiver = await startReceiver();
  harness = await startAccountsHarness('webhook_lanes', {
    // 127.0.0.2 and 127.0.0.3 are hosts the bounds test registers webhooks to (never sent to).
    egressAllow: [slowReceiver.hostPort, curatorReceiver.hostPort, '127.0.0.2', '127.0.0.3'],
    // Every local receiver is the host 127.0.0.1: the plain user's 8 webhooks there are allowed
    // here, so that only the lanes keep the curator's deliveries on time.
    webhooks: {
      retryAttempts: 5, retryWindowMs: 3_000, secretOverlapMs: 60_000, disableAfterMs: 86_400_000,
      fastLaneMs: FAST_LANE_MS, maxPerAccount: 10, maxPerHost: SLOW_HOOKS,
    },
  });
  await seedDemoCatalogue(harness.env.db);
  curator = await person(harness, 'lanes-curator', 'curator');
  plainUser = await person(harness, 'lanes-user');
  records = await editableRecords(harness.env.db, SAVES + 1);
  delivery = startQuietDelivery(harness.config, harness.env.db);
}, 180_000);

afterAll(async () => {
  await delivery?.stop();
  await harness?.close();
  await slowReceiver?.close();
  await curatorReceiver?.close();
});

describe('a slow receiver', () => {
  it('does not delay a curator’s webhook to another host; its webhooks leave the fast lane', { timeout: 120_000 }, async () => {
    const created = await register(curator, { url: curatorReceiver.url('/curator'), events: ['record.updated'], filters: { record_ids: records.map((record) => record.id) } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The curator's normal time: one change with no slow receiver about.
    await rename(records[0], `${records[0].name} (lanes baseline)`);
    await vi.waitFor(() => expect(curatorReceiver.received).toHaveLength(1), { timeout: 20_000, interval: 50 });
    const [baseline] = curatorLatencies();

    for (let n = 0; n < SLOW_HOOKS; n += 1) {
      slowReceiver.delay(`/slow${n}`, SLOW_ANSWER_MS);
      const slow = await register(plainUser, { url: slowReceiver.url(`/slow${n}`), events: ['record.updated'] });
      expect(slow.status, JSON.stringify(slow.body)).toBe(201);
    }
    for (let n = 1; n <= SAVES; n += 1) await rename(records[n], `${records[n].name} (lanes ${n})`);
    await vi.waitFor(() => expect(curatorReceiver.received).toHaveLength(SAVES + 1), { timeout: 100_000, interval: 100 });
    const latencies = curatorLatencies().slice(1);
    expect(Math.max(...latencies), `the curator's deliveries took ${latencies.join(', ')} ms (alone: ${baseline} ms)`).toBeLessThanOrEqual(baseline + 2_000);

    // The slow receiver is still sent its deliveries (one at a time, in its own lane).
    await vi.waitFor(() => expect(slowReceiver.received.length).toBeGreaterThan(0), { timeout: 20_000, interval: 100 });
    const listed = await call(harness.app, { method: 'GET', url: '/webhooks', token: plainUser.token });
    const slowUntil = (listed.body as unknown as { slow_until: string | null }[]).map((webhook) => webhook.slow_until);
    expect(slowUntil.every((until) => until !== null && Date.parse(until) > Date.now()), JSON.stringify(slowUntil)).toBe(true);
  });
});

describe('bounds at registration', () => {
  it('refuses a webhook beyond the bound per target host and per account with a 422 saying the bound', async () => {
    const bounded = await person(harness, 'lanes-bounded');
    const hook = (host: string, n: number) => ({ url: `http://${host}:9/hook${n}`, events: ['claim.decided'] });
    for (let n = 0; n < SLOW_HOOKS; n += 1) expect((await register(bounded, hook('127.0.0.2', n))).status).toBe(201);
    const beyondHost = await register(bounded, hook('127.0.0.2', SLOW_HOOKS));
    expect(beyondHost.status).toBe(422);
    expect(beyondHost.body.message).toMatch(/at most 8 webhooks to one host \(127\.0\.0\.2\)/);
    // The same host under another port is the same host.
    expect((await register(bounded, { ...hook('127.0.0.2', 99), url: 'http://127.0.0.2:10/hook' })).status).toBe(422);

    const other = await register(bounded, hook('127.0.0.3', 0));
    expect(other.status).toBe(201);
    expect((await register(bounded, hook('127.0.0.3', 1))).status).toBe(201);
    const beyondAccount = await register(bounded, hook('127.0.0.3', 2));
    expect(beyondAccount.status).toBe(422);
    expect(beyondAccount.body.message).toMatch(/at most 10 webhooks/);

    // Moving a webhook to a host that already has the most is refused too; deleting one makes room.
    const moved = await call(harness.app, { method: 'PUT', url: `/webhooks/${other.body.id}`, token: bounded.token, payload: { webhook: { url: 'http://127.0.0.2:9/moved' } } });
    expect(moved.status).toBe(422);
    expect(moved.body.message).toMatch(/at most 8 webhooks to one host/);
    expect((await call(harness.app, { method: 'DELETE', url: `/webhooks/${other.body.id}`, token: bounded.token })).status).toBe(200);
    expect((await register(bounded, hook('127.0.0.3', 3))).status).toBe(201);
    expect(Number((await harness.env.db('webhooks').where({ owner_id: bounded.id }).count({ n: '*' }).first())?.n)).toBe(10);
  });
});
