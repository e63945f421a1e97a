/**
 * The worker role's part in webhooks: every `dispatchEveryMs` the dispatcher writes the deliveries
 * owed for new changes and claim decisions and queues them (BullMQ, job id = delivery id, so a
 * delivery is queued once), with the redeliveries owners asked for (a job id of their own, the
 * delivery's id kept); the queue's worker sends each through the egress module, retried with
 * exponential backoff and jitter over up to `retryWindowMs` (24 h by default). Failed jobs stay in
 * the queue (its dead-letter list) and the delivery log says why.
 */
import { Queue, Worker } from 'bullmq';
import { createQueueConnection, createSearchClient, throttledWarning, type Database, type RegistryConfig, type WebhookSettings } from '@registry/platform';
import { configuredEgress, type EgressSettings } from '@registry/platform/egress/index.ts';
import { reasonOf, repeatEvery, type TaskLogger } from '@registry/platform/repeating-task.ts';
import { recordsAlias } from '@registry/schemas';
import { createSmtpMailer } from '../accounts/mailer.ts';
import { deliverWebhook } from './webhook-delivery.ts';
import { dispatchWebhookDeliveries, redeliveryJobId, stalledDeliveries } from './webhook-dispatch.ts';
import * as repository from './webhook-repository.ts';

export const WEBHOOK_QUEUE_NAME = 'webhooks';
/** A retry waits between (1 - jitter) and 1 times its exponential delay. */
const RETRY_JITTER = 0.2;

/**
 * The queue's job options: `retryAttempts` attempts, the n-th retry waiting up to base·2^(n-1),
 * base chosen so the retries add up to at most `retryWindowMs` (15 attempts over 24 h: a first
 * retry after some 5 s, the last some 12 h after the one before).
 */
export function webhookJobOptions(settings: Pick<WebhookSettings, 'retryAttempts' | 'retryWindowMs'>) {
  const retries = Math.max(settings.retryAttempts - 1, 1);
  return {
    attempts: settings.retryAttempts,
    backoff: { type: 'exponential', delay: Math.max(Math.floor(settings.retryWindowMs / (2 ** retries - 1)), 1), jitter: RETRY_JITTER },
    removeOnComplete: { count: 1_000 },
    removeOnFail: false,
  } as const;
}

interface WebhookJob {
  deliveryId: string;
}

export interface WebhookDeliveryOptions {
  log: TaskLogger;
  dispatchEveryMs?: number;
  /** Settings of the egress module beyond the allow-list and User-Agent (default: no pause between calls to a host, no retries within an attempt). */
  egress?: Partial<EgressSettings>;
  /** Deliveries sent at once by this process (default 32: a delivery mostly waits on its receiver). */
  concurrency?: number;
}

export interface RunningWebhookDelivery {
  /** Dispatches now (as the repeating task does) and queues what it wrote; answers the new deliveries' ids. */
  dispatch(): Promise<string[]>;
  stop(): Promise<void>;
}

export function startWebhookDelivery(config: RegistryConfig, db: Database, options: WebhookDeliveryOptions): RunningWebhookDelivery {
  // One call at a time per receiver but no pause between calls (a receiver asked for them), and no
  // retries inside an attempt: the queue retries on its own schedule.
  const egress = configuredEgress(config, 'webhooks', { hostDelayMs: 0, retries: 0, ...options.egress });
  const searchClient = createSearchClient(config);
  const search = { client: searchClient, alias: recordsAlias(config.indexPrefix) };
  const mailer = createSmtpMailer(config);
  const connection = createQueueConnection(config);
  const queue = new Queue<WebhookJob>(WEBHOOK_QUEUE_NAME, { connection, prefix: config.queuePrefix, defaultJobOptions: webhookJobOptions(config.webhooks) });
  queue.on('error', throttledWarning('webhook queue'));
  const workerConnection = createQueueConnection(config);
  const deliveryDeps = {
    db, egress, mailer, mailContext: { publicUrl: config.publicUrl, siteName: config.siteName }, disableAfterMs: config.webhooks.disableAfterMs,
    warn: (message: string, error: unknown) => options.log.warn({ reason: reasonOf(error) }, message),
  };
  const worker = new Worker<WebhookJob>(
    WEBHOOK_QUEUE_NAME,
    async (job) => deliverWebhook(deliveryDeps, job.data.deliveryId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1)),
    { connection: workerConnection, prefix: config.queuePrefix, concurrency: options.concurrency ?? 32 },
  );
  worker.on('error', throttledWarning('webhook worker'));
  const dispatch = async (): Promise<string[]> => {
    const ids = await dispatchWebhookDeliveries({ db, search });
    const queued = [...ids, ...(await stalledDeliveries(db))];
    await queue.addBulk(queued.map((deliveryId) => ({ name: 'deliver', data: { deliveryId }, opts: { jobId: deliveryId } })));
    const asked = await repository.askedRedeliveries(db, 500);
    if (asked.length > 0) {
      await queue.addBulk(asked.map((delivery) => ({ name: 'redeliver', data: { deliveryId: delivery.id }, opts: { jobId: redeliveryJobId(delivery) } })));
      await repository.redeliveriesQueued(db, asked);
    }
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
      await searchClient.close();
      mailer.close();
    },
  };
}
