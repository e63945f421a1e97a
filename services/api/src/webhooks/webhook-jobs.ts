/**
 * The worker role's part in webhooks: every `dispatchEveryMs` the dispatcher writes the deliveries
 * owed for new changes and claim decisions and queues them, one batch job per change (job id =
 * the change's key, so a change is queued once) on the batch queue; its worker sends a batch's
 * deliveries together (`deliverWebhooks`). A delivery a batch did not get taken (or did not send:
 * its webhook already failing) becomes a job of its own on the delivery queue, as do the
 * redeliveries owners asked for (a job id of their own, the delivery's id kept): retried with
 * exponential backoff and jitter over up to `retryWindowMs` (24 h by default), on the same
 * schedule whether the first attempt was in a batch or not. Two queues, so that retries to
 * receivers that are down or slow never hold up fresh deliveries. The delivery queue's jobs are
 * the endpoints' own lanes (`webhook-lanes.ts`): one delivery in flight per endpoint, a job
 * finding its endpoint's lane taken parked instead of holding a worker slot; a batch waits at
 * most the fast-lane budget for any receiver. A batch job that fails as a
 * whole (the database out of reach) is retried on the same schedule, and then sends only what was
 * never attempted. Failed jobs stay in their queue (its dead-letter list) and the delivery log
 * says why.
 */
import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import { createQueueConnection, createSearchClient, throttledWarning, type Database, type RegistryConfig, type WebhookSettings } from '@registry/platform';
import { configuredEgress, type EgressSettings } from '@registry/platform/egress/index.ts';
import { reasonOf, repeatEvery, type TaskLogger } from '@registry/platform/repeating-task.ts';
import { recordsAlias } from '@registry/schemas';
import { createSmtpMailer } from '../accounts/mailer.ts';
import { deliverWebhook, deliverWebhooks, type DeliveryDeps } from './webhook-delivery.ts';
import { dispatchWebhookDeliveries, redeliveryJobId, stalledDeliveries } from './webhook-dispatch.ts';
import { EndpointLanes, endpointOf } from './webhook-lanes.ts';
import * as repository from './webhook-repository.ts';

/** One delivery per job: retries, deliveries deferred by a batch, redeliveries. */
export const WEBHOOK_QUEUE_NAME = 'webhooks';
/** One change's deliveries per job: their first attempts. */
export const WEBHOOK_BATCH_QUEUE_NAME = 'webhook-batches';
/**
 * How often the dispatcher reads the change log: a change waits for the next run, so this is
 * most of the time from a save to its deliveries being queued (a run that finds nothing costs
 * a handful of small queries).
 */
const DISPATCH_EVERY_MS = 250;
/**
 * How often a dispatch also looks for deliveries whose queueing was lost (written over a minute
 * ago and never attempted): a slow receiver's lane holds deliveries not yet attempted for long,
 * and they need not be looked at four times a second.
 */
const STALLED_SWEEP_EVERY_MS = 5_000;
/** Deliveries read, sent and logged together (a change owed to more webhooks is sent in several). */
const BATCH_SIZE = 100;
/** Batch jobs run at once by this process (each sending up to 32 deliveries at once). */
const BATCHES_AT_ONCE = 4;
/** Single deliveries sent at once by this process (a retry mostly waits on a receiver that was failing). */
const SINGLES_AT_ONCE = 32;
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

/**
 * A retry job for a delivery first attempted in a batch: the rest of `webhookJobOptions`'s
 * schedule, so its n-th retry still waits up to base·2^(n-1) (the first after a jittered base,
 * then a backoff twice the base).
 */
export function batchRetryJobOptions(settings: Pick<WebhookSettings, 'retryAttempts' | 'retryWindowMs'>) {
  const whole = webhookJobOptions(settings);
  const base = whole.backoff.delay;
  return {
    ...whole,
    attempts: Math.max(whole.attempts - 1, 1),
    delay: Math.floor(base * (1 - RETRY_JITTER * Math.random())),
    backoff: { ...whole.backoff, delay: base * 2 },
  };
}

interface WebhookJob {
  deliveryId: string;
}

interface WebhookBatchJob {
  deliveryIds: string[];
}

/** The deliveries grouped by the change they tell of, in the order given: one batch job each, its id the change's key. */
export function changeBatches(deliveries: readonly repository.QueuedDelivery[]): { jobId: string; deliveryIds: string[] }[] {
  const byChange = new Map<string, Set<string>>();
  for (const { id, change_cursor: change } of deliveries) byChange.set(change, (byChange.get(change) ?? new Set<string>()).add(id));
  return [...byChange].map(([change, ids]) => ({ jobId: `change.${change}`, deliveryIds: [...ids] }));
}

export interface WebhookDeliveryOptions {
  log: TaskLogger;
  dispatchEveryMs?: number;
  /** Settings of the egress module beyond the allow-list and User-Agent (default: no pause between calls to a host, no retries within an attempt). */
  egress?: Partial<EgressSettings>;
}

export interface RunningWebhookDelivery {
  /** Dispatches now (as the repeating task does) and queues what it wrote; answers the new deliveries' ids. */
  dispatch(): Promise<string[]>;
  stop(): Promise<void>;
}

/** Sends each batch job's deliveries, BATCH_SIZE at a time; what is not taken (or deferred) goes to the delivery queue first. */
function batchProcessor(deps: DeliveryDeps, settings: WebhookSettings, singles: Queue<WebhookJob>) {
  const handOver = async ({ retry, deferred }: { retry: string[]; deferred: string[] }): Promise<void> => {
    if (retry.length === 0 && deferred.length === 0) return;
    await singles.addBulk([
      ...retry.map((deliveryId) => ({ name: 'retry', data: { deliveryId }, opts: { ...batchRetryJobOptions(settings), jobId: deliveryId } })),
      ...deferred.map((deliveryId) => ({ name: 'deliver', data: { deliveryId }, opts: { jobId: deliveryId } })),
    ]);
  };
  return async (job: { data: WebhookBatchJob }): Promise<void> => {
    const ids = job.data.deliveryIds;
    for (let start = 0; start < ids.length; start += BATCH_SIZE) {
      await deliverWebhooks(deps, ids.slice(start, start + BATCH_SIZE), { finalAttempt: settings.retryAttempts <= 1, firstAttempts: true, handOver });
    }
  };
}

/**
 * Sends one delivery of the delivery queue in its endpoint's lane: when another job of this
 * process is sending to the endpoint, the job is parked (back to the delayed set, not an attempt)
 * instead of waiting in a worker slot.
 */
function laneProcessor(deps: DeliveryDeps) {
  return async (job: Job<WebhookJob>, token?: string): Promise<void> => {
    const url = await repository.deliveryUrl(deps.db, job.data.deliveryId);
    // A delivery (or webhook) deleted meanwhile: nothing to send.
    if (url === null) return;
    const endpoint = endpointOf(url);
    const jobId = job.id ?? job.data.deliveryId;
    if (!deps.lanes.enter(endpoint, jobId)) {
      await job.moveToDelayed(Date.now() + deps.lanes.park(endpoint, jobId), token);
      throw new DelayedError();
    }
    const started = performance.now();
    try {
      await deliverWebhook(deps, job.data.deliveryId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1));
    } finally {
      deps.lanes.leave(endpoint, jobId, performance.now() - started);
    }
  };
}

export function startWebhookDelivery(config: RegistryConfig, db: Database, options: WebhookDeliveryOptions): RunningWebhookDelivery {
  // One call at a time per receiver but no pause between calls (a receiver asked for them), and no
  // retries inside an attempt: the queue retries on its own schedule.
  const egress = configuredEgress(config, 'webhooks', { hostDelayMs: 0, retries: 0, ...options.egress });
  const searchClient = createSearchClient(config);
  const search = { client: searchClient, alias: recordsAlias(config.indexPrefix) };
  const mailer = createSmtpMailer(config);
  const connection = createQueueConnection(config);
  const queueOptions = { connection, prefix: config.queuePrefix, defaultJobOptions: webhookJobOptions(config.webhooks) };
  const singles = new Queue<WebhookJob>(WEBHOOK_QUEUE_NAME, queueOptions);
  const batches = new Queue<WebhookBatchJob>(WEBHOOK_BATCH_QUEUE_NAME, queueOptions);
  for (const queue of [singles, batches]) queue.on('error', throttledWarning('webhook queue'));
  const deliveryDeps: DeliveryDeps = {
    db, egress, mailer, mailContext: { publicUrl: config.publicUrl, siteName: config.siteName }, disableAfterMs: config.webhooks.disableAfterMs,
    fastLaneMs: config.webhooks.fastLaneMs, lanes: new EndpointLanes(),
    warn: (message: string, error: unknown) => options.log.warn({ reason: reasonOf(error) }, message),
  };
  const workerConnections = [createQueueConnection(config), createQueueConnection(config)] as const;
  const workers = [
    new Worker<WebhookJob>(
      WEBHOOK_QUEUE_NAME,
      laneProcessor(deliveryDeps),
      { connection: workerConnections[0], prefix: config.queuePrefix, concurrency: SINGLES_AT_ONCE },
    ),
    new Worker<WebhookBatchJob>(
      WEBHOOK_BATCH_QUEUE_NAME,
      batchProcessor(deliveryDeps, config.webhooks, singles),
      { connection: workerConnections[1], prefix: config.queuePrefix, concurrency: BATCHES_AT_ONCE },
    ),
  ];
  for (const worker of workers) worker.on('error', throttledWarning('webhook worker'));
  let lastSweep = 0;
  const dispatch = async (): Promise<string[]> => {
    const written = await dispatchWebhookDeliveries({ db, search });
    // A lost batch is queued again under its change's key: ignored while the queue still holds it.
    const sweep = Date.now() - lastSweep >= STALLED_SWEEP_EVERY_MS;
    if (sweep) lastSweep = Date.now();
    const owed = changeBatches([...written, ...(sweep ? await stalledDeliveries(db) : [])]);
    await batches.addBulk(owed.map(({ jobId, deliveryIds }) => ({ name: 'deliver', data: { deliveryIds }, opts: { jobId } })));
    const asked = await repository.askedRedeliveries(db, 500);
    if (asked.length > 0) {
      await singles.addBulk(asked.map((delivery) => ({ name: 'redeliver', data: { deliveryId: delivery.id }, opts: { jobId: redeliveryJobId(delivery) } })));
      await repository.redeliveriesQueued(db, asked);
    }
    if (written.length > 0) options.log.info({ deliveries: written.length, batches: owed.length }, 'webhooks: deliveries queued');
    return written.map((delivery) => delivery.id);
  };
  const task = repeatEvery(options.dispatchEveryMs ?? DISPATCH_EVERY_MS, async () => void (await dispatch()), (error) => options.log.warn({ reason: reasonOf(error) }, 'webhooks: dispatch failed'));
  return {
    dispatch,
    async stop() {
      await task.stop();
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all([singles.close(), batches.close()]);
      await Promise.all([connection.quit(), ...workerConnections.map((workerConnection) => workerConnection.quit())]);
      await searchClient.close();
      mailer.close();
    },
  };
}
