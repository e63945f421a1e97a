/**
 * The profile's Webhooks page in a real browser: reached from the profile; register a webhook
 * (the shared form schema refuses a bad URL before sending; the secret is shown once, with a
 * copy button that fills the clipboard), change its events, rotate its secret, read its
 * deliveries and send one again to a local receiver (the worker's delivery path running in the
 * test), delete it; every write disabled while the site is read-only. Axe on the page, desktop
 * and phone screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadConfig } from '@registry/platform';
import { startWebhookDelivery, type RunningWebhookDelivery } from '@registry/api/webhooks/webhook-jobs.ts';
import { writeSiteModes } from '@registry/api/curation/site-mode-repository.ts';
import { checkAccessibility, collectConsoleErrors, saveScreenshot, saveScreenshotsAtBothWidths, type ConsoleErrors } from './support/index.ts';
import { startWritableSuite, type WritableSuite } from './support/writable-suite.ts';
import { startReceiver, verifySignature, type Receiver } from '../webhooks/receiver.ts';

let suite: WritableSuite;
let receiver: Receiver;
let delivery: RunningWebhookDelivery;
let page: Page;
let errors: ConsoleErrors;
let userId: number;
let secret = '';

const hook = () => page.getByTestId('webhook');

beforeAll(async () => {
  receiver = await startReceiver();
  suite = await startWritableSuite({ name: 'browser_webhooks', catalogue: false, env: { EGRESS_ALLOW: receiver.hostPort } });
  userId = await suite.addUser('hanna');
  const config = { ...loadConfig(process.env), ...suite.environment.config, egressAllow: [receiver.hostPort] };
  delivery = startWebhookDelivery(config, suite.environment.db, { log: { info: () => {}, warn: () => {}, error: () => {} }, dispatchEveryMs: 200 });
  page = await suite.signedInPage('hanna');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  errors = collectConsoleErrors(page, [/status of 400/]);
}, 240_000);

afterAll(async () => {
  await delivery?.stop();
  await suite?.close();
  await receiver?.close();
});

describe('the Webhooks page', () => {
  it('is reached from the profile and registers a webhook, its secret shown once with a copy button', { timeout: 120_000 }, async () => {
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL('**/accounts/webhooks');
    await page.getByTestId('empty-list').waitFor();
    const form = page.getByRole('form', { name: 'Register a webhook' });
    await form.getByLabel('Receiver URL').fill('ftp://example.org/hook');
    await form.getByLabel('Receiver URL').blur();
    await form.getByText(/Invalid URL/).waitFor();
    expect(await form.getByRole('button', { name: 'Register' }).isDisabled()).toBe(true);
    await form.getByLabel('Receiver URL').fill(receiver.url('/hook'));
    await form.getByLabel('Description').fill('Changes to standards');
    await form.getByLabel(/record\.approved/).check();
    await form.getByLabel('standard').check();
    await form.getByRole('button', { name: 'Register' }).click();
    secret = ((await page.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Copy secret' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await hook().getByText('Changes to standards').waitFor();
    expect(await hook().getByText('record.updated, record.approved').count()).toBe(1);
    expect(await checkAccessibility(page)).toEqual([]);
    await saveScreenshotsAtBothWidths(page, 'webhooks-registered');
    await page.reload();
    await hook().getByText('Changes to standards').waitFor();
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);
    const [stored] = await suite.environment.db('webhooks').where({ owner_id: userId }).select('filters', 'events');
    expect(stored).toEqual({ filters: { registries: ['standard'], record_ids: [], saved_search_id: null }, events: ['record.updated', 'record.approved'] });
  });

  it('changes the events, rotates the secret and shows it once', { timeout: 60_000 }, async () => {
    await hook().getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: /^Change the webhook/ });
    await form.getByLabel(/record\.approved/).uncheck();
    await form.getByLabel(/claim\.decided/).check();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await hook().getByText('record.updated, claim.decided').waitFor();
    await hook().getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByText(/The new signing secret for/).waitFor();
    const rotated = ((await page.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await hook().getByText(/The previous secret also signs until/).waitFor();
    secret = rotated;
  });

  it('lists the deliveries and sends one again to the receiver', { timeout: 60_000 }, async () => {
    const [webhookId] = await suite.environment.db('webhooks').where({ owner_id: userId }).pluck('id');
    const [record] = await suite.environment.db('records').orderBy('id').limit(1).select('id');
    // A delivery that failed earlier (as the worker logs one), to send again from the page.
    await suite.environment.db('webhook_deliveries').insert({
      id: `msg_${webhookId}_earlier`, webhook_id: webhookId, change_cursor: 'earlier', event: 'record.updated', status: 'failed', attempts: 15,
      response_code: 503, latency_ms: 12, last_error: 'answered 503',
      payload: JSON.stringify({ type: 'record.updated', timestamp: new Date().toISOString(), data: { recordId: record?.id ?? 1 } }),
    });
    await hook().getByRole('button', { name: 'Deliveries' }).click();
    const row = page.getByTestId('webhook-delivery');
    await row.getByText('failed (answered 503)').waitFor();
    await row.getByRole('button', { name: /^Redeliver record\.updated/ }).click();
    await expect.poll(() => receiver.received.map((item) => item.id), { timeout: 20_000 }).toEqual([`msg_${webhookId}_earlier`]);
    expect(verifySignature(secret, receiver.received[0]!)).toBe(true);
    await expect.poll(async () => (await suite.environment.db('webhook_deliveries').where({ webhook_id: webhookId }).first('status'))?.status, { timeout: 10_000 }).toBe('delivered');
    await hook().getByRole('button', { name: 'Deliveries' }).click();
    await hook().getByRole('button', { name: 'Deliveries' }).click();
    await row.getByText('delivered').waitFor();
    expect(await checkAccessibility(page)).toEqual([]);
    await saveScreenshot(page, 'webhooks-deliveries');
  });

  it('disables every write while the site is read-only', { timeout: 60_000 }, async () => {
    await writeSiteModes(suite.environment.db, { readOnly: true }, userId);
    try {
      await page.getByTestId('read-only-banner').waitFor({ timeout: 30_000 });
      for (const name of ['Edit', 'Rotate secret', 'Delete the webhook']) {
        const button = hook().getByRole('button', { name: new RegExp(`^${name}`) });
        expect(await button.isDisabled(), name).toBe(true);
      }
      expect(await page.getByRole('form', { name: 'Register a webhook' }).getByRole('button', { name: 'Register' }).isDisabled()).toBe(true);
      await saveScreenshot(page, 'webhooks-read-only');
    } finally {
      await writeSiteModes(suite.environment.db, { readOnly: false }, userId);
    }
    await page.getByTestId('read-only-banner').waitFor({ state: 'detached', timeout: 30_000 });
  });

  it('deletes a webhook', { timeout: 60_000 }, async () => {
    await hook().getByRole('button', { name: /^Delete the webhook/ }).click();
    await page.getByTestId('empty-list').waitFor();
    expect(await suite.environment.db('webhooks').where({ owner_id: userId }).pluck('id')).toEqual([]);
    expect(errors.messages).toEqual([]);
  });
});
