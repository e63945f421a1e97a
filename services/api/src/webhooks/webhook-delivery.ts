/**
 * Sending one delivery (worker role, a BullMQ job; never in a request): a POST through the egress
 * module, signed the Standard Webhooks way (with the previous secret too while a rotation's
 * overlap lasts), its status, latency and response code logged. A failure throws, so the queue
 * retries it with backoff (at least once: a receiver may see an id again, never one change under
 * two ids). When every attempt to a webhook has failed for `disableAfterMs`, the webhook is
 * disabled, its waiting deliveries given up and its owner mailed; a PUT with `enabled: true`
 * switches it on again.
 */
import type { Database } from '@registry/platform';
import type { Egress } from '@registry/platform/egress/index.ts';
import { linkMail, type Mailer, type MailContext } from '../accounts/mailer.ts';
import * as repository from './webhook-repository.ts';
import { signWebhook } from './webhook-signature.ts';

export interface DeliveryDeps {
  db: Database;
  egress: Egress;
  mailer: Mailer;
  mailContext: MailContext;
  /** How long every attempt must have failed before a webhook is disabled. */
  disableAfterMs: number;
  warn(message: string, error: unknown): void;
}

export class WebhookDeliveryError extends Error {
  override name = 'WebhookDeliveryError';
}

/** The `webhook-signature` header: the current secret's signature, and the previous one's while it still signs. */
export function signatures(webhook: Pick<repository.WebhookRow, 'secret' | 'previous_secret' | 'previous_secret_until'>, id: string, timestamp: number, body: string, now = new Date()): string {
  const secrets = [webhook.secret];
  if (webhook.previous_secret && webhook.previous_secret_until && webhook.previous_secret_until > now) secrets.push(webhook.previous_secret);
  return secrets.map((secret) => signWebhook(secret, id, timestamp, body)).join(' ');
}

const NOT_SENT_DISABLED = 'not sent: the webhook is disabled';

function disabledMail(context: MailContext, to: string, webhook: repository.WebhookRow, lastError: string | null): ReturnType<typeof linkMail> {
  return linkMail(to, 'a webhook was disabled', context.siteName, {
    intro: `Every delivery to your webhook ${webhook.url} has failed since ${webhook.failing_since?.toISOString() ?? 'long ago'}`
      + ` (last: ${lastError ?? 'no answer'}), so it was disabled and its waiting deliveries given up.`,
    action: 'Switch it on again on your profile',
    link: `${context.publicUrl}/accounts/webhooks`,
    outro: `Over the API: PUT /webhooks/${webhook.id} with {"webhook": {"enabled": true}}; then redeliver what it missed.`,
  });
}

async function afterFailure(deps: DeliveryDeps, webhook: repository.WebhookRow, lastError: string | null): Promise<boolean> {
  const failingSince = await repository.markWebhookFailing(deps.db, webhook.id);
  if (!failingSince || Date.now() - failingSince.getTime() < deps.disableAfterMs) return false;
  const disabled = await repository.disableWebhook(deps.db, webhook.id, `every delivery failed since ${failingSince.toISOString()}; last: ${lastError ?? 'no answer'}`);
  await repository.failPendingDeliveries(deps.db, webhook.id, NOT_SENT_DISABLED);
  if (!disabled) return true;
  const owner = await repository.ownerAddress(deps.db, webhook.owner_id);
  if (owner) {
    try {
      await deps.mailer.send(disabledMail(deps.mailContext, owner.email, disabled, lastError));
    } catch (error) {
      deps.warn('webhook disabled mail not sent', error);
    }
  }
  return true;
}

/** Sends one delivery (again, when retried); throws when the receiver did not take it (unless the webhook was disabled for it). */
export async function deliverWebhook(deps: DeliveryDeps, deliveryId: string, finalAttempt: boolean): Promise<void> {
  const found = await repository.findDeliveryAndWebhook(deps.db, deliveryId);
  if (!found || found.delivery.status === 'delivered') return;
  const { delivery, webhook } = found;
  if (webhook.disabled_at) {
    await repository.failPendingDeliveries(deps.db, webhook.id, NOT_SENT_DISABLED);
    return;
  }
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  let outcome: Pick<repository.DeliveryRow, 'status' | 'response_code' | 'latency_ms' | 'last_error'>;
  try {
    const response = await deps.egress.fetch({
      url: webhook.url,
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatures(webhook, delivery.id, timestamp, body),
      },
    });
    const taken = response.status >= 200 && response.status < 300;
    outcome = { status: taken ? 'delivered' : 'pending', response_code: response.status, latency_ms: Math.round(performance.now() - started), last_error: taken ? null : `answered ${response.status}` };
  } catch (error) {
    outcome = { status: 'pending', response_code: null, latency_ms: Math.round(performance.now() - started), last_error: (error as Error).message };
  }
  if (outcome.status === 'pending' && finalAttempt) outcome.status = 'failed';
  await repository.recordAttempt(deps.db, delivery.id, outcome);
  if (outcome.status === 'delivered') {
    if (webhook.failing_since !== null) await repository.markWebhookTaking(deps.db, webhook.id);
    return;
  }
  if (await afterFailure(deps, webhook, outcome.last_error)) return;
  throw new WebhookDeliveryError(`${delivery.id} to ${webhook.url}: ${outcome.last_error}`);
}
