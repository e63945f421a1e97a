import { describe, expect, it } from 'vitest';
import { Turns } from './turns.ts';

const startedNow = async (started: Promise<void>) => Promise.race([started.then(() => true), new Promise<boolean>((resolve) => setImmediate(() => resolve(false)))]);

describe('Turns', () => {
  it('runs one at a time, first come first served', async () => {
    const turns = new Turns(1);
    const first = turns.take();
    const second = turns.take();
    const third = turns.take();
    expect(await startedNow(first.started)).toBe(true);
    expect(await startedNow(second.started)).toBe(false);
    first.end();
    expect(await startedNow(second.started)).toBe(true);
    expect(await startedNow(third.started)).toBe(false);
    second.end();
    expect(await startedNow(third.started)).toBe(true);
  });

  it('lets a waiter leave the line without taking a turn, and ending twice ends once', async () => {
    const turns = new Turns(1);
    const running = turns.take();
    const leaving = turns.take();
    const next = turns.take();
    leaving.end();
    running.end();
    running.end();
    expect(await startedNow(next.started)).toBe(true);
    expect(await startedNow(turns.take().started)).toBe(false);
  });

  it('runs as many at once as it is given', async () => {
    const turns = new Turns(2);
    const started = await Promise.all([turns.take(), turns.take(), turns.take()].map((turn) => startedNow(turn.started)));
    expect(started).toEqual([true, true, false]);
  });
});
