/**
 * Leader election by a Postgres session advisory lock: every scheduler process tries to take the
 * lock on its own connection; the one that holds it leads. The lock belongs to the session, so
 * when the leader dies (even killed -9) Postgres ends its session and releases it, and the next
 * try of another process takes over. A leader that loses its connection stops leading at once.
 */
import pg from 'pg';
import { reasonOf, type TaskLogger } from '@registry/platform/repeating-task.ts';

export interface LeaderElectionOptions {
  databaseUrl: string;
  /** Names the lock; every process that competes for the same work uses the same name. */
  lockName: string;
  /** How often a follower tries the lock and a leader checks its connection. */
  intervalMs: number;
  /** Starts the leader's work; runs once per term. */
  onElected(): void;
  /** Stops the leader's work and waits for it; runs when a term ends. */
  onDeposed(): Promise<void>;
  log: TaskLogger;
}

export interface LeaderElection {
  isLeader(): boolean;
  /** Ends the term (its work stopped first) and the election; the lock is free for the others. */
  stop(): Promise<void>;
}

export function startLeaderElection(options: LeaderElectionOptions): LeaderElection {
  let client: pg.Client | undefined;
  let leader = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const endTerm = async (why: string): Promise<void> => {
    if (!leader) return;
    leader = false;
    options.log.info({ lock: options.lockName }, `no longer the leader: ${why}`);
    await options.onDeposed();
  };

  const dropConnection = async (): Promise<void> => {
    const old = client;
    client = undefined;
    await old?.end().catch(() => undefined);
  };

  const connect = async (): Promise<pg.Client> => {
    const fresh = new pg.Client({ connectionString: options.databaseUrl, application_name: `scheduler ${process.pid}` });
    // A broken connection is noticed by the next query; the error event must not crash the process.
    fresh.on('error', () => undefined);
    await fresh.connect();
    client = fresh;
    return fresh;
  };

  const round = async (): Promise<void> => {
    try {
      const session = client ?? (await connect());
      if (leader) {
        await session.query('SELECT 1');
        return;
      }
      const { rows } = await session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [options.lockName]);
      if (rows[0]?.locked && !stopped) {
        leader = true;
        options.log.info({ lock: options.lockName }, 'elected leader');
        options.onElected();
      }
    } catch (error) {
      await endTerm(`lost the database session (${reasonOf(error)})`);
      await dropConnection();
    }
  };

  const tick = (): void => {
    current = round().finally(() => {
      if (!stopped) timer = setTimeout(tick, options.intervalMs);
    });
  };
  tick();

  return {
    isLeader: () => leader,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
      await endTerm('stopping');
      // Ending the session releases the lock.
      await dropConnection();
    },
  };
}
