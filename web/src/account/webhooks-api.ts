/** The webhook calls of the profile's Webhooks page (`docs/webhooks.md`), as the REST API answers them. */
import { rest, type RestAnswer } from '../api/client.ts';
import type { WebhookChange, WebhookInput } from '@registry/schemas/forms/webhooks.ts';

/** The answers as the webhook routes' response schemas declare them (through the generated types). */
export type Webhook = RestAnswer<'/webhooks/{id}', 'put'>;
/** A webhook as registered or rotated: the secret is in this answer only. */
export type WebhookWithSecret = RestAnswer<'/webhooks', 'post'>;
export type WebhookDelivery = RestAnswer<'/webhooks/{id}/deliveries', 'get'>[number];

export const listWebhooks = () => rest('get', '/webhooks');
export const createWebhook = (webhook: WebhookInput) => rest('post', '/webhooks', { body: { webhook } });
export const updateWebhook = (id: number, webhook: Partial<WebhookChange>) => rest('put', '/webhooks/{id}', { path: { id }, body: { webhook } });
export const deleteWebhook = (id: number) => rest('delete', '/webhooks/{id}', { path: { id } });
export const rotateWebhookSecret = (id: number) => rest('post', '/webhooks/{id}/rotate-secret', { path: { id } });
export const listWebhookDeliveries = (id: number) => rest('get', '/webhooks/{id}/deliveries', { path: { id } });
export const redeliverWebhook = (id: number, deliveryId: string) =>
  rest('post', '/webhooks/{id}/deliveries/{deliveryId}/redeliver', { path: { id, deliveryId } });
