/** Runs the change digests on a timer in a server process (every process may: the job locks). */
import type { FastifyInstance } from 'fastify';
import { DIGEST_CHECK_INTERVAL_MS, sendChangeDigests } from './watching-service.ts';

export function scheduleChangeDigests(app: FastifyInstance): void {
  const run = () => {
    sendChangeDigests({
      db: app.db,
      mailer: app.communityMail.mailer,
      mailContext: app.communityMail.context,
      secret: app.config.jwtSecret,
      warn: (message, error) => app.log.warn({ reason: error instanceof Error ? error.message : String(error) }, message),
    }, new Date()).then(
      (mails) => { if (mails > 0) app.log.info({ mails }, 'change digests sent'); },
      (error: unknown) => app.log.error({ reason: error instanceof Error ? error.message : String(error) }, 'change digests failed'),
    );
  };
  const timer = setInterval(run, DIGEST_CHECK_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
