/**
 * Per-host politeness across processes: one call in flight per host and `delayMs` between calls,
 * kept in Redis so that any number of worker processes together still call a host one at a time.
 *
 * A call holds a lease on the host's key (`SET key token NX PX leaseMs`), renewed while the call
 * runs, so a crashed holder frees the host within `leaseMs`. Releasing it compares the token and
 * leaves the key behind with a TTL of `delayMs`: the next caller waits out the delay on Redis's
 * clock. Waiters poll: a held lease every `pollMs` or so, a delay exactly when it ends, each
 * with jitter so waiting processes do not all ask at once. Callers of one process first queue on
 * an in-process gate, so at most one of them per host polls Redis.
 *
 * Redis unreachable (a command not answered within `commandTimeoutMs`): the call runs under the
 * in-process gate only, which it went through anyway, and one warning is logged until Redis
 * answers again. Calls never wait on Redis for longer than that.
 *
 * Who uses it: link checks, run by every worker process and with many records on one host. Not
 * switched: webhook deliveries (no delay, one at a time per receiver within the dispatching
 * worker; a Redis round trip per delivery would buy nothing), publication look-ups (a request
 * waits for them; a handful of well-provisioned resolvers) and DataCite registration (the
 * leading scheduler only, a single process).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { throttledWarning, type QueueConfig } from '../queue/index-queue.ts';
import { InProcessHostGate, type HostGate, type HostGateFactory } from './host-gate.ts';

export interface SharedHostGateOptions {
  /** Keys are `<keyPrefix>:<host>`; put the run's queue prefix first so separate runs never meet. */
  keyPrefix: string;
  /** How long a lease outlives a holder that stopped renewing it (a crashed process). */
  leaseMs?: number;
  /** Longest pause between two looks at a host whose lease is held. */
  pollMs?: number;
  /** Told once when Redis stops answering, until it answers again. */
  warn?: (message: string) => void;
}

/** Takes the lease, or answers how long the key has left and what it holds. */
const ACQUIRE = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 0 end
return {redis.call('PTTL', KEYS[1]), redis.call('GET', KEYS[1])}`;

const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

/** Only the holder releases; the key stays as the delay before the next call. */
const RELEASE = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if tonumber(ARGV[2]) > 0 then redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[2]) else redis.call('DEL', KEYS[1]) end
return 1`;

const COOLING_DOWN = 'delay';

export class SharedHostGate implements HostGate {
  readonly #local: InProcessHostGate;
  readonly #keyPrefix: string;
  readonly #leaseMs: number;
  readonly #pollMs: number;
  readonly #warn: (message: string) => void;
  #redisFailing = false;

  constructor(private readonly redis: Redis, private readonly delayMs: number, options: SharedHostGateOptions) {
    this.#local = new InProcessHostGate(delayMs);
    this.#keyPrefix = options.keyPrefix;
    this.#leaseMs = options.leaseMs ?? 5_000;
    this.#pollMs = options.pollMs ?? 50;
    this.#warn = options.warn ?? ((message) => console.warn(`warning: ${message}`));
  }

  run<T>(host: string, call: () => Promise<T>): Promise<T> {
    return this.#local.run(host, () => this.#leased(`${this.#keyPrefix}:${host}`, call));
  }

  async #leased<T>(key: string, call: () => Promise<T>): Promise<T> {
    const token = randomUUID();
    if (!(await this.#acquire(key, token))) return call();
    const renewal = setInterval(() => {
      this.redis.eval(RENEW, 1, key, token, this.#leaseMs).catch(() => {
        // A missed renewal at worst lets the lease lapse; the release below says so if Redis is gone.
      });
    }, this.#leaseMs / 3);
    renewal.unref();
    try {
      return await call();
    } finally {
      clearInterval(renewal);
      await this.redis.eval(RELEASE, 1, key, token, this.delayMs, COOLING_DOWN).catch((error: unknown) => this.#failing(error));
    }
  }

  /** True once the lease is ours; false when Redis did not answer (the call goes ahead in-process). */
  async #acquire(key: string, token: string): Promise<boolean> {
    for (;;) {
      let answer: unknown;
      try {
        answer = await this.redis.eval(ACQUIRE, 1, key, token, this.#leaseMs);
      } catch (error) {
        this.#failing(error);
        return false;
      }
      if (this.#redisFailing) {
        this.#redisFailing = false;
        this.#warn('host gate: Redis answers again; calls are paced across processes');
      }
      if (answer === 0) return true;
      const [ttl, holder] = answer as [number, string];
      const wait = holder === COOLING_DOWN ? ttl : Math.min(ttl, this.#pollMs);
      await sleep(Math.max(wait, 1) + Math.random() * (this.#pollMs / 2));
    }
  }

  #failing(error: unknown): void {
    if (this.#redisFailing) return;
    this.#redisFailing = true;
    const reason = error instanceof Error ? error.message : String(error);
    this.#warn(`host gate: Redis does not answer (${reason}); calls are paced within each process only`);
  }
}

/** Egress clients' gates sharing `redis` under `keyPrefix` (for `EgressSettings.hostGate`). */
export function sharedHostGate(redis: Redis, options: SharedHostGateOptions): HostGateFactory {
  return (delayMs) => new SharedHostGate(redis, delayMs, options);
}

/**
 * A connection for host gates: unlike the queues' connections, a command fails after
 * `commandTimeoutMs` (and after one reconnection), so a call never waits on a Redis that is gone.
 */
export function createHostGateConnection(config: Pick<QueueConfig, 'redisUrl'>, commandTimeoutMs = 1_000): Redis {
  const connection = new Redis(config.redisUrl, {
    commandTimeout: commandTimeoutMs,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  connection.on('error', throttledWarning('host gate redis'));
  return connection;
}
