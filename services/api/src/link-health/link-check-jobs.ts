/**
 * Link checks as jobs. The leading scheduler, once a minute, brings `link_checks` in line with
 * the URLs public records name and queues the share of them a full pass over `periodMs` needs
 * (total × interval / period, the least recently queued first), so the checks of the whole
 * catalogue are spread evenly over the period. The worker role runs each job through the egress
 * module (one call at a time per host, with its delay, across every worker process: a catalogue
 * names many URLs on one host) and stores the result.
 */
import { Queue, Worker } from 'bullmq';
import { createQueueConnection, throttledWarning, type Database, type RegistryConfig } from '@registry/platform';
import { configuredEgress, createHostGateConnection, sharedHostGate, type Egress, type EgressSettings } from '@registry/platform/egress/index.ts';
import { reasonOf, repeatEvery, type RepeatingTask, type TaskLogger } from '@registry/platform/repeating-task.ts';
import { checkLink, createNetworkProbe, type NetworkProbe } from './link-check.ts';
import { countLinkChecks, findLinkCheck, saveLinkCheckResult, syncLinkTargets, takeDueChecks } from './link-health-repository.ts';

export const LINK_CHECK_QUEUE_NAME = 'link-checks';
export const LINK_CHECK_INTERVAL_MS = 60_000;

interface LinkCheckJob {
  checkId: number;
}

const JOB_OPTIONS = { attempts: 1, removeOnComplete: { count: 1_000 }, removeOnFail: { count: 1_000 } } as const;

export interface LinkCheckSpread {
  /** One full pass over every URL (the config's `linkCheckPeriodMs`). */
  periodMs: number;
  /** How often the scheduler queues the next share. */
  intervalMs: number;
}

/** How many checks one scheduler run queues so that `total` URLs are all checked once per period. */
export function checksPerRun(total: number, spread: LinkCheckSpread): number {
  return total === 0 ? 0 : Math.ceil((total * spread.intervalMs) / spread.periodMs);
}

/** One scheduler run: sync the URL list, then take the checks now due; answers their ids. */
export async function takeLinkChecksDue(db: Database, spread: LinkCheckSpread, now: Date): Promise<number[]> {
  await syncLinkTargets(db);
  return takeDueChecks(db, checksPerRun(await countLinkChecks(db), spread), now);
}

export interface LinkCheckQueue {
  enqueue(checkIds: number[], queuedAt: Date): Promise<void>;
  close(): Promise<void>;
}

export function createLinkCheckQueue(config: RegistryConfig): LinkCheckQueue {
  const connection = createQueueConnection(config);
  const queue = new Queue<LinkCheckJob>(LINK_CHECK_QUEUE_NAME, { connection, prefix: config.queuePrefix, defaultJobOptions: JOB_OPTIONS });
  queue.on('error', throttledWarning('link check queue'));
  return {
    async enqueue(checkIds, queuedAt) {
      // One job per check and queuing: a repeated run of the same scheduler tick adds nothing.
      await queue.addBulk(checkIds.map((checkId) => ({ name: 'check', data: { checkId }, opts: { jobId: `${checkId}-${queuedAt.getTime()}` } })));
    },
    async close() {
      await queue.close();
      await connection.quit();
    },
  };
}

/** The scheduler's task (run by the leading scheduler only). */
export function scheduleLinkChecks(config: RegistryConfig, db: Database, log: TaskLogger, spread: Partial<LinkCheckSpread> = {}): RepeatingTask {
  const settings = { periodMs: config.linkCheckPeriodMs, intervalMs: LINK_CHECK_INTERVAL_MS, ...spread };
  const queue = createLinkCheckQueue(config);
  const task = repeatEvery(settings.intervalMs, async () => {
    const now = new Date();
    const ids = await takeLinkChecksDue(db, settings, now);
    await queue.enqueue(ids, now);
    if (ids.length > 0) log.info({ checks: ids.length }, 'link health: checks queued');
  }, (error) => log.warn({ reason: reasonOf(error) }, 'link health: queuing failed'));
  return {
    async stop() {
      await task.stop();
      await queue.close();
    },
  };
}

export interface LinkCheckDeps {
  db: Database;
  egress: Egress;
  probe: NetworkProbe;
}

/** One job: check the URL and store what was found (nothing when the row went meanwhile). */
export async function runLinkCheck(deps: LinkCheckDeps, checkId: number, now: () => Date = () => new Date()): Promise<void> {
  const check = await findLinkCheck(deps.db, checkId);
  if (check === null) return;
  const result = await checkLink(deps.egress, deps.probe, check.url);
  await saveLinkCheckResult(deps.db, checkId, result, now());
}

/** Egress settings of link checks: short, few retries, a small body cap (a check reads no body). */
export function linkCheckEgress(config: RegistryConfig, overrides: Partial<EgressSettings> = {}): Egress {
  return configuredEgress(config, 'link checker', { totalTimeoutMs: 10_000, retries: 1, maxBytes: 256 * 1024, ...overrides });
}

export interface RunningLinkCheckWorker {
  stop(): Promise<void>;
}

export function startLinkCheckWorker(config: RegistryConfig, db: Database, options: { egress?: Partial<EgressSettings> } = {}): RunningLinkCheckWorker {
  const gateConnection = createHostGateConnection(config);
  const hostGate = sharedHostGate(gateConnection, { keyPrefix: `${config.queuePrefix}:host-gate:link-checks` });
  const deps: LinkCheckDeps = {
    db,
    egress: linkCheckEgress(config, { hostGate, ...options.egress }),
    probe: createNetworkProbe(config.linkCheckProbeHost, options.egress?.resolver),
  };
  const connection = createQueueConnection(config);
  // Several hosts at once; the shared host gate keeps each host to one call at a time over all workers.
  const worker = new Worker<LinkCheckJob>(LINK_CHECK_QUEUE_NAME, async (job) => runLinkCheck(deps, job.data.checkId), { connection, prefix: config.queuePrefix, concurrency: 4 });
  worker.on('error', throttledWarning('link check worker'));
  return {
    async stop() {
      await worker.close();
      await connection.quit();
      // Nothing runs through the gate once the worker closed; a quit would wait on a Redis that may be gone.
      gateConnection.disconnect();
    },
  };
}
