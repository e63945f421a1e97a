/**
 * Waiting out a rate limit. A 429 is not a failure of the request: the server says when to
 * come back (`retry-after`), so the client waits that long and asks again, and meanwhile the
 * app says so calmly (shell/RateLimitNotice.tsx) instead of failing the screen.
 */

/** When the server names no time (or one that cannot be read), wait this long. */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

type Listener = () => void;

let retryAt: number | null = null;
let waitingRequests = 0;
const listeners = new Set<Listener>();

function setRetryAt(next: number | null): void {
  if (next === retryAt) return;
  retryAt = next;
  for (const listener of listeners) listener();
}

/** When the app will ask again after a 429 (ms since 1970), or null when nothing waits. */
export function rateLimitRetryAt(): number | null {
  return retryAt;
}

export function subscribeToRateLimitWait(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Seconds to wait from a `retry-after` header: delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterSeconds(header: string | null, now = Date.now()): number {
  const value = header?.trim() ?? '';
  if (/^\d+$/.test(value)) return Math.max(1, Number(value));
  const date = Date.parse(value);
  if (!Number.isNaN(date)) return Math.max(1, Math.ceil((date - now) / 1000));
  return DEFAULT_RETRY_AFTER_SECONDS;
}

function waitFor(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * `fetch`, asked again after every 429 once its `retry-after` has passed. The request was
 * refused before it was read, so sending it again is safe for writes too. The app shows the
 * wait while any request waits (or is being asked again).
 */
export async function fetchWaitingOutRateLimit(input: string, init: RequestInit = {}): Promise<Response> {
  let response = await fetch(input, init);
  if (response.status !== 429) return response;
  waitingRequests += 1;
  try {
    while (response.status === 429) {
      const seconds = retryAfterSeconds(response.headers.get('retry-after'));
      setRetryAt(Math.max(Date.now() + seconds * 1000, retryAt ?? 0));
      await waitFor(seconds * 1000, init.signal);
      response = await fetch(input, init);
    }
    return response;
  } finally {
    waitingRequests -= 1;
    if (waitingRequests === 0) setRetryAt(null);
  }
}
