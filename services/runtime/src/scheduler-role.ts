/**
 * The `scheduler` role: the cluster's timed work — change digests, DOI minting (when DataCite is
 * configured), the outbox sweeper, the record-view flushes and the queuing of link checks — done by exactly one process
 * however many schedulers run: the one holding the Postgres advisory lock `registry-scheduler`
 * (leader-election.ts). The others wait and take over within `electionIntervalMs` of the
 * leader's end. Stopping lets the running tasks finish, then frees the lock.
 */
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { DEFAULT_SWEEPER_OPTIONS, startSweeper, type SweeperOptions } from '@registry/indexer';
import { createSerialRunner } from '@registry/indexer/src/serial.ts';
import { createDatabase, createIndexPublisher, createSearchClient, throttledWarning, type RegistryConfig } from '@registry/platform';
import type { RunningRole } from '@registry/platform/process-roles.ts';
import type { RepeatingTask } from '@registry/platform/repeating-task.ts';
import { recordsAlias } from '@registry/schemas';
import { createSmtpMailer } from '@registry/api/accounts/mailer.ts';
import { scheduleChangeDigests } from '@registry/api/watching/digest-schedule.ts';
import { scheduleDoiMinting } from '@registry/api/dois/doi-schedule.ts';
import { dataciteEgress } from '@registry/api/dois/datacite-client.ts';
import { scheduleRecordViewFlushes } from '@registry/api/record-views/view-flush-schedule.ts';
import { scheduleLinkChecks } from '@registry/api/link-health/link-check-jobs.ts';
import { startLeaderElection } from './leader-election.ts';
import { indexerLog } from './role-logger.ts';
import { startRoleHealth } from './role-health.ts';

export const SCHEDULER_LOCK = 'registry-scheduler';

export interface SchedulerRoleOptions {
  logger: Logger;
  healthPort?: number;
  /** How often a waiting scheduler tries to lead (default 2 s, SCHEDULER_ELECTION_INTERVAL_MS). */
  electionIntervalMs?: number;
  sweeper?: Partial<SweeperOptions>;
  /** Milliseconds between record-view flushes (default 10 s). */
  viewFlushIntervalMs?: number;
}

export interface RunningScheduler extends RunningRole {
  isLeader(): boolean;
}

export async function startSchedulerRole(config: RegistryConfig, options: SchedulerRoleOptions): Promise<RunningScheduler> {
  const log = options.logger;
  const db = createDatabase(config.databaseUrl, { min: 0, max: 4 });
  const searchClient = createSearchClient(config);
  // Commands fail after a few retries while Redis is away (the counts wait there), so a flush never holds up a stop.
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
  redis.on('error', throttledWarning('scheduler redis (view counts wait in Redis)'));
  const publisher = createIndexPublisher(config);
  const mailer = createSmtpMailer(config);
  const runSerially = createSerialRunner();

  const startTasks = (): RepeatingTask[] => {
    const tasks = [
      scheduleChangeDigests({ db, mailer, mailContext: { publicUrl: config.publicUrl, siteName: config.siteName }, secret: config.jwtSecret, brokenLinkDays: config.linkBrokenDays }, config.digestCheckIntervalMs, log),
      startSweeper({ db, client: searchClient, index: recordsAlias(config.indexPrefix) }, { ...DEFAULT_SWEEPER_OPTIONS, ...options.sweeper }, runSerially, indexerLog(log)),
      scheduleRecordViewFlushes({ redis, db, queuePrefix: config.queuePrefix }, log, options.viewFlushIntervalMs),
      scheduleLinkChecks(config, db, log),
    ];
    if (config.datacite) {
      tasks.push(scheduleDoiMinting({ db, publisher, datacite: config.datacite, egress: dataciteEgress(config), publicUrl: config.publicUrl, siteName: config.siteName }, log));
    }
    return tasks;
  };

  let tasks: RepeatingTask[] = [];
  const election = startLeaderElection({
    databaseUrl: config.databaseUrl,
    lockName: SCHEDULER_LOCK,
    intervalMs: options.electionIntervalMs ?? 2_000,
    onElected: () => {
      tasks = startTasks();
    },
    onDeposed: async () => {
      const running = tasks;
      tasks = [];
      await Promise.all(running.map((task) => task.stop()));
    },
    log,
  });

  let stopping = false;
  const health =
    options.healthPort === undefined
      ? undefined
      : await startRoleHealth(config, { role: 'scheduler', port: options.healthPort, draining: () => stopping, state: () => ({ leader: election.isLeader() }) });
  if (health) log.info({ port: health.port }, 'scheduler: health, readiness and metrics');

  return {
    name: 'scheduler',
    isLeader: () => election.isLeader(),
    async stop() {
      stopping = true;
      await election.stop();
      await health?.close();
      await publisher.close();
      mailer.close();
      redis.disconnect();
      await searchClient.close();
      await db.destroy();
      log.info('scheduler: stopped');
    },
  };
}
