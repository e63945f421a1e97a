import { describe, expect, it } from 'vitest';
import { isSessionValid, sessionExpiresAt, sessionFromSignIn } from './sessionSlice.ts';

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

describe('session from a sign-in answer', () => {
  const answer = { success: true, jwt: 'token', username: 'ada', id: 7, is_curator: true, is_super_curator: false, role: 'curator' };

  it('keeps the expiry as the instant it is (seconds since 1970, as the API answers)', () => {
    expect(sessionFromSignIn({ ...answer, expiry: 1_900_000_000 }).credentials.validity).toBe(1_900_000_000);
    expect(isSessionValid(sessionFromSignIn({ ...answer, expiry: 1_900_000_000 }), 1_899_999_999_000)).toBe(true);
    expect(sessionFromSignIn({ ...answer, expiry: '2030-01-01T00:00:00Z' }).credentials.validity).toBe('2030-01-01T00:00:00Z');
  });

  it('keeps the id, username, token and flags; a token given apart wins (third-party sign-in)', () => {
    const session = sessionFromSignIn({ ...answer, expiry: 60 }, 'from-the-url', 120);
    expect(session).toEqual({
      id: 7,
      credentials: { username: 'ada', token: 'from-the-url', validity: 120 },
      flags: { is_curator: true, is_super_curator: false, role: 'curator' },
    });
    expect(isSessionValid(session, 119_999)).toBe(true);
  });
});
