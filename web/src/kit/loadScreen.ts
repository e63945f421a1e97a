/**
 * Route-level code splitting with the screen-load time-out of SPEC §8: a screen whose code
 * has not arrived after 120 s fails with a clear error instead of leaving a blank page.
 */
import type { ComponentType } from 'react';

export const SCREEN_LOAD_TIMEOUT_MS = 120_000;

export class ScreenLoadTimeoutError extends Error {
  override name = 'ScreenLoadTimeoutError';
}

export function withLoadTimeout<T>(load: () => Promise<T>, timeoutMs = SCREEN_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ScreenLoadTimeoutError(`The screen did not load within ${timeoutMs / 1000} s.`)),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A react-router `lazy` function that loads one screen component from a module. */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await withLoadTimeout(load)) });
}
