/**
 * The webhook worker as the webhook tests run it: silent, dispatching every 100 ms, and sending
 * at once (no per-host delay, no egress retries: the worker's own retries are what the tests watch).
 */
import type { Database, RegistryConfig } from '@registry/platform';
import { startWebhookDelivery, type RunningWebhookDelivery } from '@registry/api/webhooks/webhook-jobs.ts';

export function startQuietDelivery(config: RegistryConfig, db: Database): RunningWebhookDelivery {
  return startWebhookDelivery(config, db, {
    log: { info: () => {}, warn: () => {}, error: () => {} }, dispatchEveryMs: 100, egress: { hostDelayMs: 0, retries: 0 },
  });
}
