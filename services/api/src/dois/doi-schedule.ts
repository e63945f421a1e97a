/** Runs DOI minting, and hiding withdrawn records' DOIs, on a timer in the scheduler when DataCite is configured (the job also locks). */
import { reasonOf, repeatEvery, type RepeatingTask, type TaskLogger } from '@registry/platform/repeating-task.ts';
import { DOI_CHECK_INTERVAL_MS, hideWithdrawnDois, mintPendingDois, type DoiDeps } from './doi-service.ts';

export function scheduleDoiMinting(deps: Omit<DoiDeps, 'warn'>, log: TaskLogger): RepeatingTask {
  const warn = (message: string, error: unknown) => log.warn({ reason: reasonOf(error) }, message);
  return repeatEvery(
    DOI_CHECK_INTERVAL_MS,
    async () => {
      const minted = await mintPendingDois({ ...deps, warn });
      if (minted.length > 0) log.info({ dois: minted.length }, 'DOIs registered');
      const hidden = await hideWithdrawnDois({ ...deps, warn });
      if (hidden.length > 0) log.info({ dois: hidden.length }, 'DOIs of withdrawn records hidden at DataCite');
    },
    (error) => warn('DOI minting failed', error),
  );
}
