/**
 * The shared host gate against the run's Redis, under a prefix of its own. Two gates on two
 * connections stand for two worker processes.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createHostGateConnection, SharedHostGate, type SharedHostGateOptions } from './shared-host-gate.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const keyPrefix = `${process.env.QUEUE_PREFIX ?? 'registry_test'}:host-gate-test:${randomUUID()}`;
const connections: Redis[] = [];

function connection(url = redisUrl): Redis {
  const opened = createHostGateConnection({ redisUrl: url }, 300);
  connections.push(opened);
  return opened;
}

function gate(delayMs: number, options: Partial<SharedHostGateOptions> = {}, redis = connection()): SharedHostGate {
  return new SharedHostGate(redis, delayMs, { keyPrefix, ...options });
}

afterAll(() => {
  for (const opened of connections) opened.disconnect();
});

interface Span {
  start: number;
  end: number;
}

/** A call that takes `ms` and notes when it ran. */
function timedCall(spans: Span[], ms: number): () => Promise<void> {
  return async () => {
    const start = performance.now();
    await sleep(ms);
    spans.push({ start, end: performance.now() });
  };
}

describe('a host gate shared through Redis', () => {
  it('two processes calling one host at once never overlap, and keep the delay between calls', async () => {
    const [first, second] = [gate(80), gate(80)];
    const spans: Span[] = [];
    await Promise.all(Array.from({ length: 6 }, (_, index) => (index % 2 === 0 ? first : second).run('one.example', timedCall(spans, 20))));
    spans.sort((a, b) => a.start - b.start);
    expect(spans).toHaveLength(6);
    for (let index = 1; index < spans.length; index += 1) {
      // Redis expires keys to the millisecond; the timers here measure finer.
      expect(spans[index]!.start - spans[index - 1]!.end).toBeGreaterThanOrEqual(79);
    }
  });

  it('different hosts run in parallel', async () => {
    const [first, second] = [gate(1_000), gate(1_000)];
    const spans: Span[] = [];
    await Promise.all([first.run('a.example', timedCall(spans, 200)), second.run('b.example', timedCall(spans, 200))]);
    const [a, b] = spans as [Span, Span];
    expect(Math.max(a.start, b.start)).toBeLessThan(Math.min(a.end, b.end));
  });

  it('a call that throws releases the host after the delay', async () => {
    const [first, second] = [gate(100), gate(100)];
    const failedAt = await first.run('throws.example', async () => {
      await sleep(10);
      throw new Error('refused');
    }).catch(() => performance.now());
    // The lease (5 s) was released, not left to expire: the key now lasts the delay only.
    const leftMs = await connection().pttl(`${keyPrefix}:throws.example`);
    expect(leftMs).toBeGreaterThan(0);
    expect(leftMs).toBeLessThanOrEqual(100);
    const startedAt = await second.run('throws.example', async () => performance.now());
    expect(startedAt - failedAt).toBeGreaterThanOrEqual(99);
  });

  it('the lease of a holder that crashed mid-call expires', async () => {
    const crashing = connection();
    const holder = gate(0, { leaseMs: 300 }, crashing);
    let holding: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    void holder.run('crash.example', async () => {
      holding();
      await new Promise(() => {}); // the process dies before the call ends
    });
    await held;
    await sleep(350); // renewed meanwhile: the holder is still alive
    crashing.disconnect();
    // The crashed holder's lease is still there, and no longer renewed: it ends within leaseMs.
    const leftMs = await connection().pttl(`${keyPrefix}:crash.example`);
    expect(leftMs).toBeGreaterThan(0);
    expect(leftMs).toBeLessThanOrEqual(300);
    const waitingFrom = performance.now();
    const startedAt = await gate(0).run('crash.example', async () => performance.now());
    expect(startedAt - waitingFrom).toBeGreaterThanOrEqual(50);
  });

  it('with Redis unreachable, calls go ahead paced within the process, and say so once', async () => {
    const warnings: string[] = [];
    const unreachable = gate(50, { warn: (message) => warnings.push(message) }, connection('redis://127.0.0.1:1'));
    const spans: Span[] = [];
    await Promise.all(Array.from({ length: 3 }, () => unreachable.run('down.example', timedCall(spans, 10))));
    expect(spans).toHaveLength(3);
    spans.sort((a, b) => a.start - b.start);
    for (let index = 1; index < spans.length; index += 1) expect(spans[index]!.start - spans[index - 1]!.end).toBeGreaterThanOrEqual(49);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/Redis does not answer/);
  });
});
