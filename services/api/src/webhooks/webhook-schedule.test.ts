import { describe, expect, it } from 'vitest';
import { signatures } from './webhook-delivery.ts';
import { webhookJobOptions } from './webhook-jobs.ts';
import { newWebhookSecret, signWebhook } from './webhook-signature.ts';

describe('the retry schedule', () => {
  it('spreads the default 15 attempts over at most 24 hours, the longest wait some 12 hours', () => {
    const options = webhookJobOptions({ retryAttempts: 15, retryWindowMs: 86_400_000 });
    expect(options.attempts).toBe(15);
    const waits = Array.from({ length: 14 }, (_, n) => options.backoff.delay * 2 ** n);
    const total = waits.reduce((sum, wait) => sum + wait, 0);
    expect(total).toBeLessThanOrEqual(86_400_000);
    expect(total).toBeGreaterThan(86_000_000);
    expect(waits[0]).toBeGreaterThan(5_000);
    expect(waits.at(-1)! / 3_600_000).toBeCloseTo(12, 0);
    expect(options.backoff.jitter).toBeGreaterThan(0);
  });

  it('shrinks with the window (tests use seconds)', () => {
    const options = webhookJobOptions({ retryAttempts: 8, retryWindowMs: 6_000 });
    expect(options.backoff.delay * (2 ** 7 - 1)).toBeLessThanOrEqual(6_000);
  });
});

describe('the signature header', () => {
  const current = newWebhookSecret();
  const previous = newWebhookSecret();
  const now = new Date('2026-11-26T08:00:00Z');

  it('carries the previous secret’s signature beside the current one during the overlap only', () => {
    const during = signatures({ secret: current, previous_secret: previous, previous_secret_until: new Date(now.getTime() + 1_000) }, 'msg_1', 1, '{}', now);
    expect(during).toBe(`${signWebhook(current, 'msg_1', 1, '{}')} ${signWebhook(previous, 'msg_1', 1, '{}')}`);
    const after = signatures({ secret: current, previous_secret: previous, previous_secret_until: new Date(now.getTime() - 1) }, 'msg_1', 1, '{}', now);
    expect(after).toBe(signWebhook(current, 'msg_1', 1, '{}'));
  });
});
