/**
 * Deliveries of one change go out as one batch: a receiver failing in a batch is retried on its
 * own while the others are not sent again, and a webhook already failing is sent its new
 * deliveries by jobs of their own (its receiver can't hold a batch up); and an update that says nothing (a related record
 * re-indexed after its neighbour's rename, only its `updatedAt` moved) is not sent, while a
 * change to what a record shows is, even when it names no section.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Queue } from 'bullmq';
import { createQueueConnection } from '@registry/platform';
import { WEBHOOK_QUEUE_NAME, type RunningWebhookDelivery } from '@registry/api/webhooks/webhook-jobs.ts';
import { startQuietDelivery } from './quiet-delivery.ts';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { editableRecords, renamePayload, type EditableRecord } from '../../scripts/bench/record-saves.ts';
import { call, startAccountsHarness, type AccountsHarness } from '../accounts/support.ts';
import { person, type Person } from '../community/support.ts';
import { startReceiver, verifySignature, type Receiver } from './receiver.ts';

let harness: AccountsHarness;
let receiver: Receiver;
let delivery: RunningWebhookDelivery;
let curator: Person;
const secrets: Record<string, string> = {};

const at = (path: string) => receiver.received.filter((item) => item.path === path);

async function register(path: string, webhook: Record<string, unknown>): Promise<void> {
  const created = await call(harness.app, { method: 'POST', url: '/webhooks', token: curator.token, payload: { webhook: { url: receiver.url(path), ...webhook } } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  secrets[path] = String(created.body.secret);
}

async function rename(record: EditableRecord, name: string): Promise<void> {
  const objectTypeIds = [Number((await harness.env.db('object_types').orderBy('id').first('id')).id)];
  const response = await call(harness.app, { method: 'PUT', url: `/fairsharing_records/${record.id}`, token: curator.token, payload: renamePayload(record, name, objectTypeIds) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

beforeAll(async () => {
  receiver = await startReceiver();
  harness = await startAccountsHarness('webhook_batches', {
    egressAllow: [receiver.hostPort],
    // The curator's six webhooks all go to the one local receiver (host 127.0.0.1).
    webhooks: { retryAttempts: 6, retryWindowMs: 3_000, secretOverlapMs: 60_000, disableAfterMs: 86_400_000, fastLaneMs: 1_000, maxPerAccount: 20, maxPerHost: 10 },
  });
  await seedDemoCatalogue(harness.env.db);
  curator = await person(harness, 'batch-curator', 'curator');
  delivery = startQuietDelivery(harness.config, harness.env.db);
}, 180_000);

afterAll(async () => {
  await delivery?.stop();
  await harness?.close();
  await receiver?.close();
});

describe('a batch with one receiver failing', () => {
  it('retries that delivery alone; the others are sent once', async () => {
    const [record] = await editableRecords(harness.env.db, 1);
    receiver.answer('/down', 503);
    for (const path of ['/one', '/two', '/down']) await register(path, { events: ['record.updated'], filters: { record_ids: [record.id] } });
    await rename(record, `${record.name} (batched)`);
    await vi.waitFor(async () => {
      const attempts = await harness.env.db('webhook_deliveries').where('id', 'like', 'msg_%').whereIn('webhook_id', harness.env.db('webhooks').where('url', receiver.url('/down')).select('id')).pluck('attempts');
      expect(attempts).toEqual([expect.any(Number)]);
      expect(attempts[0]).toBeGreaterThanOrEqual(2);
    }, { timeout: 20_000, interval: 100 });
    receiver.answer('/down', 204);
    await vi.waitFor(() => expect(at('/down')).toHaveLength(1), { timeout: 20_000, interval: 100 });
    expect(at('/one')).toHaveLength(1);
    expect(at('/two')).toHaveLength(1);
    expect(new Set(['/one', '/two', '/down'].map((path) => at(path)[0].id)).size).toBe(3);
    expect(['/one', '/two', '/down'].every((path) => verifySignature(secrets[path], at(path)[0]))).toBe(true);
    const logged = await harness.env.db('webhook_deliveries as d').join('webhooks as w', 'w.id', 'd.webhook_id')
      .whereIn('w.url', ['/one', '/two', '/down'].map((path) => receiver.url(path))).select('w.url', 'd.status', 'd.attempts', 'd.response_code');
    const byPath = Object.fromEntries(logged.map((row: { url: string; status: string; attempts: number }) => [new URL(row.url).pathname, row]));
    expect(byPath['/one']).toMatchObject({ status: 'delivered', attempts: 1, response_code: 204 });
    expect(byPath['/two']).toMatchObject({ status: 'delivered', attempts: 1, response_code: 204 });
    expect(byPath['/down'].status).toBe('delivered');
    expect(byPath['/down'].attempts).toBeGreaterThanOrEqual(3);
  });
});

describe('a webhook already failing', () => {
  it('has a new delivery sent by a job of its own, not in the batch', async () => {
    const [, record] = await editableRecords(harness.env.db, 2);
    receiver.answer('/failing', 503);
    await register('/failing', { events: ['record.updated'], filters: { record_ids: [record.id] } });
    await register('/fine', { events: ['record.updated'], filters: { record_ids: [record.id] } });
    const failing = Number((await harness.env.db('webhooks').where({ url: receiver.url('/failing') }).first('id')).id);
    await rename(record, `${record.name} (failing once)`);
    await vi.waitFor(async () => expect((await harness.env.db('webhooks').where({ id: failing }).first('failing_since')).failing_since).not.toBeNull(), { timeout: 20_000, interval: 100 });
    const before = new Set(await harness.env.db('webhook_deliveries').where({ webhook_id: failing }).pluck('id'));
    await rename(record, `${record.name} (failing twice)`);
    await vi.waitFor(() => expect(at('/fine')).toHaveLength(2), { timeout: 20_000, interval: 100 });
    const [deferred] = (await harness.env.db('webhook_deliveries').where({ webhook_id: failing }).pluck('id')).filter((id: string) => !before.has(id));
    const connection = createQueueConnection(harness.config);
    const singles = new Queue(WEBHOOK_QUEUE_NAME, { connection, prefix: harness.config.queuePrefix });
    try {
      await vi.waitFor(async () => expect((await singles.getJob(deferred))?.name).toBe('deliver'), { timeout: 10_000, interval: 100 });
    } finally {
      await singles.close();
      await connection.quit();
    }
    receiver.answer('/failing', 204);
    await vi.waitFor(() => expect(new Set(at('/failing').map((item) => item.id))).toEqual(new Set([...before, deferred])), { timeout: 20_000, interval: 100 });
  });
});

describe('updates that say nothing', () => {
  it('are not sent for the records a rename re-indexes; a change to what a record shows is, naming no section', async () => {
    const candidates = await editableRecords(harness.env.db, 40);
    const related = async (id: number): Promise<number[]> => harness.env.db('record_associations as a').join('records as r', 'r.id', 'a.linked_record_id')
      .where('a.record_id', id).where({ 'r.is_hidden': false, 'r.is_approved': true }).pluck('r.id');
    let record: EditableRecord | undefined;
    let neighbours: number[] = [];
    for (const candidate of candidates) {
      neighbours = await related(candidate.id);
      if (neighbours.length > 0) {
        record = candidate;
        break;
      }
    }
    expect(record, 'a public record of the demo catalogue related to public records').toBeDefined();
    await register('/all', { events: ['record.updated'] });
    const hook = Number((await harness.env.db('webhooks').where({ url: receiver.url('/all') }).first('id')).id);
    const owed = async (): Promise<Map<string, number>> => new Map((await harness.env.db('webhook_deliveries').where({ webhook_id: hook }).select('id', 'payload'))
      .map((row: { id: string; payload: { data: { recordId: number } } }) => [row.id, row.payload.data.recordId]));
    const owedSince = async (before: Map<string, number>) => [...(await owed())].filter(([id]) => !before.has(id)).map(([, recordId]) => recordId).sort((a, b) => a - b);

    // The first rename may tell of the neighbours: nothing was dispatched of them before to compare with.
    await rename(record!, `${record!.name} (first)`);
    await delivery.dispatch();
    await vi.waitFor(async () => expect([...(await owed()).values()]).toContain(record!.id), { timeout: 20_000, interval: 100 });
    const afterFirst = await owed();
    const lastChange = Number((await harness.env.db('public_changes').max({ id: 'id' }).first())?.id);
    await rename(record!, `${record!.name} (second)`);
    await delivery.dispatch();
    await vi.waitFor(async () => expect(await owedSince(afterFirst)).toEqual([record!.id]), { timeout: 20_000, interval: 100 });
    const logged = await harness.env.db('public_changes').where('id', '>', lastChange).whereIn('record_id', neighbours).pluck('record_id');
    expect(new Set(logged), 'the neighbours’ re-indexing is in the change log all the same').toEqual(new Set(neighbours));

    // A change to what a record shows that names no section (as a DOI being assigned) is sent.
    const afterSecond = await owed();
    const neighbour = neighbours[0];
    await harness.env.db('records').where({ id: neighbour }).update({ doi: `10.5555/webhook.batches.${Date.now()}` });
    await delivery.dispatch();
    await vi.waitFor(async () => expect(await owedSince(afterSecond)).toEqual([neighbour]), { timeout: 20_000, interval: 100 });
    await vi.waitFor(() => expect(at('/all').filter((item) => item.payload.data.recordId === neighbour).at(-1)?.payload.data.record).toMatchObject({ doi: expect.stringMatching(/^10\.5555\/webhook\.batches\./) }), { timeout: 20_000, interval: 100 });
  });
});
