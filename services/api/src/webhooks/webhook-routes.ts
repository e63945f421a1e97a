/**
 * Webhooks (the owner's own):
 *   POST   /webhooks {webhook:{url, description, events, filters}}  answers the signing secret, once
 *   GET    /webhooks                                                with each one's recent deliveries
 *   PUT    /webhooks/{id} {webhook:{...the fields to change, enabled}}
 *   DELETE /webhooks/{id}
 *   POST   /webhooks/{id}/rotate-secret                             answers the new secret, once
 *   GET    /webhooks/{id}/deliveries                                the recent deliveries
 *   POST   /webhooks/{id}/deliveries/{deliveryId}/redeliver
 */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type } from '@sinclair/typebox';
import { IdParams } from '../validation.ts';
import { deleteByIdRoute, wrappedBody } from '../routes/rest-writes.ts';
import { WEBHOOK_EVENTS, type Webhook, type WebhookDelivery } from './webhook-service.ts';

/** `{ webhook: {...} }`; its fields are checked by the shared form schema (`schemas/src/forms/webhooks.ts`) in the service. */
const WebhookBody = wrappedBody(
  'webhook',
  `url (http or https), description, events (${WEBHOOK_EVENTS.join(', ')}), filters { registries, record_ids, saved_search_id }; on PUT also enabled: true`,
);

const DeliveryParams = Type.Object({
  id: IdParams.properties.id,
  deliveryId: Type.String({ minLength: 1, maxLength: 200, pattern: '^msg_[A-Za-z0-9_.-]+$' }),
});

const nullableText = Type.Union([Type.String(), Type.Null()]);
const nullableCount = Type.Union([Type.Integer(), Type.Null()]);

/** A webhook as answered (never its secrets; dates as ISO text). */
const WebhookAnswer = Type.Object({
  id: Type.Integer(),
  owner_id: Type.Integer(),
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(Type.String()),
  filters: Type.Object(
    { registries: Type.Optional(Type.Array(Type.String())), record_ids: Type.Optional(Type.Array(Type.Integer())), saved_search_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])) },
    { additionalProperties: true },
  ),
  enabled: Type.Boolean(),
  disabled_at: nullableText,
  disabled_reason: nullableText,
  failing_since: nullableText,
  slow_until: Type.Union([Type.String(), Type.Null()], { description: 'until when its deliveries are sent in its own lane (its receiver took longer than a batch waits)' }),
  previous_secret_until: Type.Union([Type.String(), Type.Null()], { description: 'until when the secret before the last rotation still signs too' }),
  created_at: Type.String(),
  updated_at: Type.String(),
});
/** As registered or rotated: the signing secret is in this answer only. */
const WebhookWithSecret = Type.Object({ ...WebhookAnswer.properties, secret: Type.String() });
const DeliveryAnswer = Type.Object({
  id: Type.String(),
  event: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  redeliveries: Type.Integer(),
  response_code: nullableCount,
  latency_ms: nullableCount,
  last_error: nullableText,
  created_at: Type.String(),
  attempted_at: nullableText,
});

const json = ({ previous_secret_until: previousUntil, failing_since: failingSince, disabled_at: disabledAt, slow_until: slowUntil, ...webhook }: Webhook) => ({
  ...webhook,
  enabled: disabledAt === null,
  disabled_at: disabledAt?.toISOString() ?? null,
  failing_since: failingSince?.toISOString() ?? null,
  // Its deliveries are sent in its own lane until then (its receiver took longer than the fast lane allows).
  slow_until: slowUntil !== null && slowUntil > new Date() ? slowUntil.toISOString() : null,
  previous_secret_until: previousUntil !== null && previousUntil > new Date() ? previousUntil.toISOString() : null,
  created_at: webhook.created_at.toISOString(),
  updated_at: webhook.updated_at.toISOString(),
});
const deliveryJson = (delivery: WebhookDelivery) => ({
  id: delivery.id, event: delivery.event, status: delivery.status, attempts: delivery.attempts, redeliveries: delivery.redeliveries, response_code: delivery.response_code,
  latency_ms: delivery.latency_ms, last_error: delivery.last_error, created_at: delivery.created_at.toISOString(), attempted_at: delivery.attempted_at?.toISOString() ?? null,
});

export async function webhookRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  app.post(
    '/webhooks',
    { config: { access: 'webhook.manage' }, schema: { summary: 'Register a webhook (the answer holds its signing secret, shown this once)', tags: ['webhooks'], body: WebhookBody, response: { 201: WebhookWithSecret } } },
    async (request, reply) => {
      reply.code(201);
      const created = await app.webhooks.createWebhook(request.viewer, request.body.webhook);
      return { ...json(created), secret: created.secret };
    },
  );
  app.get(
    '/webhooks',
    { config: { access: 'webhook.view' }, schema: { summary: 'One’s webhooks, each with its recent deliveries (status, latency, response code)', tags: ['webhooks'], response: { 200: Type.Array(Type.Object({ ...WebhookAnswer.properties, deliveries: Type.Array(DeliveryAnswer) })) } } },
    async (request) => (await app.webhooks.listWebhooks(request.viewer)).map((webhook) => ({ ...json(webhook), deliveries: webhook.deliveries.map(deliveryJson) })),
  );
  app.put(
    '/webhooks/:id',
    { config: { access: 'webhook.manage' }, schema: { summary: 'Change a webhook', tags: ['webhooks'], params: IdParams, body: WebhookBody, response: { 200: WebhookAnswer } } },
    async (request) => json(await app.webhooks.updateWebhook(request.viewer, request.params.id, request.body.webhook)),
  );
  deleteByIdRoute(app, {
    path: '/webhooks/:id', access: 'webhook.manage', summary: 'Delete a webhook', tags: ['webhooks'],
    remove: (viewer, id) => app.webhooks.deleteWebhook(viewer, id), message: 'Webhook deleted.',
  });
  app.post(
    '/webhooks/:id/rotate-secret',
    { config: { access: 'webhook.manage' }, schema: { summary: 'A new signing secret, shown this once; the previous one also signs during the overlap', tags: ['webhooks'], params: IdParams, response: { 200: WebhookWithSecret } } },
    async (request) => {
      const rotated = await app.webhooks.rotateSecret(request.viewer, request.params.id);
      return { ...json(rotated), secret: rotated.secret };
    },
  );
  app.get(
    '/webhooks/:id/deliveries',
    { config: { access: 'webhook.view' }, schema: { summary: 'A webhook’s recent deliveries, newest first (status, attempts, latency, response code)', tags: ['webhooks'], params: IdParams, response: { 200: Type.Array(DeliveryAnswer) } } },
    async (request) => (await app.webhooks.listDeliveries(request.viewer, request.params.id)).map(deliveryJson),
  );
  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    { config: { access: 'webhook.manage' }, schema: { summary: 'Send a delivery again, under the same webhook-id', tags: ['webhooks'], params: DeliveryParams, response: { 202: DeliveryAnswer } } },
    async (request, reply) => {
      reply.code(202);
      return deliveryJson(await app.webhooks.redeliver(request.viewer, request.params.id, request.params.deliveryId));
    },
  );
}
