/**
 * The one way the registry calls other servers (webhook deliveries, link checks, look-ups):
 * every hop's address checked by the egress policy and the connection pinned to it, redirects
 * followed by hand within a limit, connect and total time-outs, a cap on the answer's size,
 * one call at a time per host with a delay between calls (in this process, or in every process
 * with a shared host gate), an identifying User-Agent, and
 * retries with exponential backoff and full jitter for transient failures. A caller's
 * `signal` lets it stop waiting (webhook batches wait a short budget for each receiver): the call
 * under way is cut off and one still waiting for its host is never sent. Run it in jobs of
 * the worker role, never while answering a request.
 */
import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import type { EgressAllowList } from './address-policy.ts';
import { inProcessHostGate, type HostGate, type HostGateFactory } from './host-gate.ts';
import { EgressRefusedError, resolveForEgress, type HostResolver, type ResolvedAddress } from './resolve-address.ts';

export interface EgressSettings {
  allow: EgressAllowList;
  /** e.g. `Registry/1.4.0 (+https://registry.example)`. */
  userAgent: string;
  resolver?: HostResolver;
  connectTimeoutMs?: number;
  /** From the first byte sent to the last byte of the answer, per attempt. */
  totalTimeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Further attempts after a transient failure (network error, time-out, 429, 5xx). */
  retries?: number;
  retryBaseDelayMs?: number;
  /** Pause between the end of one call to a host and the start of the next. */
  hostDelayMs?: number;
  /** Where one call per host and `hostDelayMs` are kept: this process (the default) or every process sharing a Redis (`sharedHostGate`). */
  hostGate?: HostGateFactory;
}

export interface EgressRequest {
  url: string;
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  /** The caller gave up: a call not yet sent is not, one under way is cut off (`EgressAbortedError`), none is retried. */
  signal?: AbortSignal;
}

export interface EgressResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The URL that answered, after redirects. */
  url: string;
  /** The status of each redirect followed, in order (e.g. `[301, 308]`; empty when none). */
  redirects: number[];
  attempts: number;
}

export class EgressTimeoutError extends Error {
  override name = 'EgressTimeoutError';
}

/** The caller's `signal` ended the call. */
export class EgressAbortedError extends Error {
  override name = 'EgressAbortedError';
}

/** The answer was bigger than `maxBytes`; reading stopped there. */
export class EgressTooLargeError extends Error {
  override name = 'EgressTooLargeError';

  /** The status the oversized answer came with (a server did answer). */
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const TRANSIENT_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

export interface Egress {
  fetch(request: EgressRequest): Promise<EgressResponse>;
}

export function createEgress(settings: EgressSettings): Egress {
  const resolved = {
    connectTimeoutMs: 5_000,
    totalTimeoutMs: 15_000,
    maxBytes: 1024 * 1024,
    maxRedirects: 5,
    retries: 2,
    retryBaseDelayMs: 500,
    hostDelayMs: 1_000,
    hostGate: inProcessHostGate,
    ...settings,
  };
  const gate = resolved.hostGate(resolved.hostDelayMs);
  const callWithRetries = async (call: EgressRequest): Promise<EgressResponse> => {
    for (let attempt = 1; ; attempt += 1) {
      const last = attempt > resolved.retries;
      try {
        const response = await followRedirects(call, resolved, gate);
        if (last || !TRANSIENT_STATUSES.has(response.status)) return { ...response, attempts: attempt };
      } catch (error) {
        if (last || error instanceof EgressRefusedError || error instanceof EgressTooLargeError || error instanceof EgressAbortedError) throw error;
      }
      if (call.signal?.aborted) throw new EgressAbortedError(`${call.url}: given up by the caller`);
      await sleep(Math.random() * resolved.retryBaseDelayMs * 2 ** (attempt - 1));
    }
  };
  return {
    fetch(call) {
      if (!call.signal) return callWithRetries(call);
      // The caller stops waiting at once, even while the call still waits for its host's turn.
      const calling = callWithRetries(call);
      calling.catch(() => {});
      return Promise.race([calling, givenUp(call.signal, call.url)]);
    },
  };
}

function givenUp(signal: AbortSignal, url: string): Promise<never> {
  const error = () => new EgressAbortedError(`${url}: given up by the caller`);
  const rejected = signal.aborted ? Promise.reject(error()) : new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(error()), { once: true }));
  rejected.catch(() => {});
  return rejected;
}

type ResolvedSettings = Required<Omit<EgressSettings, 'resolver'>> & Pick<EgressSettings, 'resolver'>;

async function followRedirects(call: EgressRequest, settings: ResolvedSettings, gate: HostGate): Promise<Omit<EgressResponse, 'attempts'>> {
  let hop: EgressRequest = call;
  const redirects: number[] = [];
  for (;;) {
    const url = new URL(hop.url);
    const response = await gate.run(url.host, () => sendOnce(url, hop, settings, call.signal));
    const location = response.headers.location;
    if (!REDIRECT_STATUSES.has(response.status) || location === undefined) return { ...response, url: url.href, redirects };
    if (redirects.push(response.status) > settings.maxRedirects) throw new EgressRefusedError(`more than ${settings.maxRedirects} redirects from ${call.url}`);
    const keepsMethod = response.status === 307 || response.status === 308 || hop.method === 'HEAD';
    hop = keepsMethod ? { ...hop, url: new URL(location, url).href } : { url: new URL(location, url).href, method: 'GET', headers: hop.headers };
  }
}

async function sendOnce(url: URL, hop: EgressRequest, settings: ResolvedSettings, given: AbortSignal | undefined): Promise<Omit<EgressResponse, 'attempts' | 'url' | 'redirects'>> {
  // Its turn at the host came after the caller gave up: nothing is sent.
  if (given?.aborted) throw new EgressAbortedError(`${url.href}: given up by the caller before it was sent`);
  const pinned = await resolveForEgress(url, { allow: settings.allow, resolver: settings.resolver });
  const agent = new Agent({ connect: { lookup: pinnedLookup(pinned), timeout: settings.connectTimeoutMs } });
  const timeout = AbortSignal.timeout(settings.totalTimeoutMs);
  const signal = given ? AbortSignal.any([timeout, given]) : timeout;
  try {
    const response = await request(url, {
      dispatcher: agent,
      method: hop.method ?? 'GET',
      headers: { ...hop.headers, 'user-agent': settings.userAgent },
      body: hop.body,
      signal,
    });
    const body = await readCapped(response.body, response.headers['content-length'], settings.maxBytes, url, response.statusCode);
    return { status: response.statusCode, headers: flatHeaders(response.headers), body };
  } catch (error) {
    if (given?.aborted) throw new EgressAbortedError(`${url.href}: cut off by the caller`);
    if (timeout.aborted) throw new EgressTimeoutError(`${url.href} did not answer within ${settings.totalTimeoutMs} ms`);
    throw error;
  } finally {
    await agent.destroy();
  }
}

/** A `lookup` that always answers the address already checked, whatever DNS says now. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (error: null, addresses: ResolvedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): unknown }, declaredLength: string | string[] | undefined, maxBytes: number, url: URL, status: number): Promise<Buffer> {
  const tooLarge = () => new EgressTooLargeError(`the answer from ${url.href} is larger than ${maxBytes} bytes`, status);
  if (typeof declaredLength === 'string' && Number(declaredLength) > maxBytes) {
    body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
