/**
 * The worker role's part in webhooks: every `dispatchEveryMs` the dispatcher writes the deliveries
 * owed for new changes and queues them (BullMQ, job id = delivery id, so a delivery is queued
 * once); the queue's worker sends each through the egress module, retried with exponential
 * backoff. Failed jobs stay in the queue (its dead-letter list) and the delivery log says why.
 */
import { Queue, Worker } from 'bullmq';
import { createQueueConnection, throttledWarning, type Database, type RegistryConfig } from '@registry/platform';
import { createEgress, egressAllowList, type EgressSettings } from '@registry/platform/egress/index.ts';
import { reasonOf, repeatEvery, type TaskLogger } from '@registry/platform/repeating-task.ts';
import { deliverWebhook, dispatchWebhookDeliveries, stalledDeliveries } from './webhook-delivery.ts';

export const WEBHOOK_QUEUE_NAME = 'webhooks';

/** 12 attempts, 2 s doubling: the last about 68 min after the first, some 2.3 h in all. */
export const WEBHOOK_JOB_OPTIONS = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 2_000, jitter: 0.5 },
  removeOnComplete: { count: 1_000 },
  removeOnFail: false,
} as const;

interface WebhookJob {
  deliveryId: string;
}

export interface WebhookDeliveryOptions {
  log: TaskLogger;
  dispatchEveryMs?: number;
  /** Settings of the egress module beyond the allow-list and User-Agent (tests shorten the delays). */
  egress?: Partial<EgressSettings>;
}

export interface RunningWebhookDelivery {
  /** Dispatches now (as the repeating task does) and queues what it wrote. */
  dispatch(): Promise<string[]>;
  stop(): Promise<void>;
}

export function startWebhookDelivery(config: RegistryConfig, db: Database, options: WebhookDeliveryOptions): RunningWebhookDelivery {
  const egress = createEgress({ allow: egressAllowList(config.egressAllow), userAgent: `${config.siteName} webhooks (+${config.publicUrl})`, ...options.egress });
  const connection = createQueueConnection(config);
  const queue = new Queue<WebhookJob>(WEBHOOK_QUEUE_NAME, { connection, prefix: config.queuePrefix, defaultJobOptions: WEBHOOK_JOB_OPTIONS });
  queue.on('error', throttledWarning('webhook queue'));
  const workerConnection = createQueueConnection(config);
  const worker = new Worker<WebhookJob>(
    WEBHOOK_QUEUE_NAME,
    async (job) => deliverWebhook({ db, egress }, job.data.deliveryId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1)),
    { connection: workerConnection, prefix: config.queuePrefix, concurrency: 8 },
  );
  worker.on('error', throttledWarning('webhook worker'));
  const dispatch = async (): Promise<string[]> => {
    const ids = await dispatchWebhookDeliveries(db);
    const queued = [...ids, ...(await stalledDeliveries(db))];
    await queue.addBulk(queued.map((deliveryId) => ({ name: 'deliver', data: { deliveryId }, opts: { jobId: deliveryId } })));
    if (ids.length > 0) options.log.info({ deliveries: ids.length }, 'webhooks: deliveries queued');
    return ids;
  };
  const task = repeatEvery(options.dispatchEveryMs ?? 1_000, async () => void (await dispatch()), (error) => options.log.warn({ reason: reasonOf(error) }, 'webhooks: dispatch failed'));
  return {
    dispatch,
    async stop() {
      await task.stop();
      await worker.close();
      await queue.close();
      await Promise.all([connection.quit(), workerConnection.quit()]);
    },
  };
}
