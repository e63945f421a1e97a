/**
 * Limits on the account actions an attacker repeats (guessing passwords, creating accounts,
 * sending mails to someone), per client IP and per account, counted in Redis so every server
 * process shares them. Fixed windows: the first attempt starts the window.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface AttemptLimit {
  max: number;
  windowSeconds: number;
}

export const ATTEMPT_LIMITS = {
  signIn: { perIp: { max: 30, windowSeconds: 900 }, perAccount: { max: 10, windowSeconds: 900 } },
  signUp: { perIp: { max: 10, windowSeconds: 3600 }, perAccount: { max: 3, windowSeconds: 3600 } },
  passwordReset: { perIp: { max: 10, windowSeconds: 3600 }, perAccount: { max: 3, windowSeconds: 3600 } },
  confirmationResend: { perIp: { max: 10, windowSeconds: 3600 }, perAccount: { max: 3, windowSeconds: 3600 } },
} as const satisfies Record<string, { perIp: AttemptLimit; perAccount: AttemptLimit }>;

export type LimitedAction = keyof typeof ATTEMPT_LIMITS;

export class TooManyAttempts extends Error {
  override name = 'TooManyAttempts';
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts. Please try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s).`);
  }
}

// INCR, then start the window on the first hit; answers [count, seconds left].
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('TTL', KEYS[1])}`;

export interface AttemptLimiter {
  /** Counts one attempt under the client IP and the account it names; throws TooManyAttempts over a limit. */
  hit(action: LimitedAction, ip: string, account: string): Promise<void>;
}

export function createAttemptLimiter(redis: Redis, keyPrefix: string): AttemptLimiter {
  // Account names are hashed: Redis keys should hold no e-mail addresses.
  const keyOf = (action: string, scope: string, value: string) =>
    `${keyPrefix}:attempts:${action}:${scope}:${createHash('sha256').update(value).digest('hex').slice(0, 32)}`;
  const count = async (key: string, limit: AttemptLimit) => {
    const [hits, ttl] = (await redis.eval(HIT_SCRIPT, 1, key, String(limit.windowSeconds))) as [number, number];
    return hits > limit.max ? Math.max(ttl, 1) : 0;
  };
  return {
    async hit(action, ip, account) {
      const limits = ATTEMPT_LIMITS[action];
      const waits = await Promise.all([
        count(keyOf(action, 'ip', ip), limits.perIp),
        count(keyOf(action, 'account', account.trim().toLowerCase()), limits.perAccount),
      ]);
      const wait = Math.max(...waits);
      if (wait > 0) throw new TooManyAttempts(wait);
    },
  };
}
