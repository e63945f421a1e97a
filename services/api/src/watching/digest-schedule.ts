/** Runs the change digests on a timer in the scheduler (the job also locks, so a second runner waits its turn). */
import { reasonOf, repeatEvery, type RepeatingTask, type TaskLogger } from '@registry/platform/repeating-task.ts';
import { sendChangeDigests, type DigestDeps } from './watching-service.ts';

/** `intervalMs`: how often to look for digests due (the configuration's `digestCheckIntervalMs`). */
export function scheduleChangeDigests(deps: Omit<DigestDeps, 'warn'>, intervalMs: number, log: TaskLogger): RepeatingTask {
  const warn = (message: string, error: unknown) => log.warn({ reason: reasonOf(error) }, message);
  return repeatEvery(
    intervalMs,
    async () => {
      const mails = await sendChangeDigests({ ...deps, warn }, new Date());
      if (mails > 0) log.info({ mails }, 'change digests sent');
    },
    (error) => log.error({ reason: reasonOf(error) }, 'change digests failed'),
  );
}
