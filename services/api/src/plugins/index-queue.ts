/**
 * Redis + the BullMQ index queue, as `app.redis` and `app.indexQueue`: health checks read the
 * queue's counts, and writes publish index jobs to it after their transaction commits.
 */
import fp from 'fastify-plugin';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { INDEX_QUEUE_NAME } from './index-queue-name.ts';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis;
    indexQueue: Queue;
  }
}

export interface IndexQueuePluginOptions {
  redisUrl: string;
  queuePrefix: string;
}

export const indexQueuePlugin = fp<IndexQueuePluginOptions>(
  async (app, options) => {
    // A command fails after one reconnect attempt instead of waiting for Redis forever: health
    // checks answer quickly, and the outbox sweeper catches up on jobs that never reached Redis.
    const redis = new Redis(options.redisUrl, {
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
    });
    let lastLoggedError = '';
    redis.on('error', (error: Error) => {
      if (error.message === lastLoggedError) return;
      lastLoggedError = error.message;
      app.log.warn({ err: error }, 'redis connection error');
    });
    redis.on('ready', () => {
      lastLoggedError = '';
    });
    const indexQueue = new Queue(INDEX_QUEUE_NAME, {
      connection: redis,
      prefix: options.queuePrefix,
      skipWaitingForReady: true,
    });
    indexQueue.on('error', (error: Error) => app.log.warn({ err: error }, 'index queue error'));
    app.decorate('redis', redis);
    app.decorate('indexQueue', indexQueue);
    app.addHook('onClose', async () => {
      await indexQueue.close().catch(() => undefined);
      redis.disconnect();
    });
  },
  { name: 'registry-index-queue' },
);
