/**
 * The seconds left before the app asks again after a 429 (api/rate-limit-wait.ts), counting
 * down each second, or null while nothing waits; and the sentence that says so.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { rateLimitRetryAt, subscribeToRateLimitWait } from '../api/rate-limit-wait.ts';

const SECOND_MS = 1000;

export function rateLimitWaitText(secondsLeft: number): string {
  return secondsLeft > 0 ? `Too many requests — retrying in ${secondsLeft} s` : 'Too many requests — retrying now';
}

export function useRateLimitWait(): number | null {
  const retryAt = useSyncExternalStore(subscribeToRateLimitWait, rateLimitRetryAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (retryAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), SECOND_MS);
    return () => clearInterval(timer);
  }, [retryAt]);
  return retryAt === null ? null : Math.max(0, Math.ceil((retryAt - now) / SECOND_MS));
}
