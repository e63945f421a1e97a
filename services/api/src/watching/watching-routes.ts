/**
 * REST calls of watching (SPEC §7):
 *   POST /fairsharing_records/watch {record_id, operation: watch|unwatch}
 *   PUT  /users/notification_preferences {record_change_mails}     change digests on or off (own account)
 *   GET|POST /users/notifications/unsubscribe?token=...             the one-click unsubscribe of a digest mail
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type } from '@sinclair/typebox';
import { DIGEST_PREFERENCE } from '@registry/schemas/forms/community.ts';
import { escapeHtml } from '../accounts/mailer.ts';

const UNSUBSCRIBED = 'You will no longer get e-mails about changes to the records you watch or maintain. You can turn them on again in your profile.';
const TokenQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });

export async function watchingRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();

  app.post(
    '/fairsharing_records/watch',
    {
      config: { access: 'record.follow' },
      schema: {
        summary: 'Watch or unwatch a record',
        tags: ['watching'],
        body: Type.Object({ record_id: Type.Unknown(), operation: Type.Unknown() }, { additionalProperties: false }),
        response: { 200: Type.Object({ message: Type.String(), watching: Type.Boolean() }) },
      },
    },
    async (request) => {
      const result = await app.watching.watchRecord(request.viewer, request.body);
      return { message: result.watching ? 'You are watching this record.' : 'You no longer watch this record.', watching: result.watching };
    },
  );

  app.put(
    '/users/notification_preferences',
    {
      config: { access: 'user.editOwn' },
      schema: {
        summary: 'Turn the hourly mails about changes to followed records on or off',
        tags: ['watching'],
        body: Type.Object({ [DIGEST_PREFERENCE]: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: Type.Object({ message: Type.String(), record_change_mails: Type.Boolean() }) },
      },
    },
    async (request) => {
      const enabled = request.body.record_change_mails;
      await app.watching.setDigestPreference(request.viewer, enabled);
      return { message: enabled ? 'You will get hourly mails about changes to the records you follow.' : UNSUBSCRIBED, record_change_mails: enabled };
    },
  );

  async function unsubscribe(request: FastifyRequest<{ Querystring: { token: string } }>, reply: FastifyReply) {
    await app.watching.unsubscribe(request.query.token);
    // Opened from a mail in a browser: a page, not JSON.
    if ((request.headers.accept ?? '').includes('text/html')) {
      return reply.type('text/html; charset=utf-8').send(`<!doctype html><title>${escapeHtml(app.config.siteName)}</title><p>${escapeHtml(UNSUBSCRIBED)}</p>`);
    }
    return { message: UNSUBSCRIBED };
  }
  // A mail program's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form (RFC 8058);
  // the token in the URL is all that counts. This parser is scoped to these routes.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/users/notifications/unsubscribe',
      config: { access: 'anyone' },
      schema: { summary: 'Stop the mails about changes to followed records (the link in each mail)', tags: ['watching'], querystring: TokenQuery },
      handler: unsubscribe,
    });
  }
}
