/**
 * Runs tasks one after another. The queue worker and the sweeper of one process share it, so
 * two passes never read and write the same record out of order within a process.
 */
export function createSerialRunner(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
