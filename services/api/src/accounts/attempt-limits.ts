/**
 * Limits on the account actions an attacker repeats (guessing passwords, creating accounts,
 * sending mails to someone), counted in Redis so every server process shares them.
 *
 * No limit is keyed by an account or address alone: that would let anyone lock anyone out by
 * failing on purpose. Each action is counted per client (its address, or its IPv6 /64: clientKey)
 * for one client hammering many accounts, and per account *and* client for one client hammering
 * one account, so an attacker's attempts
 * slow down that attacker's client only. Failed sign-ins back off exponentially per account and
 * client; a sign-in that succeeds clears its client's count, and a password reset (the mail
 * reaches the owner whoever else is guessing) clears every client's count of the account.
 *
 * Not `rate-limiter-flexible` (read for issue 33): its Redis limiter covers the fixed windows of
 * `hit`, but the sign-in rule keeps every client's failures against one account in one hash, so a
 * password reset forgets them all with one DEL; the library keeps one key per (account, client)
 * and cannot drop an account's keys without a SCAN, and its back-off (`blockDuration`) is fixed
 * per limiter, not doubled per failure. Two short Lua scripts do both, atomically.
 */
import { createHash } from 'node:crypto';
import { clientKey } from '@registry/platform/client-address.ts';
import type { QuotaPolicy } from '../kernel/quota-headers.ts';
import type { Redis } from 'ioredis';

export interface AttemptLimit {
  max: number;
  windowSeconds: number;
}

/** Mails an attacker could make the site send to someone else, and account creation. */
export const ATTEMPT_LIMITS = {
  signUp: { perIp: { max: 10, windowSeconds: 3600 }, perAccountAndIp: { max: 3, windowSeconds: 3600 } },
  passwordReset: { perIp: { max: 10, windowSeconds: 3600 }, perAccountAndIp: { max: 3, windowSeconds: 3600 } },
  confirmationResend: { perIp: { max: 10, windowSeconds: 3600 }, perAccountAndIp: { max: 3, windowSeconds: 3600 } },
} as const satisfies Record<string, { perIp: AttemptLimit; perAccountAndIp: AttemptLimit }>;

export type LimitedAction = keyof typeof ATTEMPT_LIMITS;

/**
 * Sign-in: any client may try 30 times in 15 minutes across accounts; against one account, a
 * client's first failures are free, then each failure doubles the wait before its next attempt
 * (1 s, 2 s, 4 s … up to 15 minutes). Failures are forgotten an hour after the account's last one.
 */
export const SIGN_IN_LIMITS = {
  perIp: { max: 30, windowSeconds: 900 },
  freeFailures: 5,
  firstDelaySeconds: 1,
  maxDelaySeconds: 900,
  memorySeconds: 3600,
} as const;

/** The limits as their refusals publish them (RateLimit-Policy, docs/api.md). */
const QUOTA_NAMES: Record<LimitedAction | 'signIn', string> = {
  signIn: 'sign-in',
  signUp: 'sign-up',
  passwordReset: 'password-reset',
  confirmationResend: 'confirmation-resend',
};

const quotaOf = (name: string, limit: AttemptLimit): QuotaPolicy => ({ name, quota: limit.max, windowSeconds: limit.windowSeconds });

/** The back-off of one client against one account: its free failures before it waits. */
const SIGN_IN_FAILURES_QUOTA: QuotaPolicy = { name: 'sign-in-failures', quota: SIGN_IN_LIMITS.freeFailures, windowSeconds: SIGN_IN_LIMITS.memorySeconds };

export class TooManyAttempts extends Error {
  override name = 'TooManyAttempts';
  constructor(readonly retryAfterSeconds: number, readonly quota: QuotaPolicy) {
    super(`Too many attempts. Please try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s). (The "${quota.name}" limit: ${describeQuota(quota)}.)`);
  }
}

function describeQuota(quota: QuotaPolicy): string {
  const minutes = Math.round((quota.windowSeconds ?? 0) / 60);
  if (quota === SIGN_IN_FAILURES_QUOTA) return `${quota.quota} failed sign-ins to one account from one client, then a wait that doubles with each failure`;
  const scope = quota.name.endsWith('-per-account') ? 'for one account or e-mail address from one client' : 'from one client';
  return `at most ${quota.quota} ${scope} in ${minutes} minutes`;
}

// INCR, then start the window on the first hit; answers [count, seconds left].
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('TTL', KEYS[1])}`;

// One hash per account: `<client>:n` failures and `<client>:at` the epoch ms before which that
// client waits. ARGV: client, now ms, free failures, first delay s, max delay s, memory s.
const FAILURE_SCRIPT = `
local failures = redis.call('HINCRBY', KEYS[1], ARGV[1] .. ':n', 1)
local free = tonumber(ARGV[3])
if failures >= free then
  local delay = math.min(tonumber(ARGV[5]), tonumber(ARGV[4]) * 2 ^ (failures - free))
  redis.call('HSET', KEYS[1], ARGV[1] .. ':at', string.format('%d', tonumber(ARGV[2]) + delay * 1000))
end
redis.call('EXPIRE', KEYS[1], ARGV[6])
return failures`;

/** One sign-in attempt that passed the limits: tell the limiter how the password check went. */
export interface SignInAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

export interface AttemptLimiter {
  /** Counts one request under the client IP and under the account (or address) with that IP; throws TooManyAttempts over a limit. */
  hit(action: LimitedAction, ip: string, account: string): Promise<void>;
  /** Before a password is checked: throws TooManyAttempts while this client backs off from this account (or is over its own limit). */
  beginSignIn(ip: string, account: string): Promise<SignInAttempt>;
  /** A password reset: every client's failures against the account are forgotten. */
  clearSignInFailures(account: string): Promise<void>;
}

const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

export function createAttemptLimiter(redis: Redis, keyPrefix: string): AttemptLimiter {
  // Account names and addresses are hashed: Redis keys should hold no e-mail addresses.
  const keyOf = (action: string, scope: string, ...values: string[]) =>
    `${keyPrefix}:attempts:${action}:${scope}:${values.map((value) => digest(value.trim().toLowerCase())).join(':')}`;
  const failuresKey = (account: string) => keyOf('signIn', 'failures', account);
  /** One hit: the seconds to wait (0: none) and the quota that says so. */
  const count = async (key: string, limit: AttemptLimit, quota: QuotaPolicy): Promise<[number, QuotaPolicy]> => {
    const [hits, ttl] = (await redis.eval(HIT_SCRIPT, 1, key, String(limit.windowSeconds))) as [number, number];
    return [hits > limit.max ? Math.max(ttl, 1) : 0, quota];
  };
  const refuseAfter = (waits: [number, QuotaPolicy][]) => {
    const [wait, quota] = waits.reduce((longest, next) => (next[0] > longest[0] ? next : longest));
    if (wait > 0) throw new TooManyAttempts(wait, quota);
  };

  return {
    async hit(action, address, account) {
      const ip = clientKey(address);
      const limits = ATTEMPT_LIMITS[action];
      refuseAfter(await Promise.all([
        count(keyOf(action, 'ip', ip), limits.perIp, quotaOf(QUOTA_NAMES[action], limits.perIp)),
        count(keyOf(action, 'account-ip', account, ip), limits.perAccountAndIp, quotaOf(`${QUOTA_NAMES[action]}-per-account`, limits.perAccountAndIp)),
      ]));
    },

    async beginSignIn(address, account) {
      const ip = clientKey(address);
      const key = failuresKey(account);
      const client = digest(ip);
      const [ipWait, waitUntil] = await Promise.all([
        count(keyOf('signIn', 'ip', ip), SIGN_IN_LIMITS.perIp, quotaOf(QUOTA_NAMES.signIn, SIGN_IN_LIMITS.perIp)),
        redis.hget(key, `${client}:at`),
      ]);
      refuseAfter([ipWait, [Math.ceil((Number(waitUntil ?? 0) - Date.now()) / 1000), SIGN_IN_FAILURES_QUOTA]]);
      return {
        async failed() {
          const { freeFailures, firstDelaySeconds, maxDelaySeconds, memorySeconds } = SIGN_IN_LIMITS;
          await redis.eval(FAILURE_SCRIPT, 1, key, client, String(Date.now()), String(freeFailures), String(firstDelaySeconds), String(maxDelaySeconds), String(memorySeconds));
        },
        async succeeded() {
          await redis.hdel(key, `${client}:n`, `${client}:at`);
        },
      };
    },

    async clearSignInFailures(account) {
      await redis.del(failuresKey(account));
    },
  };
}

/** For operators on the machine itself (the command line): nothing to limit, and nobody signs in there. */
export const NO_ATTEMPT_LIMITS: AttemptLimiter = {
  hit: async () => undefined,
  beginSignIn: async () => ({ failed: async () => undefined, succeeded: async () => undefined }),
  clearSignInFailures: async () => undefined,
};
