/** Runs DOI minting, and the updates of withdrawn records' DOIs, on a timer in the scheduler when DataCite is configured (the job also locks). */
import { reasonOf, repeatEvery, type RepeatingTask, type TaskLogger } from '@registry/platform/repeating-task.ts';
import { DOI_CHECK_INTERVAL_MS, mintPendingDois, updateWithdrawnDois, type DoiDeps } from './doi-service.ts';

export function scheduleDoiMinting(deps: Omit<DoiDeps, 'warn'>, log: TaskLogger): RepeatingTask {
  const warn = (message: string, error: unknown) => log.warn({ reason: reasonOf(error) }, message);
  return repeatEvery(
    DOI_CHECK_INTERVAL_MS,
    async () => {
      const minted = await mintPendingDois({ ...deps, warn });
      if (minted.length > 0) log.info({ dois: minted.length }, 'DOIs registered');
      const updated = await updateWithdrawnDois({ ...deps, warn });
      if (updated.length > 0) log.info({ dois: updated.length }, 'DOIs of withdrawn records updated');
    },
    (error) => warn('DOI minting failed', error),
  );
}
