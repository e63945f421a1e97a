/**
 * One link check through the egress module: HEAD, then GET when the server refuses HEAD
 * (405, 501, 403), redirects followed within the egress limit. A 2xx or 3xx answer is alive;
 * anything else, a refused address, a time-out or a lost connection is a failure — except when
 * the registry itself has no network, which says nothing about the link:
 *
 * - ENETUNREACH / EHOSTUNREACH on connecting: this machine has no route out, so "no network".
 * - ENOTFOUND / EAI_AGAIN when resolving the host: a dead domain answers that too, so the probe
 *   name (`LINK_CHECK_PROBE_HOST`, a name that always resolves where there is DNS) is looked up
 *   once a minute: when it fails as well, "no network"; otherwise the link's host is gone.
 */
import { EgressRefusedError, EgressTimeoutError, EgressTooLargeError, systemResolver, type Egress, type EgressResponse, type HostResolver } from '@registry/platform/egress/index.ts';

export type LinkOutcome = 'ok' | 'broken' | 'no_network';

export interface LinkCheckResult {
  outcome: LinkOutcome;
  httpStatus: number | null;
  /** Where the URL led, when that is somewhere else. */
  finalUrl: string | null;
  /** Every redirect on the way was permanent (301, 308): the record may name the final URL. */
  permanentRedirect: boolean;
  durationMs: number;
  /** Why the link failed, or why it was not checked. */
  reason: string | null;
}

const HEAD_REFUSED = new Set([403, 405, 501]);
const PERMANENT_REDIRECTS = new Set([301, 308]);
const NO_ROUTE_CODES = new Set(['ENETUNREACH', 'EHOSTUNREACH']);
const LOOKUP_FAILURE_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN']);
const PROBE_FRESH_MS = 60_000;

/** Whether this machine can resolve names at all; remembered for a minute. */
export interface NetworkProbe {
  hasNetwork(): Promise<boolean>;
}

export function createNetworkProbe(probeHost: string, resolver: HostResolver = systemResolver, now: () => number = Date.now): NetworkProbe {
  let known: { at: number; answer: Promise<boolean> } | null = null;
  return {
    hasNetwork() {
      if (known === null || now() - known.at > PROBE_FRESH_MS) {
        known = { at: now(), answer: resolver(probeHost).then((answers) => answers.length > 0, () => false) };
      }
      return known.answer;
    },
  };
}

export async function checkLink(egress: Egress, probe: NetworkProbe, url: string): Promise<LinkCheckResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    let response = await egress.fetch({ url, method: 'HEAD' });
    if (HEAD_REFUSED.has(response.status)) response = await egress.fetch({ url, method: 'GET' });
    return { ...answered(url, response), durationMs: elapsed() };
  } catch (error) {
    if (error instanceof EgressTooLargeError) {
      // The server answered; only its body was over the cap, and a link check needs no body.
      return { outcome: error.status < 400 ? 'ok' : 'broken', httpStatus: error.status, finalUrl: null, permanentRedirect: false, durationMs: elapsed(), reason: null };
    }
    const code = errorCode(error);
    const noNetwork = code !== null && (NO_ROUTE_CODES.has(code) || (LOOKUP_FAILURE_CODES.has(code) && !(await probe.hasNetwork())));
    return {
      outcome: noNetwork ? 'no_network' : 'broken',
      httpStatus: null,
      finalUrl: null,
      permanentRedirect: false,
      durationMs: elapsed(),
      reason: noNetwork ? 'not checked: no network' : failureReason(error),
    };
  }
}

function answered(url: string, response: EgressResponse): Omit<LinkCheckResult, 'durationMs'> {
  const moved = response.url !== new URL(url).href;
  return {
    outcome: response.status < 400 ? 'ok' : 'broken',
    httpStatus: response.status,
    finalUrl: moved ? response.url : null,
    permanentRedirect: moved && response.redirects.length > 0 && response.redirects.every((status) => PERMANENT_REDIRECTS.has(status)),
    reason: response.status < 400 ? null : `answered ${response.status}`,
  };
}

function failureReason(error: unknown): string {
  if (error instanceof EgressTimeoutError || error instanceof EgressRefusedError) return error.message;
  const code = errorCode(error);
  return code ?? (error instanceof Error ? error.message : String(error));
}

/** The first system error code (`ENOTFOUND`, `ECONNREFUSED`, …) along the error's causes. */
function errorCode(error: unknown): string | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
  }
  return null;
}
