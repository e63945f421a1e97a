/** Removes the OpenSearch indices and Redis keys that one test environment created. */
import { Redis } from 'ioredis';
import type { RunEnvironment } from '../setup/run-environment.ts';

export async function dropRunResources(env: Pick<RunEnvironment, 'OPENSEARCH_URL' | 'REDIS_URL' | 'INDEX_PREFIX' | 'QUEUE_PREFIX'>): Promise<void> {
  await fetch(`${env.OPENSEARCH_URL}/${env.INDEX_PREFIX}*?expand_wildcards=all`, { method: 'DELETE' }).catch(() => undefined);
  const redis = new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${env.QUEUE_PREFIX}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } catch {
    // Redis may be down on purpose in a failure test; nothing to clean then.
  } finally {
    redis.disconnect();
  }
}
