/**
 * The rules of a webhook (POST/PUT /webhooks and the profile's webhook form): the receiver's
 * http(s) URL, a description, the events it is told of, and filters by registry, record id and
 * saved search; a change may also switch it on again (`enabled`) after it was disabled for
 * failing. Whether the URL's host may be reached (no internal addresses) and whether the saved
 * search exists are the service's questions.
 */
import { array, boolean, object, string, type InferType } from 'yup';
import { ACCOUNT_MESSAGES } from './account.ts';
import { boundedText, hasNoDuplicates, httpUrl, idList, idNumber } from './bounds.ts';

/** The change-feed kinds as event types, a record's approval and a claim's decision. */
export const WEBHOOK_EVENTS = [
  'record.created', 'record.updated', 'record.removed', 'record.deleted', 'record.merged', 'record.withdrawn', 'record.approved', 'claim.decided',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_REGISTRIES = ['standard', 'database', 'policy', 'collection'] as const;

export const WEBHOOK_MESSAGES = {
  events: `Name at least one event of ${WEBHOOK_EVENTS.join(', ')}`,
  event: `An event is one of ${WEBHOOK_EVENTS.join(', ')}`,
  registry: `A registry is one of ${WEBHOOK_REGISTRIES.join(', ')}`,
  duplicate: 'The same value is listed twice',
} as const;

const webhookFields = {
  url: httpUrl(),
  description: boundedText('description'),
  events: array(string().oneOf(WEBHOOK_EVENTS, WEBHOOK_MESSAGES.event).required())
    .min(1, WEBHOOK_MESSAGES.events)
    .max(WEBHOOK_EVENTS.length, WEBHOOK_MESSAGES.duplicate)
    .test('unique-events', WEBHOOK_MESSAGES.duplicate, hasNoDuplicates)
    .default(undefined),
  filters: object({
    registries: array(string().oneOf(WEBHOOK_REGISTRIES, WEBHOOK_MESSAGES.registry).required())
      .max(WEBHOOK_REGISTRIES.length, WEBHOOK_MESSAGES.duplicate)
      .test('unique-registries', WEBHOOK_MESSAGES.duplicate, hasNoDuplicates)
      .default(undefined),
    record_ids: idList(),
    saved_search_id: idNumber().nullable().default(undefined),
  }).noUnknown().default(undefined),
};

export const webhookSchema = object({
  ...webhookFields,
  url: webhookFields.url.required(ACCOUNT_MESSAGES.required),
  events: webhookFields.events.required(WEBHOOK_MESSAGES.events),
}).noUnknown();
export type WebhookInput = InferType<typeof webhookSchema>;

/** A change: only the fields sent change. */
export const webhookChangeSchema = object({
  ...webhookFields,
  url: webhookFields.url.min(1, ACCOUNT_MESSAGES.required),
  /** true switches a webhook disabled for failing on again. */
  enabled: boolean().default(undefined),
}).noUnknown();
export type WebhookChange = InferType<typeof webhookChangeSchema>;
