/**
 * The one-click unsubscribe token of change digests: the person's id and an HMAC of it under the
 * server's signing secret, so a link works without signing in and cannot be forged for someone else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'record-change-digest-unsubscribe';

function signature(secret: string, userId: number): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest('base64url');
}

export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${signature(secret, userId)}`;
}

/** The person a token was made for, or null when it is malformed or forged. */
export function userOfUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(signature(secret, userId));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}
