import { describe, expect, it } from 'vitest';
import { signatures } from './webhook-delivery.ts';
import { batchRetryJobOptions, changeBatches, webhookJobOptions } from './webhook-jobs.ts';
import { mapAtMost } from './map-at-most.ts';
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

  it('goes on with the same schedule after a first attempt made in a batch', () => {
    const whole = webhookJobOptions({ retryAttempts: 15, retryWindowMs: 86_400_000 });
    const retry = batchRetryJobOptions({ retryAttempts: 15, retryWindowMs: 86_400_000 });
    expect(retry.attempts).toBe(14);
    expect(retry.delay).toBeLessThanOrEqual(whole.backoff.delay);
    expect(retry.delay).toBeGreaterThanOrEqual(Math.floor(whole.backoff.delay * (1 - whole.backoff.jitter)));
    // The k-th retry of the retry job waits what the (k+1)-th retry of the whole schedule waits.
    const waits = Array.from({ length: 13 }, (_, n) => retry.backoff.delay * 2 ** n);
    expect(waits).toEqual(Array.from({ length: 13 }, (_, n) => whole.backoff.delay * 2 ** (n + 1)));
    expect(retry.delay + waits.reduce((sum, wait) => sum + wait, 0)).toBeLessThanOrEqual(86_400_000);
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

describe('queueing', () => {
  it('makes one batch per change, its job id the change\'s key, in the order given and without repeats', () => {
    const batches = changeBatches([
      { id: 'msg_1_a', change_cursor: 'a' }, { id: 'msg_2_a', change_cursor: 'a' }, { id: 'msg_1_b', change_cursor: 'b' }, { id: 'msg_1_a', change_cursor: 'a' },
    ]);
    expect(batches).toEqual([{ jobId: 'change.a', deliveryIds: ['msg_1_a', 'msg_2_a'] }, { jobId: 'change.b', deliveryIds: ['msg_1_b'] }]);
  });

  it('sends at most so many at once, answering in order', async () => {
    let running = 0;
    let most = 0;
    const answers = await mapAtMost([5, 1, 4, 2, 3], 2, async (wait) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, wait));
      running -= 1;
      return wait * 10;
    });
    expect(answers).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });
});
