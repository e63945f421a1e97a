import { describe, expect, it } from 'vitest';
import { isSessionValid, sessionExpiresAt } from './sessionSlice.ts';

describe('session validity', () => {
  it('reads seconds, milliseconds and dates', () => {
    expect(sessionExpiresAt(1_700_000_000)).toBe(1_700_000_000_000);
    expect(sessionExpiresAt(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(sessionExpiresAt('1700000000')).toBe(1_700_000_000_000);
    expect(sessionExpiresAt('2026-11-22T14:05:00Z')).toBe(Date.parse('2026-11-22T14:05:00Z'));
  });

  it('is valid only before its expiry', () => {
    const session = { credentials: { username: 'ada', token: 't', validity: 2_000 } };
    expect(isSessionValid(session, 1_999_000)).toBe(true);
    expect(isSessionValid(session, 2_000_000)).toBe(false);
    expect(isSessionValid({ credentials: { username: 'a', token: 't', validity: 'not a date' } })).toBe(false);
  });
});
