/**
 * Redis and the index queue: `app.indexQueue` (health checks read its counts) and
 * `app.indexPublisher` (writes publish index jobs after their transaction commits).
 */
import fp from 'fastify-plugin';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  createIndexPublisher,
  createIndexQueue,
  createQueueConnection,
  type IndexJobData,
  type IndexPublisher,
} from '@registry/platform';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis;
    indexQueue: Queue<IndexJobData>;
    indexPublisher: IndexPublisher;
  }
}

export interface IndexQueuePluginOptions {
  redisUrl: string;
  queuePrefix: string;
}

export const indexQueuePlugin = fp<IndexQueuePluginOptions>(
  async (app, options) => {
    const config = { redisUrl: options.redisUrl, queuePrefix: options.queuePrefix };
    const redis = createQueueConnection(config, (error) => app.log.debug({ err: error }, 'redis connection error'));
    const indexQueue = createIndexQueue(config, redis);
    const indexPublisher = createIndexPublisher(config);
    app.decorate('redis', redis);
    app.decorate('indexQueue', indexQueue);
    app.decorate('indexPublisher', indexPublisher);
    app.addHook('onClose', async () => {
      await indexPublisher.close();
      // Bounded: closing waits on Redis, which may be the thing that is down.
      await Promise.race([indexQueue.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1_000))]);
      redis.disconnect();
    });
  },
  { name: 'registry-index-queue' },
);
