/**
 * The mailer of the community domains (claims, change digests): the accounts mailer over the same
 * SMTP configuration, with the public address and site name every mail links to.
 */
import fp from 'fastify-plugin';
import { createSmtpMailer, type CommunityMail } from '../accounts/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    communityMail: CommunityMail;
  }
}

export const communityMailerPlugin = fp(
  async (app) => {
    const mailer = createSmtpMailer(app.config);
    app.decorate('communityMail', { mailer, context: { publicUrl: app.config.publicUrl, siteName: app.config.siteName } });
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'registry-community-mailer', dependencies: ['registry-config'] },
);
