import { describe, expect, it } from 'vitest';
import { SCREEN_LOAD_TIMEOUT_MS, ScreenLoadTimeoutError, withLoadTimeout } from './loadScreen.ts';

describe('screen loading', () => {
  it('uses the 120 s time-out of SPEC §8', () => {
    expect(SCREEN_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('passes a loaded module through', async () => {
    await expect(withLoadTimeout(async () => 'module', 50)).resolves.toBe('module');
  });

  it('fails with a time-out error when the code does not arrive', async () => {
    await expect(withLoadTimeout(() => new Promise(() => undefined), 10)).rejects.toBeInstanceOf(ScreenLoadTimeoutError);
  });
});
