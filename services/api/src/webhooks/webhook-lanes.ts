/**
 * Each receiver only delays itself. Batches are the fast lane: they wait at most the fast-lane
 * budget for any receiver, and send nothing to a receiver already being sent to in its own lane.
 * Everything else — a slow or failing webhook's deliveries, one cut off at the budget, retries,
 * redeliveries — is a job of the delivery queue, and those jobs are the endpoints' own lanes:
 * at most one delivery in flight per endpoint (the receiver's host and port, as the egress
 * module's one call per host) in this process. A job that finds its endpoint's lane taken is
 * parked (moved back to the queue's delayed set) instead of holding one of the worker's slots,
 * for about as long as the deliveries parked before it will take, so a slow receiver's backlog
 * neither blocks other receivers' jobs nor spins.
 */

/** How long a webhook stays out of the fast lane after its receiver last took longer than the budget. */
export const SLOW_LANE_MS = 10 * 60_000;
/** A parked job looks again after at least this long, and at most this long. */
const PARK_AT_LEAST_MS = 250;
const PARK_AT_MOST_MS = 60_000;
/** What a send to an endpoint is taken to last before one was measured. */
const FIRST_ESTIMATE_MS = 1_000;

/** The endpoint a webhook URL is sent to: the key of its lane and of the egress module's host gate. */
export function endpointOf(url: string): string {
  return new URL(url).host;
}

export class EndpointLanes {
  /** Endpoints with a lane delivery in flight, by the job sending it. */
  readonly #sending = new Map<string, string>();
  /** The jobs that found each endpoint's lane taken and are waiting to look again. */
  readonly #parked = new Map<string, Set<string>>();
  readonly #lastSendMs = new Map<string, number>();

  /** A delivery to `endpoint` is being sent in its lane by this process. */
  busy(endpoint: string): boolean {
    return this.#sending.has(endpoint);
  }

  /** Takes the endpoint's lane for `jobId`; false when another job holds it. */
  enter(endpoint: string, jobId: string): boolean {
    const parked = this.#parked.get(endpoint);
    parked?.delete(jobId);
    if (parked?.size === 0) this.#parked.delete(endpoint);
    if (this.#sending.has(endpoint)) return false;
    this.#sending.set(endpoint, jobId);
    return true;
  }

  /** The lane's send ended after `tookMs`. */
  leave(endpoint: string, jobId: string, tookMs: number): void {
    if (this.#sending.get(endpoint) === jobId) this.#sending.delete(endpoint);
    this.#lastSendMs.set(endpoint, tookMs);
  }

  /** Parks `jobId` behind the endpoint's lane: how long it waits before looking again (its place times the endpoint's last send). */
  park(endpoint: string, jobId: string): number {
    const parked = this.#parked.get(endpoint) ?? new Set<string>();
    parked.add(jobId);
    this.#parked.set(endpoint, parked);
    const place = [...parked].indexOf(jobId) + 1;
    const wait = place * (this.#lastSendMs.get(endpoint) ?? FIRST_ESTIMATE_MS);
    return Math.round(Math.min(Math.max(wait, PARK_AT_LEAST_MS), PARK_AT_MOST_MS) * (1 + Math.random() * 0.1));
  }
}
