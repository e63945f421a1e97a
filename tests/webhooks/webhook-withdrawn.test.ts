/**
 * `record.withdrawn` delivered (issue 32): a webhook subscribed to it receives, signed, the
 * withdrawal of a public record with the curator's reason and its public successor.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningWebhookDelivery } from '@registry/api/webhooks/webhook-jobs.ts';
import { startQuietDelivery } from './quiet-delivery.ts';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { call, startAccountsHarness, type AccountsHarness } from '../accounts/support.ts';
import { demoRecords, person, type Person } from '../community/support.ts';
import { startReceiver, verifySignature, type Receiver } from './receiver.ts';

let receiver: Receiver;
let harness: AccountsHarness;
let owner: Person;
let superCurator: Person;
let delivery: RunningWebhookDelivery;

beforeAll(async () => {
  receiver = await startReceiver();
  harness = await startAccountsHarness('webhook_withdrawn', { egressAllow: [receiver.hostPort] });
  await seedDemoCatalogue(harness.env.db);
  owner = await person(harness, 'withdrawn-hook-owner', 'curator');
  superCurator = await person(harness, 'withdrawn-hook-super', 'super_curator');
}, 180_000);

afterAll(async () => {
  await delivery?.stop();
  await harness?.close();
  await receiver?.close();
});

describe('record.withdrawn', () => {
  it('is delivered, signed, with the reason and the public successor', async () => {
    const created = await call(harness.app, { method: 'POST', url: '/webhooks', token: owner.token, payload: { webhook: { url: receiver.url('/withdrawn'), events: ['record.withdrawn'] } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const secret = String(created.body.secret);
    const [gone, successor] = (await demoRecords(harness)).visible.slice(0, 2);
    delivery = startQuietDelivery(harness.config, harness.env.db);
    const deleted = await call(harness.app, {
      method: 'DELETE', url: `/fairsharing_records/${gone.id}`, token: superCurator.token,
      payload: { reason: 'Superseded by a broader standard', successor_id: successor.id },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await vi.waitFor(() => expect(receiver.received.filter((item) => item.path === '/withdrawn')).toHaveLength(1), { timeout: 30_000, interval: 100 });
    const [withdrawn] = receiver.received.filter((item) => item.path === '/withdrawn');
    expect(verifySignature(secret, withdrawn)).toBe(true);
    expect(withdrawn.payload).toMatchObject({
      type: 'record.withdrawn',
      data: { recordId: gone.id, reason: 'Superseded by a broader standard', replacementId: successor.id },
    });
  });
});
