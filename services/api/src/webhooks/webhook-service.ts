/**
 * Webhooks: a signed-in person registers endpoints told of public changes to records (the events
 * and filters they choose); the signing secret is answered once, at registration. Only the owner
 * lists, changes or deletes a webhook. A URL the egress policy would refuse (its host is or
 * resolves to an internal address, unless allow-listed) is refused at registration, with why.
 */
import type { Database } from '@registry/platform';
import { EgressRefusedError, egressAllowList, resolveForEgress } from '@registry/platform/egress/index.ts';
import type { Viewer } from '@registry/schemas';
import { webhookChangeSchema, webhookSchema, type WebhookChange, type WebhookInput } from '@registry/schemas/forms/webhooks.ts';
import { encodeCursor } from '../changes/change-feed.ts';
import { invalidError, notFoundError } from '../domain-errors.ts';
import { requireAllowed } from '../records/record-guards.ts';
import { validateInput } from '../validation.ts';
import * as repository from './webhook-repository.ts';
import { newWebhookSecret } from './webhook-signature.ts';

export interface WebhookDeps {
  db: Database;
  /** The config's `egressAllow`. */
  egressAllow: readonly string[];
}

export { WEBHOOK_EVENTS } from '@registry/schemas/forms/webhooks.ts';

export type Webhook = Omit<repository.WebhookRow, 'secret'>;
export type WebhookDelivery = repository.DeliveryRow;

const RECENT_DELIVERIES = 50;

const withoutSecret = ({ secret: _secret, ...webhook }: repository.WebhookRow): Webhook => webhook;

async function checkUrl(deps: WebhookDeps, url: string): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidError(`url is not a URL: "${url}"`);
  }
  try {
    await resolveForEgress(parsed, { allow: egressAllowList(deps.egressAllow) });
  } catch (error) {
    if (error instanceof EgressRefusedError) throw invalidError(`url is refused: ${error.message}`);
    throw error;
  }
}

export async function createWebhook(deps: WebhookDeps, viewer: Viewer, payload: unknown): Promise<Webhook & { secret: string }> {
  requireAllowed(viewer, 'webhook.manage', { userId: viewer.userId ?? undefined });
  const input = await validateInput<WebhookInput>(webhookSchema, payload);
  await checkUrl(deps, input.url);
  const created = await deps.db.transaction(async (trx) => {
    if ((await repository.lockFeedPosition(trx)) === null) {
      // The first webhook starts the dispatcher at the feed's end: webhooks are told of changes from now on.
      await repository.saveFeedPosition(trx, encodeCursor((await repository.lastChange(trx)) ?? { txid: '0', id: '0' }));
    }
    return repository.insertWebhook(trx, {
      owner_id: viewer.userId!, url: input.url, description: input.description ?? '', events: input.events, filters: input.filters ?? {}, secret: newWebhookSecret(),
    });
  });
  return { ...withoutSecret(created), secret: created.secret };
}

export async function listWebhooks(deps: WebhookDeps, viewer: Viewer): Promise<(Webhook & { deliveries: WebhookDelivery[] })[]> {
  requireAllowed(viewer, 'webhook.view', { userId: viewer.userId ?? undefined });
  const webhooks = await repository.webhooksOf(deps.db, viewer.userId!);
  return Promise.all(webhooks.map(async (webhook) => ({ ...withoutSecret(webhook), deliveries: await repository.recentDeliveries(deps.db, webhook.id, RECENT_DELIVERIES) })));
}

async function ownWebhook(deps: WebhookDeps, viewer: Viewer, id: number): Promise<repository.WebhookRow> {
  const found = await repository.findWebhook(deps.db, id);
  // Someone else's webhook does not exist for the viewer.
  if (!found || found.owner_id !== viewer.userId) throw notFoundError('Webhook');
  requireAllowed(viewer, 'webhook.manage', { userId: found.owner_id });
  return found;
}

export async function updateWebhook(deps: WebhookDeps, viewer: Viewer, id: number, payload: unknown): Promise<Webhook> {
  await ownWebhook(deps, viewer, id);
  const input = await validateInput<WebhookChange>(webhookChangeSchema, payload);
  if (input.url !== undefined) await checkUrl(deps, input.url);
  await repository.updateWebhook(deps.db, id, input);
  return withoutSecret((await repository.findWebhook(deps.db, id))!);
}

export async function deleteWebhook(deps: WebhookDeps, viewer: Viewer, id: number): Promise<void> {
  await ownWebhook(deps, viewer, id);
  await repository.deleteWebhook(deps.db, id);
}
