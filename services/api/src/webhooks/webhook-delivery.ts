/**
 * Webhook deliveries, in two steps run by the worker role, never in a request:
 *
 * 1. `dispatchWebhookDeliveries` reads the public change feed (`readChanges`) on from its saved
 *    position and writes one delivery per matching webhook and entry, in the transaction that
 *    moves the position (its row is locked, so dispatchers never overlap). A delivery's id,
 *    `msg_<webhook>_<entry cursor>`, is the `webhook-id` a receiver deduplicates on.
 * 2. `deliverWebhook` posts one delivery through the egress module, signed the Standard
 *    Webhooks way, and logs status, latency and response code; a failure throws so the queue
 *    retries it with backoff (at least once: a receiver may see an id again, never a change twice
 *    under different ids).
 */
import type { Database } from '@registry/platform';
import type { Egress } from '@registry/platform/egress/index.ts';
import { readChanges, type ChangeEntry } from '../changes/change-feed.ts';
import * as repository from './webhook-repository.ts';
import { signWebhook } from './webhook-signature.ts';

const PAGE_SIZE = 100;
const MAX_PAGES_PER_RUN = 20;

function matches(webhook: repository.WebhookRow, change: ChangeEntry, event: string): boolean {
  if (!webhook.events.includes(event)) return false;
  if (new Date(change.changedAt) < webhook.created_at) return false;
  const { registries, record_ids: recordIds } = webhook.filters;
  if (recordIds && recordIds.length > 0 && !recordIds.includes(change.recordId)) return false;
  if (registries && registries.length > 0 && !(change.record && registries.includes(change.record.registry))) return false;
  return true;
}

function payloadOf(change: ChangeEntry, event: string): Record<string, unknown> {
  const { cursor: _cursor, change: _kind, changedAt, ...data } = change;
  return { type: event, timestamp: changedAt, data };
}

/** Writes the deliveries owed for changes since the last run; answers the new deliveries' ids. */
export async function dispatchWebhookDeliveries(db: Database): Promise<string[]> {
  return db.transaction(async (trx) => {
    let position = await repository.lockFeedPosition(trx);
    if (position === null) return [];
    const webhooks = await repository.allWebhooks(trx);
    const created: string[] = [];
    for (let page = 0; page < MAX_PAGES_PER_RUN; page += 1) {
      const { changes, next, hasMore } = await readChanges(trx, position, PAGE_SIZE);
      const deliveries = changes.flatMap((change) => {
        const event = `record.${change.change}`;
        return webhooks.filter((webhook) => matches(webhook, change, event)).map((webhook) => ({
          id: `msg_${webhook.id}_${change.cursor}`, webhook_id: webhook.id, change_cursor: change.cursor, event, payload: payloadOf(change, event),
        }));
      });
      created.push(...(await repository.insertDeliveries(trx, deliveries)));
      position = next;
      if (!hasMore) break;
    }
    await repository.saveFeedPosition(trx, position);
    return created;
  });
}

/**
 * Deliveries written over a minute ago and never attempted, to queue again: the queue ignores a
 * job id it already holds, so this only recovers those whose queueing was lost.
 */
export async function stalledDeliveries(db: Database): Promise<string[]> {
  return repository.unattemptedDeliveries(db, 60, 500);
}

export class WebhookDeliveryError extends Error {
  override name = 'WebhookDeliveryError';
}

/** Sends one delivery (again, when retried); throws when the receiver did not take it. */
export async function deliverWebhook(deps: { db: Database; egress: Egress }, deliveryId: string, finalAttempt: boolean): Promise<void> {
  const delivery = await repository.findDelivery(deps.db, deliveryId);
  if (!delivery || delivery.status === 'delivered') return;
  const webhook = await repository.findWebhook(deps.db, delivery.webhook_id);
  if (!webhook) return;
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
        'webhook-signature': signWebhook(webhook.secret, delivery.id, timestamp, body),
      },
    });
    const taken = response.status >= 200 && response.status < 300;
    outcome = { status: taken ? 'delivered' : 'pending', response_code: response.status, latency_ms: Math.round(performance.now() - started), last_error: taken ? null : `answered ${response.status}` };
  } catch (error) {
    outcome = { status: 'pending', response_code: null, latency_ms: Math.round(performance.now() - started), last_error: (error as Error).message };
  }
  if (outcome.status === 'pending' && finalAttempt) outcome.status = 'failed';
  await repository.recordAttempt(deps.db, delivery.id, outcome);
  if (outcome.status !== 'delivered') throw new WebhookDeliveryError(`${delivery.id} to ${webhook.url}: ${outcome.last_error}`);
}
