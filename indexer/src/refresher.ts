/**
 * Makes what the queue worker wrote searchable at once instead of at the index's next periodic
 * refresh (up to `refresh_interval`, 1 s), without holding the worker: `request()` returns at
 * once; a refresh starts when none is running, and requests made while one runs share the next.
 * So at most one refresh runs per process, however many jobs arrive, and a job's write is
 * searchable within one refresh of its end.
 */
import type { SearchClient } from '@registry/platform';

export interface Refresher {
  /** Asks for a refresh of the index (after a write); never throws. */
  request(): void;
  /** Waits for the refresh running or asked for. */
  settled(): Promise<void>;
}

export function createRefresher(client: SearchClient, index: string, onError: (error: Error) => void): Refresher {
  let running: Promise<void> | null = null;
  let wanted = false;
  const start = (): void => {
    wanted = false;
    running = client.indices
      .refresh({ index })
      .then(
        () => undefined,
        (error: unknown) => onError(error instanceof Error ? error : new Error(String(error))),
      )
      .finally(() => {
        running = null;
        if (wanted) start();
      });
  };
  return {
    request() {
      if (running) wanted = true;
      else start();
    },
    async settled() {
      while (running) await running;
    },
  };
}
