/**
 * Webhooks (the owner's own):
 *   POST   /webhooks {webhook:{url, description, events, filters}}  answers the signing secret, once
 *   GET    /webhooks                                                with each one's recent deliveries
 *   PUT    /webhooks/{id} {webhook:{...the fields to change}}
 *   DELETE /webhooks/{id}
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { IdParams } from '../validation.ts';
import type { Webhook, WebhookDelivery } from './webhook-service.ts';

/** `{ webhook: {...} }`; its fields are checked by the shared form schema (`schemas/src/forms/webhooks.ts`) in the service. */
const WebhookBody = Type.Object({
  webhook: Type.Record(Type.String(), Type.Unknown(), { description: 'url (http or https), description, events (record.created, record.updated, record.removed, record.deleted, record.merged), filters { registries, record_ids }' }),
}, { additionalProperties: false });
type WebhookBody = Static<typeof WebhookBody>;

const json = (webhook: Webhook) => ({ ...webhook, created_at: webhook.created_at.toISOString(), updated_at: webhook.updated_at.toISOString() });
const deliveryJson = (delivery: WebhookDelivery) => ({
  id: delivery.id, event: delivery.event, status: delivery.status, attempts: delivery.attempts, response_code: delivery.response_code,
  latency_ms: delivery.latency_ms, last_error: delivery.last_error, created_at: delivery.created_at.toISOString(), attempted_at: delivery.attempted_at?.toISOString() ?? null,
});

export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: WebhookBody }>(
    '/webhooks',
    { config: { access: 'webhook.manage' }, schema: { summary: 'Register a webhook (the answer holds its signing secret, shown this once)', tags: ['webhooks'], body: WebhookBody } },
    async (request, reply) => {
      reply.code(201);
      const created = await app.webhooks.createWebhook(request.viewer, request.body.webhook);
      return { ...json(created), secret: created.secret };
    },
  );
  app.get(
    '/webhooks',
    { config: { access: 'webhook.view' }, schema: { summary: 'One’s webhooks, each with its recent deliveries (status, latency, response code)', tags: ['webhooks'] } },
    async (request) => (await app.webhooks.listWebhooks(request.viewer)).map((webhook) => ({ ...json(webhook), deliveries: webhook.deliveries.map(deliveryJson) })),
  );
  app.put<{ Params: { id: number }; Body: WebhookBody }>(
    '/webhooks/:id',
    { config: { access: 'webhook.manage' }, schema: { summary: 'Change a webhook', tags: ['webhooks'], params: IdParams, body: WebhookBody } },
    async (request) => json(await app.webhooks.updateWebhook(request.viewer, request.params.id, request.body.webhook)),
  );
  app.delete<{ Params: { id: number } }>(
    '/webhooks/:id',
    { config: { access: 'webhook.manage' }, schema: { summary: 'Delete a webhook', tags: ['webhooks'], params: IdParams } },
    async (request) => {
      await app.webhooks.deleteWebhook(request.viewer, request.params.id);
      return { message: 'Webhook deleted.' };
    },
  );
}
