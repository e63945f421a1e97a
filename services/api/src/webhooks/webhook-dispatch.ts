/**
 * The dispatcher (worker role, one at a time): reads the change log on from its saved position and
 * writes one delivery per matching webhook and event, in the transaction that moves the position
 * (its row is locked, so dispatchers never overlap). A delivery's id, `msg_<webhook>_<key>`, is
 * the `webhook-id` a receiver deduplicates on.
 *
 * Who is told what is the access module's: every webhook gets the public feed's entries
 * (`record.created|updated|removed|deleted|merged|withdrawn`, as `GET /changes` gives them) and
 * `record.approved` of a record public after it; a webhook whose owner may
 * `webhook.receiveUnpublished` (curators) also gets the changes to records not public, with a
 * short description of the record instead of the public one; `claim.decided` goes to webhooks
 * whose owner may `webhook.receiveClaimDecision` for the claimant (their own claims; curators
 * every claim), on a public record unless the owner is told of unpublished ones.
 *
 * Filters: registries, record ids and a saved search. A saved search is evaluated against the
 * search index, once per page of changes and saved search, restricted to the page's records
 * (one small query, the owner's visibility): a record matches when the search finds it. So that
 * the index has the change, a page stops before the first record whose index write is still
 * pending while any webhook filters by a saved search (the sweeper writes it within seconds).
 * Deleted and merged records are not in the index: a saved-search filter never passes them.
 *
 * An update that names no section and shows the record as last dispatched (a related record
 * re-indexed after its neighbour's rename) is not sent: `unchanged-updates.ts`.
 */
import type { Database } from '@registry/platform';
import { can, viewerForUser, type Viewer } from '@registry/schemas';
import type { WebhookEvent } from '@registry/schemas/forms/webhooks.ts';
import { decodeCursor, encodeCursor, publicEntriesOf, type ChangeEntry } from '../changes/change-feed.ts';
import { readChangeRows, type ChangeRow } from '../changes/change-repository.ts';
import { findSavedSearch } from '../saved-searches/saved-search-repository.ts';
import { executeSearch, type SearchDependencies } from '../search/search-execution.ts';
import type { SearchRecordsArgs } from '../search/search-records.ts';
import { searchWalk } from '../search/scan-search-records.ts';
import { withoutUnchangedUpdates } from './unchanged-updates.ts';
import * as repository from './webhook-repository.ts';

const PAGE_SIZE = 100;
const MAX_PAGES_PER_RUN = 20;
const CLAIMS_PER_RUN = 500;

export interface DispatchDeps {
  db: Database;
  /** The search index, for saved-search filters. */
  search: SearchDependencies;
}

/** One thing to tell webhooks of, before filtering by webhook. */
interface WebhookEventItem {
  /** Unique in the log: the change's cursor (with a suffix for a second event of one change), or the claim's. */
  key: string;
  event: WebhookEvent;
  recordId: number;
  /** Lower-case registry, when the record still exists. */
  registry: string | null;
  happenedAt: string;
  /** Who may be told: anyone, curators' webhooks only, or the claimant's and curators'. */
  audience: { unpublished: boolean; claimantId?: number };
  data: Record<string, unknown>;
}

interface Subscriber {
  webhook: repository.DispatchedWebhook;
  viewer: Viewer;
  unpublished: boolean;
}

function publicData(entry: ChangeEntry): Record<string, unknown> {
  const { cursor: _cursor, change: _kind, changedAt: _changedAt, ...data } = entry;
  return data;
}

/** A change to a record not public, as a curator's webhook is told of it. */
function unpublishedKind(row: ChangeRow): WebhookEvent {
  if (!row.recordExists) return row.replacementId === null ? 'record.deleted' : 'record.merged';
  if (row.inserted) return 'record.created';
  return row.wasPublic && !row.isPublic ? 'record.removed' : 'record.updated';
}

function changeEvents(row: ChangeRow, entry: ChangeEntry | null, summary: repository.RecordSummary | undefined): WebhookEventItem[] {
  const cursor = encodeCursor(row);
  const registry = entry?.record?.registry ?? summary?.registry ?? null;
  const unpublishedData = () => ({
    recordId: row.recordId, public: false, sections: row.sections,
    ...(summary ? { record: summary } : {}), ...(row.replacementId === null ? {} : { replacementId: row.replacementId }),
  });
  const items: WebhookEventItem[] = [entry
    ? { key: cursor, event: `record.${entry.change}`, recordId: row.recordId, registry, happenedAt: row.changedAt, audience: { unpublished: false }, data: publicData(entry) }
    : { key: cursor, event: unpublishedKind(row), recordId: row.recordId, registry, happenedAt: row.changedAt, audience: { unpublished: true }, data: unpublishedData() }];
  if (row.wasApproved === false && row.isApproved === true) {
    const shown = entry?.record !== undefined;
    items.push({
      key: `${cursor}.approved`, event: 'record.approved', recordId: row.recordId, registry, happenedAt: row.changedAt, audience: { unpublished: !shown },
      data: shown ? { recordId: row.recordId, record: entry!.record } : unpublishedData(),
    });
  }
  return items;
}

function claimEvent(decision: repository.ClaimDecision): WebhookEventItem {
  return {
    key: `claim.${decision.claimId}`, event: 'claim.decided', recordId: decision.recordId, registry: decision.registry, happenedAt: decision.decidedAt,
    audience: { unpublished: !decision.isPublic, claimantId: decision.claimantId },
    data: { claimId: decision.claimId, recordId: decision.recordId, claimantId: decision.claimantId, status: decision.status },
  };
}

function mayBeTold(subscriber: Subscriber, item: WebhookEventItem): boolean {
  if (item.audience.unpublished && !subscriber.unpublished) return false;
  return item.audience.claimantId === undefined || can(subscriber.viewer, 'webhook.receiveClaimDecision', { userId: item.audience.claimantId });
}

function matches(subscriber: Subscriber, item: WebhookEventItem, savedSearchHits: Map<number, Set<number>>): boolean {
  const { webhook } = subscriber;
  if (!webhook.events.includes(item.event) || new Date(item.happenedAt) < webhook.created_at || !mayBeTold(subscriber, item)) return false;
  const { registries, record_ids: recordIds, saved_search_id: savedSearchId } = webhook.filters;
  if (recordIds && recordIds.length > 0 && !recordIds.includes(item.recordId)) return false;
  if (registries && registries.length > 0 && !(item.registry !== null && registries.includes(item.registry))) return false;
  if (savedSearchId && !savedSearchHits.get(webhook.id)?.has(item.recordId)) return false;
  return true;
}

const IGNORED_SEARCH_PARAMETERS = new Set(['page', 'perPage', 'orderBy']);

/** A saved search's parameters as search arguments (its stored parameters, else its URL's query). */
export function savedSearchArguments(saved: { url: string; params: Record<string, unknown> | null }): SearchRecordsArgs {
  const args: Record<string, string | string[]> = {};
  const add = (key: string, value: unknown) => {
    if (IGNORED_SEARCH_PARAMETERS.has(key)) return;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') args[key] = String(value);
    else if (Array.isArray(value)) args[key] = value.map(String);
  };
  if (saved.params) for (const [key, value] of Object.entries(saved.params)) add(key, value);
  else {
    const query = new URL(saved.url, 'http://localhost').searchParams;
    for (const key of new Set(query.keys())) add(key, query.getAll(key).length > 1 ? query.getAll(key) : query.get(key));
  }
  return args as SearchRecordsArgs;
}

/** For each webhook filtering by a saved search: which of `recordIds` its search finds, as its owner sees. */
async function savedSearchHits(deps: DispatchDeps, subscribers: Subscriber[], recordIds: number[]): Promise<Map<number, Set<number>>> {
  const hits = new Map<number, Set<number>>();
  const ids = [...new Set(recordIds)];
  const byQuery = new Map<string, Subscriber[]>();
  for (const subscriber of subscribers) {
    const savedSearchId = subscriber.webhook.filters.saved_search_id;
    if (!savedSearchId) continue;
    const key = `${savedSearchId}:${subscriber.unpublished}`;
    byQuery.set(key, [...(byQuery.get(key) ?? []), subscriber]);
  }
  for (const group of byQuery.values()) {
    const saved = await findSavedSearch(deps.db, group[0].webhook.filters.saved_search_id!);
    let found = new Set<number>();
    if (saved && ids.length > 0) {
      const { query } = await searchWalk(deps.search, { ...savedSearchArguments(saved), ids }, group[0].viewer);
      const answer = await executeSearch(deps.search, { query, size: ids.length, _source: false, track_total_hits: false });
      found = new Set(answer.hits.hits.map((hit) => Number(hit._id)));
    }
    for (const subscriber of group) hits.set(subscriber.webhook.id, found);
  }
  return hits;
}

/** The events to send (each body once) and, per matching webhook, the delivery owed. */
function deliveriesFor(subscribers: Subscriber[], items: WebhookEventItem[], hits: Map<number, Set<number>>): repository.OwedDeliveries {
  const owed = items.flatMap((item) => subscribers.filter((subscriber) => matches(subscriber, item, hits))
    .map(({ webhook }) => ({ id: `msg_${webhook.id}_${item.key}`, webhook_id: webhook.id, change_cursor: item.key })));
  const keys = new Set(owed.map((delivery) => delivery.change_cursor));
  const events = items.filter((item) => keys.has(item.key))
    .map((item) => ({ change_cursor: item.key, event: item.event, payload: { type: item.event, timestamp: item.happenedAt, data: item.data } }));
  return { events, owed };
}

/** Writes the deliveries owed for changes and claim decisions since the last run; answers them in the order written. */
export async function dispatchWebhookDeliveries(deps: DispatchDeps): Promise<repository.QueuedDelivery[]> {
  return deps.db.transaction(async (trx) => {
    const start = await repository.lockFeedPosition(trx);
    if (start === null) return [];
    let position = start;
    const trxDeps = { ...deps, db: trx };
    const subscribers: Subscriber[] = (await repository.dispatchedWebhooks(trx)).map((webhook) => {
      const viewer = viewerForUser({ id: webhook.owner_id, username: webhook.owner_username, role: webhook.owner_role }, 'session');
      return { webhook, viewer, unpublished: can(viewer, 'webhook.receiveUnpublished') };
    });
    const waitForIndex = subscribers.some((subscriber) => subscriber.webhook.filters.saved_search_id);
    const anyUnpublished = subscribers.some((subscriber) => subscriber.unpublished);
    const created: repository.QueuedDelivery[] = [];
    for (let page = 0; page < MAX_PAGES_PER_RUN; page += 1) {
      const rows = await readChangeRows(trx, decodeCursor(position), PAGE_SIZE);
      let usable = rows;
      if (waitForIndex) {
        const waiting = await repository.recordsAwaitingIndex(trx, rows.map((row) => row.recordId));
        const first = rows.findIndex((row) => waiting.has(row.recordId));
        if (first >= 0) usable = rows.slice(0, first);
      }
      const entries = await publicEntriesOf(trx, usable);
      const summaries = anyUnpublished ? await repository.recordSummaries(trx, usable.map((row) => row.recordId)) : new Map<number, repository.RecordSummary>();
      const items = await withoutUnchangedUpdates(trx, usable.flatMap((row, index) => changeEvents(row, entries[index], summaries.get(row.recordId))));
      const hits = waitForIndex ? await savedSearchHits(trxDeps, subscribers, items.map((item) => item.recordId)) : new Map<number, Set<number>>();
      created.push(...(await repository.insertDeliveries(trx, deliveriesFor(subscribers, items, hits))));
      if (usable.length > 0) position = encodeCursor(usable.at(-1)!);
      if (usable.length < PAGE_SIZE) break;
    }
    // Four runs a second: one that read nothing writes nothing.
    if (position !== start) await repository.saveFeedPosition(trx, position);
    const claims = (await repository.takeClaimDecisions(trx, CLAIMS_PER_RUN)).map(claimEvent);
    if (claims.length > 0) {
      const hits = waitForIndex ? await savedSearchHits(trxDeps, subscribers, claims.map((item) => item.recordId)) : new Map<number, Set<number>>();
      created.push(...(await repository.insertDeliveries(trx, deliveriesFor(subscribers, claims, hits))));
    }
    return created;
  });
}

/** A redelivery's queue job: its own id (the queue ignores an id it holds), the delivery's id kept. */
export const redeliveryJobId = (delivery: { id: string; redeliveries: number }) => `${delivery.id}.again${delivery.redeliveries}`;

/**
 * Deliveries written over a minute ago and never attempted, to queue again: the queue ignores a
 * job id it already holds, so this only recovers those whose queueing was lost.
 */
export async function stalledDeliveries(db: Database): Promise<repository.QueuedDelivery[]> {
  return repository.unattemptedDeliveries(db, 60, 500);
}
