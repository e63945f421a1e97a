/**
 * Publication look-ups as jobs, the API's side: a request queues `{source, identifier}` on its
 * service's queue (BullMQ: `publication-lookups-crossref`, `-pubmed`, `-zenodo`) and waits for the
 * worker's answer (`publication-lookup-jobs.ts`) at most `waitMs`. The job id comes from the
 * identifier, so identical look-ups in flight share one job, and a finished job is kept for
 * `LOOKUP_CACHE_MS` to answer the same look-up again; a failure is not kept. When no answer comes
 * in time (no worker, a slow one, Redis away) the answer is `unavailable` and a job still waiting
 * is withdrawn.
 *
 * Fair to every client. Each service has a queue (and a lane in the worker) of its own, so a
 * backlog at Crossref never delays a PubMed look-up. A client (a signed-in user) may have
 * MAX_LOOKUPS_IN_FLIGHT look-ups waiting at once; one more is answered `busy` at once (429 with
 * retry-after). And a client's n-th look-up in flight goes into the queue with priority n, behind
 * every client's earlier ones: a client with a backlog is served in turn with the others, one
 * look-up each, instead of before them all. One user's forty parallel look-ups made another's
 * wait behind them (served one at a time, ~330 ms each: NCBI asks for three calls a second) until
 * its 10 s bound ran out.
 */
import { Queue, QueueEvents, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { createQueueConnection, throttledWarning, type RegistryConfig } from '@registry/platform';
import type { PublicationInput } from '@registry/schemas/forms/linked-entities.ts';
import { LOOKUP_MESSAGES } from './publication-resolver.ts';

export const PUBLICATION_SOURCES = ['crossref', 'pubmed', 'zenodo'] as const;
export type PublicationSource = (typeof PUBLICATION_SOURCES)[number];

/** The queue of one service's look-ups. */
export function publicationLookupQueueName(source: PublicationSource): string {
  return `publication-lookups-${source}`;
}

/** Look-ups of one client waiting for their answer at once (an editor looks up a DOI, a PubMed id and a Zenodo record). */
export const MAX_LOOKUPS_IN_FLIGHT = 3;
/** About the time one look-up takes: when a client's place is likely free again. */
export const LOOKUP_RETRY_AFTER_SECONDS = 1;

export interface PublicationLookupRequest {
  /** Crossref and Zenodo take a DOI, PubMed (NCBI) a PubMed id. */
  source: PublicationSource;
  identifier: string;
}

/** The worker's answer: the fields, or why there are none (the message is the user's). */
export type PublicationLookupOutcome = { found: PublicationInput } | { notFound: string } | { failed: string };

/** What a request gets: the worker's answer, none in time, or none because its client has the most waiting. */
export type PublicationLookupAnswer = PublicationLookupOutcome | { unavailable: string } | { busy: string; retryAfterSeconds: number };

/** How long a finished look-up answers the same look-up again. */
export const LOOKUP_CACHE_MS = 5 * 60_000;

export const PUBLICATION_LOOKUP_JOB_OPTIONS = {
  // The egress module retries inside the job; after that the person may ask again.
  attempts: 1,
  removeOnComplete: { age: LOOKUP_CACHE_MS / 1_000 },
  removeOnFail: true,
} as const;

/** How far back a lane's event reader starts: wider than the clock difference between API and Redis hosts, short enough that an earlier failure of the same look-up is rarely replayed. */
const EVENTS_REPLAY_MS = 10_000;

/** DOIs are case-insensitive; BullMQ ids may not hold ':', which the encoding removes. */
export function publicationLookupJobId(request: PublicationLookupRequest): string {
  return `${request.source}-${encodeURIComponent(request.identifier.toLowerCase())}`;
}

export interface PublicationLookups {
  /** `client` names whose look-ups are counted together (`user:<id>`). */
  lookUp(request: PublicationLookupRequest, client: string): Promise<PublicationLookupAnswer>;
  close(): Promise<void>;
}

type LookupJob = Job<PublicationLookupRequest, PublicationLookupOutcome>;
type LookupQueue = Queue<PublicationLookupRequest, PublicationLookupOutcome>;

interface ServiceLane {
  queue: LookupQueue;
  events: QueueEvents;
}

interface Connected {
  /** The queues' and the counts' connection (commands that do not block). */
  commands: Redis;
  lanes: Map<PublicationSource, ServiceLane>;
  connections: Redis[];
}

/** Connects to Redis on the first look-up, so an API process that never looks anything up holds no connections for it. */
export function createPublicationLookups(config: Pick<RegistryConfig, 'redisUrl' | 'queuePrefix' | 'publicationLookupWaitMs'>): PublicationLookups {
  let connected: Connected | undefined;
  const connect = (): Connected => {
    if (connected) return connected;
    const commands = createQueueConnection(config);
    connected = { commands, lanes: new Map(), connections: [commands] };
    return connected;
  };
  const laneOf = (source: PublicationSource): ServiceLane => {
    const { commands, lanes, connections } = connect();
    const existing = lanes.get(source);
    if (existing) return existing;
    const queue: LookupQueue = new Queue(publicationLookupQueueName(source), { connection: commands, prefix: config.queuePrefix, defaultJobOptions: PUBLICATION_LOOKUP_JOB_OPTIONS });
    queue.on('error', throttledWarning('publication look-up queue'));
    // QueueEvents blocks on its connection while it reads the events stream, hence one of its own.
    const eventsConnection = createQueueConnection(config);
    connections.push(eventsConnection);
    // It reads from EVENTS_REPLAY_MS before its creation rather than from its first read ('$'):
    // the lane's first look-up waits for a job that may finish before that read begins, and its
    // answer was lost (a 503 after 10 s on a busy machine).
    const lastEventId = `${Date.now() - EVENTS_REPLAY_MS}-0`;
    const events = new QueueEvents(publicationLookupQueueName(source), { connection: eventsConnection, prefix: config.queuePrefix, lastEventId });
    events.on('error', throttledWarning('publication look-up events'));
    const lane = { queue, events };
    lanes.set(source, lane);
    return lane;
  };
  const waitMs = config.publicationLookupWaitMs;
  const inFlightKey = (client: string) => `${config.queuePrefix}:publication-lookups-in-flight:${client}`;

  return {
    async lookUp(request, client) {
      const { commands } = connect();
      const { queue, events } = laneOf(request.source);
      const jobId = publicationLookupJobId(request);
      const key = inFlightKey(client);
      // The count expires a while after the client's last look-up began, so a process that dies counting one does not lock its client out.
      const counted = commands.multi().incr(key).pexpire(key, 2 * waitMs).exec()
        .then((results) => Number(results?.[0]?.[1] ?? 0));
      const answered = (async (): Promise<PublicationLookupAnswer> => {
        const inFlight = await counted;
        if (inFlight > MAX_LOOKUPS_IN_FLIGHT) {
          return {
            busy: `You have ${MAX_LOOKUPS_IN_FLIGHT} publication look-ups waiting for their answer; send the next one when one has been answered (retry in ${LOOKUP_RETRY_AFTER_SECONDS} s).`,
            retryAfterSeconds: LOOKUP_RETRY_AFTER_SECONDS,
          };
        }
        const job = await currentJob(queue, request, jobId, inFlight);
        const outcome = await job.waitUntilFinished(events, waitMs);
        if ('failed' in outcome) void job.remove().catch(() => undefined);
        return outcome;
      })();
      // Adding and waiting both need Redis: the deadline holds even while it does not answer.
      answered.catch(() => undefined);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), waitMs);
      });
      try {
        const outcome = await Promise.race([answered, deadline]);
        if (outcome) return outcome;
      } catch {
        // the wait ended without an answer (its own time-out, the queue closing) or the job broke
      } finally {
        clearTimeout(timer);
        // Counted out once it was counted in (Redis may have been away the whole time).
        void counted.then(() => commands.decr(key)).catch(() => undefined);
      }
      // Nobody took it in time: withdraw it (a job a worker holds stays and is kept for the next look-up).
      void queue.remove(jobId).catch(() => undefined);
      return { unavailable: LOOKUP_MESSAGES.noAnswer };
    },
    async close() {
      if (!connected) return;
      const { lanes, connections } = connected;
      connected = undefined;
      const closing = [...lanes.values()].flatMap((lane) => [lane.queue.close(), lane.events.close()]);
      // Bounded: closing waits on Redis, which may be the thing that is down.
      await Promise.race([Promise.all(closing).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1_000))]);
      for (const connection of connections) connection.disconnect();
    },
  };
}

/**
 * The job answering this look-up: the one in flight or finished lately, or a new one with the
 * priority of its place among its client's look-ups in flight (1 goes first).
 */
async function currentJob(queue: LookupQueue, request: PublicationLookupRequest, jobId: string, placeOfClient: number): Promise<LookupJob> {
  const existing: LookupJob | undefined = await queue.getJob(jobId);
  if (existing?.finishedOn !== undefined && Date.now() - existing.finishedOn > LOOKUP_CACHE_MS) await existing.remove().catch(() => undefined);
  else if (existing) return existing;
  return queue.add('look-up', request, { jobId, priority: Math.max(1, placeOfClient) });
}
