/**
 * Record page views, counted on the server without storing who viewed: a view is one Redis
 * HINCRBY on a pending hash (no IP, cookie or time kept anywhere), and a flush moves the hash's
 * counts into Postgres in one statement, so a busy record costs one write per flush, not one
 * per view. Obvious bots (crawlers, scripts, headless browsers, no user agent) are not counted.
 *
 * The flush renames the pending hash first (atomic: views arriving meanwhile start a new one),
 * adds the renamed hash to Postgres and deletes it. A lock keeps two servers from flushing the
 * same hash; a hash left behind by a flush that died is flushed before the next rename. A crash
 * between the Postgres commit and the delete would count that one batch twice.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Database } from '@registry/platform';
import { addRecordViews } from './record-views-repository.ts';

/** Crawlers, link previews, command-line clients and HTTP libraries, headless browsers. */
const OBVIOUS_BOT = new RegExp(
  [
    'bot\\b', 'bot/', 'crawl', 'spider', 'slurp', 'archiver', 'preview', 'facebookexternalhit', 'embedly', 'feedfetcher',
    'curl/', 'wget/', 'httpie', 'python-requests', 'python-urllib', 'aiohttp', 'go-http-client', 'java/', 'okhttp',
    'apache-httpclient', 'libwww', 'node-fetch', 'axios/', 'undici', 'scrapy', 'headless', 'phantomjs', 'lighthouse',
  ].join('|'),
  'i',
);

export function isObviousBot(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || OBVIOUS_BOT.test(userAgent);
}

export interface RecordViewKeys {
  pending: string;
  flushing: string;
  lock: string;
}

/** Keys under the deployment's Redis prefix (tests get their own). */
export function recordViewKeys(prefix: string): RecordViewKeys {
  return { pending: `${prefix}:record_views:pending`, flushing: `${prefix}:record_views:flushing`, lock: `${prefix}:record_views:lock` };
}

/** Adds one view of a record to the pending counts (callers leave obvious bots out). */
export async function countRecordView(redis: Redis, keys: RecordViewKeys, recordId: number): Promise<void> {
  await redis.hincrby(keys.pending, String(recordId), 1);
}

const LOCK_MILLISECONDS = 60_000;

/** Releases the lock only if it is still ours (it may have expired and been taken). */
const RELEASE_LOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

async function flushHash(redis: Redis, db: Database, key: string): Promise<number> {
  const raw = await redis.hgetall(key);
  const counts = new Map<number, number>();
  let views = 0;
  for (const [id, count] of Object.entries(raw)) {
    const recordId = Number(id);
    const increment = Number(count);
    if (!Number.isSafeInteger(recordId) || !(increment > 0)) continue;
    counts.set(recordId, increment);
    views += increment;
  }
  await addRecordViews(db, counts);
  await redis.del(key);
  return views;
}

/** Moves the pending counts into Postgres; answers how many views it moved (0 if another server is flushing). */
export async function flushRecordViews(redis: Redis, db: Database, keys: RecordViewKeys): Promise<number> {
  const token = randomUUID();
  if ((await redis.set(keys.lock, token, 'PX', LOCK_MILLISECONDS, 'NX')) !== 'OK') return 0;
  try {
    let views = 0;
    if (await redis.exists(keys.flushing)) views += await flushHash(redis, db, keys.flushing);
    if (await redis.exists(keys.pending)) {
      await redis.rename(keys.pending, keys.flushing);
      views += await flushHash(redis, db, keys.flushing);
    }
    return views;
  } finally {
    await redis.eval(RELEASE_LOCK, 1, keys.lock, token);
  }
}
