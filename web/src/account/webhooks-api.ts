/** The webhook calls of the profile's Webhooks page (`docs/webhooks.md`), as the REST API answers them. */
import { restDelete, restGet, restPost, restPut } from '../api/client.ts';
import type { WebhookChange, WebhookInput } from '@registry/schemas/forms/webhooks.ts';

export interface WebhookDelivery {
  id: string;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  redeliveries: number;
  response_code: number | null;
  latency_ms: number | null;
  last_error: string | null;
  created_at: string;
  attempted_at: string | null;
}

export interface Webhook {
  id: number;
  url: string;
  description: string;
  events: string[];
  filters: { registries?: string[]; record_ids?: number[]; saved_search_id?: number | null };
  enabled: boolean;
  disabled_at: string | null;
  disabled_reason: string | null;
  failing_since: string | null;
  /** Until when its deliveries are sent in its own lane: its receiver took longer than a batch waits. */
  slow_until: string | null;
  /** Until when the secret before the last rotation still signs too. */
  previous_secret_until: string | null;
  created_at: string;
  updated_at: string;
}

/** A webhook as registered or rotated: the secret is in this answer only. */
export interface WebhookWithSecret extends Webhook {
  secret: string;
}

const WEBHOOKS_PATH = '/webhooks';
export const listWebhooks = () => restGet<Webhook[]>(WEBHOOKS_PATH);
export const createWebhook = (webhook: WebhookInput) => restPost<WebhookWithSecret>(WEBHOOKS_PATH, { webhook });
export const updateWebhook = (id: number, webhook: Partial<WebhookChange>) => restPut<Webhook>(`${WEBHOOKS_PATH}/${id}`, { webhook });
export const deleteWebhook = (id: number) => restDelete<{ message: string }>(`${WEBHOOKS_PATH}/${id}`);
export const rotateWebhookSecret = (id: number) => restPost<WebhookWithSecret>(`${WEBHOOKS_PATH}/${id}/rotate-secret`, {});
export const listWebhookDeliveries = (id: number) => restGet<WebhookDelivery[]>(`${WEBHOOKS_PATH}/${id}/deliveries`);
export const redeliverWebhook = (id: number, deliveryId: string) =>
  restPost<WebhookDelivery>(`${WEBHOOKS_PATH}/${id}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, {});
