/**
 * Webhooks end to end: registration through REST (the secret shown once, internal addresses
 * refused with why, only the owner sees or changes a webhook), then deliveries from the change
 * feed to a local receiver that checks each Standard Webhooks signature, under concurrent saves
 * and a receiver that is down at first: every change arrives under one id, retried until taken.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningWebhookDelivery } from '@registry/api/webhooks/webhook-jobs.ts';
import { startQuietDelivery } from './quiet-delivery.ts';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { call, startAccountsHarness, type AccountsHarness } from '../accounts/support.ts';
import { demoRecords, person, type Person } from '../community/support.ts';
import { startReceiver, verifySignature, type Receiver } from './receiver.ts';

let receiver: Receiver;
let receiverUrl = '';
let secret = '';

let harness: AccountsHarness;
let owner: Person;
let stranger: Person;
let delivery: RunningWebhookDelivery;
let records: { id: number; name: string }[];

const received = () => receiver.received.filter((item) => item.path === '/hook');

beforeAll(async () => {
  receiver = await startReceiver();
  receiverUrl = receiver.url('/hook');
  harness = await startAccountsHarness('webhooks', {
    egressAllow: [receiver.hostPort],
    // A short retry schedule (8 attempts within 6 s) so a receiver down for a while is retried until it is back.
    webhooks: { retryAttempts: 8, retryWindowMs: 6_000, secretOverlapMs: 86_400_000, disableAfterMs: 86_400_000, fastLaneMs: 1_000, maxPerAccount: 20, maxPerHost: 5 },
  });
  await seedDemoCatalogue(harness.env.db);
  owner = await person(harness, 'hook-owner', 'curator');
  stranger = await person(harness, 'hook-stranger');
  records = (await demoRecords(harness)).visible.slice(0, 3);
}, 180_000);

afterAll(async () => {
  await delivery?.stop();
  await harness?.close();
  await receiver?.close();
});

const register = (who: Person | null, webhook: Record<string, unknown>) => call(harness.app, { method: 'POST', url: '/webhooks', token: who?.token, payload: { webhook } });

describe('registering a webhook', () => {
  it('refuses internal addresses, saying why', async () => {
    const privateNet = await register(owner, { url: 'http://10.0.0.7/hook', events: ['record.updated'] });
    expect(privateNet.status).toBe(400);
    expect(JSON.stringify(privateNet.body)).toMatch(/10\.0\.0\.7 is a private-network address/);
    const metadata = await register(owner, { url: 'http://169.254.169.254/latest/meta-data/', events: ['record.updated'] });
    expect(JSON.stringify(metadata.body)).toMatch(/link-local/);
    const named = await register(owner, { url: 'http://localhost:8080/hook', events: ['record.updated'] });
    expect(named.status).toBe(400);
    expect(JSON.stringify(named.body)).toMatch(/localhost resolves to/);
    const otherPort = await register(owner, { url: receiverUrl.replace(receiver.hostPort, `127.0.0.1:${Number(receiver.hostPort.split(':')[1]) === 65535 ? 1 : Number(receiver.hostPort.split(':')[1]) + 1}`), events: ['record.updated'] });
    expect(otherPort.status, 'a loopback receiver not on the allow-list').toBe(400);
    expect(await harness.env.db('webhooks').pluck('id')).toEqual([]);
  });

  it('refuses IPv6 addresses that carry an internal IPv4 address (IPv4-compatible, mapped, NAT64, 6to4, Teredo)', async () => {
    // The report's three first: IPv4-compatible ::/96 was classed as public unicast.
    for (const [url, carried] of [
      ['http://[::127.0.0.1]/', '127.0.0.1'], ['http://[::7f00:1]:3000/', '127.0.0.1'], ['http://[::a9fe:a9fe]/', '169.254.169.254'],
      ['http://[::ffff:a9fe:a9fe]/', '169.254.169.254'], ['http://[64:ff9b::a00:7]/', '10.0.0.7'], ['http://[2002:c0a8:101::1]/', '192.168.1.1'],
      ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', '127.0.0.1'],
    ] as const) {
      const refused = await register(owner, { url, events: ['record.updated'] });
      expect(refused.status, url).toBe(400);
      expect(String(refused.body.message), url).toContain(`carries ${carried}`);
    }
    expect(await harness.env.db('webhooks').pluck('id')).toEqual([]);
  });

  it('needs a sign-in and known event types', async () => {
    expect((await register(null, { url: receiverUrl, events: ['record.updated'] })).status).toBe(401);
    expect((await register(owner, { url: receiverUrl, events: ['record.exploded'] })).status).toBe(400);
  });

  it('answers the secret once; only the owner lists, changes or deletes it', async () => {
    const created = await register(owner, { url: receiverUrl, description: 'all updates', events: ['record.updated', 'record.created'] });
    expect(created.status).toBe(201);
    secret = String(created.body.secret);
    expect(secret).toMatch(/^whsec_/);
    const listed = await call(harness.app, { method: 'GET', url: '/webhooks', token: owner.token });
    expect(listed.body).toEqual([expect.objectContaining({ id: created.body.id, url: receiverUrl, description: 'all updates' })]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect((await call(harness.app, { method: 'GET', url: '/webhooks', token: stranger.token })).body).toEqual([]);
    const id = Number(created.body.id);
    expect((await call(harness.app, { method: 'PUT', url: `/webhooks/${id}`, token: stranger.token, payload: { webhook: { description: 'mine' } } })).status).toBe(404);
    expect((await call(harness.app, { method: 'DELETE', url: `/webhooks/${id}`, token: stranger.token })).status).toBe(404);
    const changed = await call(harness.app, { method: 'PUT', url: `/webhooks/${id}`, token: owner.token, payload: { webhook: { description: 'record updates' } } });
    expect(changed.body).toMatchObject({ description: 'record updates' });
    expect((await call(harness.app, { method: 'PUT', url: `/webhooks/${id}`, token: owner.token, payload: { webhook: { url: 'http://192.168.0.1/' } } })).status).toBe(400);
  });
});

describe('delivering changes', () => {
  async function save(recordId: number) {
    const current = await harness.env.db('records').where({ id: recordId }).first('exhaustive_licences');
    const response = await call(harness.app, {
      method: 'PUT', url: `/fairsharing_records/${recordId}`, token: owner.token,
      payload: { section: 'publications', fairsharing_record: { exhaustive_licences: !current.exhaustive_licences } },
    });
    expect(response.status).toBe(200);
  }

  it('sends every change once per id, signed, retried while the receiver is down', async () => {
    receiver.answer('/hook', 503);
    delivery = startQuietDelivery(harness.config, harness.env.db);
    await Promise.all(records.map((record) => save(record.id)));
    await save(records[0].id);
    // Down until every delivery was refused twice, then back.
    await vi.waitFor(async () => {
      const attempts = await harness.env.db('webhook_deliveries').pluck('attempts');
      expect(attempts.length === 4 && attempts.every((count: number) => count >= 2)).toBe(true);
    }, { timeout: 30_000, interval: 100 });
    expect(received()).toEqual([]);
    receiver.answer('/hook', 204);
    await vi.waitFor(() => expect(new Set(received().map((item) => item.id)).size).toBe(4), { timeout: 30_000, interval: 200 });
    expect(received().every((item) => verifySignature(secret, item))).toBe(true);
    expect(received().length).toBe(4);
    const byRecord = received().map((item) => Number(item.payload.data.recordId)).sort((a, b) => a - b);
    expect(byRecord).toEqual([records[0].id, records[0].id, records[1].id, records[2].id].sort((a, b) => a - b));
    expect(received().every((item) => item.payload.type === 'record.updated')).toBe(true);
  });

  it('logs each delivery with status, attempts, latency and response code', async () => {
    type Logged = { deliveries: { status: string; attempts: number; response_code: number; latency_ms: number }[] };
    // The receiver counts a delivery before the worker logs its answer.
    await vi.waitFor(async () => {
      const listed = await call(harness.app, { method: 'GET', url: '/webhooks', token: owner.token });
      const { deliveries } = (listed.body as unknown as Logged[])[0];
      expect(deliveries).toHaveLength(4);
      expect(deliveries.every((item) => item.status === 'delivered' && item.response_code === 204 && item.latency_ms >= 0)).toBe(true);
      expect(deliveries.every((item) => item.attempts >= 3)).toBe(true);
    }, { timeout: 10_000, interval: 100 });
  });

  it('queues again a delivery written but never queued (a crash between the two)', async () => {
    const [webhook] = await harness.env.db('webhooks').pluck('id');
    await harness.env.db('webhook_deliveries').insert({
      id: 'msg_lost', webhook_id: webhook, change_cursor: 'lost', event: 'record.updated',
      payload: JSON.stringify({ type: 'record.updated', timestamp: new Date().toISOString(), data: { recordId: records[1].id } }),
      created_at: new Date(Date.now() - 120_000),
    });
    await vi.waitFor(() => expect(received().map((item) => item.id)).toContain('msg_lost'), { timeout: 20_000, interval: 200 });
    expect(verifySignature(secret, received().find((item) => item.id === 'msg_lost')!)).toBe(true);
  });
});
