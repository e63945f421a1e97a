import { expect } from 'vitest';

/** Polls patiently: the machine running browser tests may be busy. */
export const poll = <T,>(read: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  expect.poll(read, { timeout: 30_000, interval: 100, ...options });
