/**
 * Sending deliveries (worker role, BullMQ jobs; never in a request): each a POST through the
 * egress module, signed the Standard Webhooks way (with the previous secret too while a
 * rotation's overlap lasts). A batch (the deliveries of one change, each to another webhook) is
 * read in one query, sent `SENDS_AT_ONCE` at a time (the egress module still makes one call at a
 * time per host), and its attempts logged (status, latency, response code) in one statement.
 * A batch is the fast lane (`webhook-lanes.ts`): it waits at most `fastLaneMs` for a receiver;
 * one that has not answered by then is cut off and handed to its own lane, and so are the
 * deliveries of webhooks failing, slow (a receiver that took longer than the budget, for
 * `SLOW_LANE_MS` after) or whose endpoint is being sent to in its lane already.
 * What was not taken is handed back to be retried with backoff (at least once: a receiver may
 * see an id again, never one change under two ids). When every attempt to a webhook has failed
 * for `disableAfterMs`, the webhook is disabled, its waiting deliveries given up and its owner
 * mailed; a PUT with `enabled: true` switches it on again.
 */
import type { Database } from '@registry/platform';
import { EgressAbortedError, type Egress } from '@registry/platform/egress/index.ts';
import { linkMail, type Mailer, type MailContext } from '../accounts/mailer.ts';
import * as repository from './webhook-repository.ts';
import { mapAtMost } from './map-at-most.ts';
import { endpointOf, SLOW_LANE_MS, type EndpointLanes } from './webhook-lanes.ts';
import { signWebhook } from './webhook-signature.ts';

export interface DeliveryDeps {
  db: Database;
  egress: Egress;
  mailer: Mailer;
  mailContext: MailContext;
  /** How long every attempt must have failed before a webhook is disabled. */
  disableAfterMs: number;
  /** The most a batch waits for one receiver; a receiver slower than this is moved to its own lane. */
  fastLaneMs: number;
  /** This process's endpoint lanes: a batch sends nothing to an endpoint whose lane is sending. */
  lanes: EndpointLanes;
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

/** Sends at once per batch: a delivery mostly waits on its receiver. */
const SENDS_AT_ONCE = 32;

/** What `attempt` answers when the fast lane's budget ran out first. */
const CUT_OFF = 'cut off';

/**
 * One POST of a delivery; never throws: a refusal, time-out or non-2xx answer is a delivery not
 * taken (`pending`, or `failed` on its last attempt). With `budgetMs`, a receiver that has not
 * answered by then is cut off (`CUT_OFF`; not an attempt: it is sent again in its own lane).
 */
async function attempt(egress: Egress, delivery: repository.DeliveryRow, webhook: repository.WebhookRow, finalAttempt: boolean, budgetMs?: number): Promise<repository.AttemptOutcome | typeof CUT_OFF> {
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  let outcome: repository.AttemptOutcome;
  try {
    const response = await egress.fetch({
      url: webhook.url,
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatures(webhook, delivery.id, timestamp, body),
      },
      signal: budgetMs === undefined ? undefined : AbortSignal.timeout(budgetMs),
    });
    const taken = response.status >= 200 && response.status < 300;
    outcome = { status: taken ? 'delivered' : 'pending', response_code: response.status, latency_ms: Math.round(performance.now() - started), last_error: taken ? null : `answered ${response.status}` };
  } catch (error) {
    if (error instanceof EgressAbortedError) return CUT_OFF;
    outcome = { status: 'pending', response_code: null, latency_ms: Math.round(performance.now() - started), last_error: (error as Error).message };
  }
  if (outcome.status === 'pending' && finalAttempt) outcome.status = 'failed';
  return outcome;
}

export interface DeliveryRun {
  /** This is the deliveries' last attempt: one not taken is failed, not retried. */
  finalAttempt: boolean;
  /**
   * A batch's first attempts, the fast lane: only deliveries never attempted are sent (the others
   * are in their retries' hands), each waited for at most `fastLaneMs`; those cut off, and those
   * to a webhook already failing or slow or to an endpoint its lane is sending to, are handed over
   * as `deferred`, to be sent in their endpoint's own lane.
   */
  firstAttempts: boolean;
  /**
   * Called before the attempts are logged with the deliveries to try again later and those
   * deferred, so a crash in between loses none (the batch is run again).
   */
  handOver?(next: { retry: string[]; deferred: string[] }): Promise<void>;
}

/**
 * Sends the deliveries `ids` not yet taken and logs the attempts; answers those to try again
 * (not taken, not on their last attempt, their webhook not disabled).
 */
export async function deliverWebhooks(deps: DeliveryDeps, ids: readonly string[], run: DeliveryRun): Promise<{ retry: { id: string; reason: string }[] }> {
  const found = (await repository.findDeliveriesAndWebhooks(deps.db, ids))
    .filter(({ delivery }) => delivery.status !== 'delivered' && !(run.firstAttempts && delivery.attempts > 0));
  const disabled = new Set(found.filter(({ webhook }) => webhook.disabled_at !== null).map(({ webhook }) => webhook.id));
  for (const webhookId of disabled) await repository.failPendingDeliveries(deps.db, webhookId, NOT_SENT_DISABLED);
  const live = found.filter(({ webhook }) => !disabled.has(webhook.id));
  const now = new Date();
  const ownLane = ({ webhook }: { webhook: repository.WebhookRow }) => webhook.failing_since !== null
    || (webhook.slow_until !== null && webhook.slow_until > now) || deps.lanes.busy(endpointOf(webhook.url));
  const deferred = run.firstAttempts ? live.filter(ownLane) : [];
  const sent = run.firstAttempts ? live.filter((item) => !ownLane(item)) : live;
  type Tried = { delivery: repository.DeliveryRow; webhook: repository.WebhookRow; outcome: repository.AttemptOutcome | typeof CUT_OFF };
  const tried: Tried[] = await mapAtMost(sent, SENDS_AT_ONCE, async ({ delivery, webhook }) => ({
    delivery, webhook, outcome: await attempt(deps.egress, delivery, webhook, run.finalAttempt, run.firstAttempts ? deps.fastLaneMs : undefined),
  }));
  const cutOff = tried.filter((item) => item.outcome === CUT_OFF);
  const outcomes = tried.flatMap(({ outcome, ...item }) => (outcome === CUT_OFF ? [] : [{ ...item, outcome }]));
  const notTaken = outcomes.filter(({ outcome }) => outcome.status === 'pending');
  await run.handOver?.({ retry: notTaken.map(({ delivery }) => delivery.id), deferred: [...deferred, ...cutOff].map(({ delivery }) => delivery.id) });
  await repository.recordAttempts(deps.db, outcomes.map(({ delivery, outcome }) => ({ id: delivery.id, ...outcome })));
  // Slow, not failing: a receiver that took longer than the fast lane allows is sent to in its own lane for a while.
  const slow = [...cutOff, ...outcomes.filter(({ outcome }) => (outcome.latency_ms ?? 0) > deps.fastLaneMs)];
  await repository.markWebhooksSlow(deps.db, [...new Set(slow.map(({ webhook }) => webhook.id))], SLOW_LANE_MS);

  // A webhook is failing when every attempt of this run to it failed (as when it had one delivery at a time).
  const taking = new Map<number, repository.WebhookRow>();
  const failing = new Map<number, { webhook: repository.WebhookRow; lastError: string | null }>();
  for (const { webhook, outcome } of outcomes) {
    if (outcome.status === 'delivered') taking.set(webhook.id, webhook);
    else failing.set(webhook.id, { webhook, lastError: outcome.last_error });
  }
  await repository.markWebhooksTaking(deps.db, [...taking.values()].filter((webhook) => webhook.failing_since !== null).map((webhook) => webhook.id));
  const disabledNow = new Set<number>();
  for (const { webhook, lastError } of failing.values()) {
    if (!taking.has(webhook.id) && (await afterFailure(deps, webhook, lastError))) disabledNow.add(webhook.id);
  }
  return {
    retry: notTaken.filter(({ webhook }) => !disabledNow.has(webhook.id))
      .map(({ delivery, webhook, outcome }) => ({ id: delivery.id, reason: `${delivery.id} to ${webhook.url}: ${outcome.last_error}` })),
  };
}

/** Sends one delivery (again, when retried); throws when the receiver did not take it (unless the webhook was disabled for it), so its queue job is retried. */
export async function deliverWebhook(deps: DeliveryDeps, deliveryId: string, finalAttempt: boolean): Promise<void> {
  const [notTaken] = (await deliverWebhooks(deps, [deliveryId], { finalAttempt, firstAttempts: false })).retry;
  if (notTaken) throw new WebhookDeliveryError(notTaken.reason);
}
