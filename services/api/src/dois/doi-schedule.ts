/** Runs DOI minting on a timer in a server process when DataCite is configured (the job locks). */
import type { FastifyInstance } from 'fastify';
import { DOI_CHECK_INTERVAL_MS, mintPendingDois } from './doi-service.ts';

export function scheduleDoiMinting(app: FastifyInstance): void {
  const datacite = app.config.datacite;
  if (datacite === null) return;
  const warn = (message: string, error: unknown) => app.log.warn({ reason: error instanceof Error ? error.message : String(error) }, message);
  const run = () => {
    mintPendingDois({ db: app.db, publisher: app.indexPublisher, datacite, publicUrl: app.config.publicUrl, siteName: app.config.siteName, warn }).then(
      (minted) => { if (minted.length > 0) app.log.info({ dois: minted.length }, 'DOIs registered'); },
      (error: unknown) => warn('DOI minting failed', error),
    );
  };
  const timer = setInterval(run, DOI_CHECK_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
