import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RETRY_AFTER_SECONDS, fetchWaitingOutRateLimit, rateLimitRetryAt, retryAfterSeconds } from './rate-limit-wait.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('retryAfterSeconds', () => {
  it('reads delay-seconds and HTTP dates, and falls back when the header says nothing usable', () => {
    expect(retryAfterSeconds('7')).toBe(7);
    expect(retryAfterSeconds('0')).toBe(1);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:12 GMT', now)).toBe(12);
    expect(retryAfterSeconds(null)).toBe(DEFAULT_RETRY_AFTER_SECONDS);
    expect(retryAfterSeconds('soon')).toBe(DEFAULT_RETRY_AFTER_SECONDS);
  });
});

describe('fetchWaitingOutRateLimit', () => {
  it('waits the retry-after of a 429, says until when, asks again and ends the wait with the answer', async () => {
    vi.useFakeTimers();
    const answers = [new Response('{}', { status: 429, headers: { 'retry-after': '3' } }), new Response('{"ok":true}', { status: 200 })];
    const fetchMock = vi.fn(async () => answers.shift() as Response);
    vi.stubGlobal('fetch', fetchMock);

    const pending = fetchWaitingOutRateLimit('/graphql', { method: 'POST' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(rateLimitRetryAt()).toBe(Date.now() + 3000);

    await vi.advanceTimersByTimeAsync(3000);
    const response = await pending;
    expect(response.status).toBe(200);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(rateLimitRetryAt()).toBeNull();
  });

  it('stops waiting when the request is cancelled', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 429, headers: { 'retry-after': '60' } })));
    const controller = new AbortController();
    const pending = fetchWaitingOutRateLimit('/graphql', { signal: controller.signal });
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    controller.abort(new Error('superseded'));
    expect(await outcome).toEqual(new Error('superseded'));
    expect(rateLimitRetryAt()).toBeNull();
  });
});
