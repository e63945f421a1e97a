/**
 * Webhooks: a signed-in person registers endpoints told of public changes to records (the events
 * and filters they choose; curators' webhooks also of changes not public, `webhook-dispatch.ts`);
 * the signing secret is answered once, at registration and at each rotation, the previous one
 * signing too for `secretOverlapMs`. Only the owner lists, changes, rotates or deletes a webhook,
 * reads its deliveries and asks for one again. A URL the egress policy would refuse (its host is
 * or resolves to an internal address, unless allow-listed) is refused at registration, with why;
 * so is a saved search that does not exist. An account has at most `maxPerAccount` webhooks,
 * at most `maxPerHost` of them to one host (its name, whatever the port): one account's
 * receivers cannot crowd the worker's lanes or turn the registry on a host (422 beyond them).
 */
import type { Database } from '@registry/platform';
import { EgressRefusedError, egressAllowList, resolveForEgress } from '@registry/platform/egress/index.ts';
import type { Viewer } from '@registry/schemas';
import { webhookChangeSchema, webhookSchema, type WebhookChange, type WebhookInput } from '@registry/schemas/forms/webhooks.ts';
import { encodeCursor } from '../changes/change-feed.ts';
import { DomainError, invalidError, invalidFieldsError, notFoundError } from '../domain-errors.ts';
import { requireAllowed } from '../records/record-guards.ts';
import { findSavedSearch } from '../saved-searches/saved-search-repository.ts';
import { validateInput } from '../validation.ts';
import * as repository from './webhook-repository.ts';
import { newWebhookSecret } from './webhook-signature.ts';

export interface WebhookDeps {
  db: Database;
  /** The config's `egressAllow`. */
  egressAllow: readonly string[];
  /** How long the previous secret still signs after a rotation. */
  secretOverlapMs: number;
  /** Webhooks an account may have, in all and to one host. */
  maxPerAccount: number;
  maxPerHost: number;
}

export { WEBHOOK_EVENTS } from '@registry/schemas/forms/webhooks.ts';

export type Webhook = Omit<repository.WebhookRow, 'secret' | 'previous_secret'>;
export type WebhookDelivery = repository.DeliveryRow;

const RECENT_DELIVERIES = 50;

const withoutSecret = ({ secret: _secret, previous_secret: _previous, ...webhook }: repository.WebhookRow): Webhook => webhook;

async function checkSavedSearch(deps: WebhookDeps, filters: { saved_search_id?: number | null } | undefined): Promise<void> {
  const id = filters?.saved_search_id;
  if (id && !(await findSavedSearch(deps.db, id))) throw invalidError(`filters.saved_search_id: there is no saved search ${id}`, { errors: { 'filters.saved_search_id': `There is no saved search ${id}` } });
}

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

function checkAccountBound(deps: WebhookDeps, owned: readonly unknown[]): void {
  if (owned.length >= deps.maxPerAccount) {
    throw new DomainError(422, `An account may have at most ${deps.maxPerAccount} webhooks; delete one first.`, { limit: deps.maxPerAccount });
  }
}

/** Hosts are compared as the URL parser gives them (lower case, IDNA, IPv4 in its one form), never by their text. */
function checkHostBound(deps: WebhookDeps, others: readonly { url: string }[], url: string): void {
  const host = new URL(url).hostname;
  if (others.filter((other) => new URL(other.url).hostname === host).length >= deps.maxPerHost) {
    throw invalidFieldsError({ url: [`An account may have at most ${deps.maxPerHost} webhooks to one host (${host}); delete one first.`] });
  }
}

export async function createWebhook(deps: WebhookDeps, viewer: Viewer, payload: unknown): Promise<Webhook & { secret: string }> {
  requireAllowed(viewer, 'webhook.manage', { userId: viewer.userId ?? undefined });
  const input = await validateInput<WebhookInput>(webhookSchema, payload);
  await checkUrl(deps, input.url);
  await checkSavedSearch(deps, input.filters);
  const created = await deps.db.transaction(async (trx) => {
    if ((await repository.lockFeedPosition(trx)) === null) {
      // The first webhook starts the dispatcher at the feed's end: webhooks are told of changes from now on.
      await repository.saveFeedPosition(trx, encodeCursor((await repository.lastChange(trx)) ?? { txid: '0', id: '0' }));
    }
    const owned = await repository.lockedWebhookUrlsOf(trx, viewer.userId!);
    checkAccountBound(deps, owned);
    checkHostBound(deps, owned, input.url);
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

async function ownWebhook(deps: WebhookDeps, viewer: Viewer, id: number, action: 'webhook.manage' | 'webhook.view' = 'webhook.manage'): Promise<repository.WebhookRow> {
  const found = await repository.findWebhook(deps.db, id);
  // Someone else's webhook does not exist for the viewer.
  if (!found || found.owner_id !== viewer.userId) throw notFoundError('Webhook');
  requireAllowed(viewer, action, { userId: found.owner_id });
  return found;
}

/** Changes the fields sent; `enabled: true` switches on a webhook disabled for failing (false is refused: delete it instead). */
export async function updateWebhook(deps: WebhookDeps, viewer: Viewer, id: number, payload: unknown): Promise<Webhook> {
  await ownWebhook(deps, viewer, id);
  const { enabled, ...input } = await validateInput<WebhookChange>(webhookChangeSchema, payload);
  if (enabled === false) throw invalidError('enabled: a webhook is disabled only when it keeps failing; delete it to stop its deliveries', { errors: { enabled: 'Only true: delete the webhook to stop it' } });
  if (input.url !== undefined) await checkUrl(deps, input.url);
  await checkSavedSearch(deps, input.filters);
  await deps.db.transaction(async (trx) => {
    if (input.url !== undefined) {
      const others = (await repository.lockedWebhookUrlsOf(trx, viewer.userId!)).filter((other) => other.id !== id);
      checkHostBound(deps, others, input.url);
    }
    await repository.updateWebhook(trx, id, { ...input, ...(enabled ? { disabled_at: null, disabled_reason: null, failing_since: null } : {}) });
  });
  return withoutSecret((await repository.findWebhook(deps.db, id))!);
}

/** A new signing secret, answered this once; the previous one keeps signing (beside it) for `secretOverlapMs`. */
export async function rotateSecret(deps: WebhookDeps, viewer: Viewer, id: number): Promise<Webhook & { secret: string }> {
  const webhook = await ownWebhook(deps, viewer, id);
  const secret = newWebhookSecret();
  await repository.updateWebhook(deps.db, id, { secret, previous_secret: webhook.secret, previous_secret_until: new Date(Date.now() + deps.secretOverlapMs) });
  return { ...withoutSecret((await repository.findWebhook(deps.db, id))!), secret };
}

/** The webhook's recent deliveries, newest first: status, attempts, latency, response code, last error. */
export async function listDeliveries(deps: WebhookDeps, viewer: Viewer, id: number): Promise<WebhookDelivery[]> {
  await ownWebhook(deps, viewer, id, 'webhook.view');
  return repository.recentDeliveries(deps.db, id, RECENT_DELIVERIES);
}

/** Sends a delivery again under its id (the worker queues it within a second); refused while the webhook is disabled. */
export async function redeliver(deps: WebhookDeps, viewer: Viewer, id: number, deliveryId: string): Promise<WebhookDelivery> {
  const webhook = await ownWebhook(deps, viewer, id);
  if (webhook.disabled_at) throw invalidError('The webhook is disabled: switch it on again (enabled: true) first');
  if (!(await repository.askRedelivery(deps.db, id, deliveryId))) throw notFoundError('Delivery');
  return (await repository.findDelivery(deps.db, deliveryId))!;
}

export async function deleteWebhook(deps: WebhookDeps, viewer: Viewer, id: number): Promise<void> {
  await ownWebhook(deps, viewer, id);
  await repository.deleteWebhook(deps.db, id);
}
