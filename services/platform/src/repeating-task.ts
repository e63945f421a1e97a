/**
 * A task run every `intervalMs`, one run at a time (the next waits for the interval after the
 * previous ended). `stop()` cancels the next run and resolves once the current one has finished,
 * so a stopping process never cuts a run in half.
 */
export interface RepeatingTask {
  stop(): Promise<void>;
}

export function repeatEvery(intervalMs: number, run: () => Promise<void>, onError: (error: unknown) => void): RepeatingTask {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const tick = (): void => {
    current = run()
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}

/** What a scheduled task logs to (a pino logger, Fastify's included). */
export interface TaskLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
