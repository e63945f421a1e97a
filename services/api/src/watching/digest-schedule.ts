/** Runs the change digests on a timer in the scheduler (the job also locks, so a second runner waits its turn). */
import { reasonOf, repeatEvery, type RepeatingTask, type TaskLogger } from '@registry/platform/repeating-task.ts';
import { DIGEST_CHECK_INTERVAL_MS, sendChangeDigests, type DigestDeps } from './watching-service.ts';

export function scheduleChangeDigests(deps: Omit<DigestDeps, 'warn'>, log: TaskLogger): RepeatingTask {
  const warn = (message: string, error: unknown) => log.warn({ reason: reasonOf(error) }, message);
  return repeatEvery(
    DIGEST_CHECK_INTERVAL_MS,
    async () => {
      const mails = await sendChangeDigests({ ...deps, warn }, new Date());
      if (mails > 0) log.info({ mails }, 'change digests sent');
    },
    (error) => log.error({ reason: reasonOf(error) }, 'change digests failed'),
  );
}
