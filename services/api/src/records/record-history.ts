/**
 * `FairsharingRecord.history`: the record's edit events, oldest first, each with its stored diff
 * (`editEvent`) and a readable description (`title`, `summary`, `changes`) whose ids are names.
 * Each event is redacted by the field table before it is described; the names are read once per
 * kind for all events (records and users through the loaders, so they pass the visibility rules).
 * A profile's list of edits (`EditEvent.description`) is described the same way.
 */
import { isActiveUser, redactFields, type AccessResource } from '@registry/schemas';
import type { RegistryGraphqlContext } from '../kernel/graphql-context.ts';
import { recordAccessResource, visibleRecords } from './record-visibility.ts';
import { isoDate } from '../kernel/iso-date.ts';
import type { EditEventRow, RecordRow } from './record-rows.ts';
import { describeHistoryEntry, idsToName, type HistoryDescription, type IdsByKind, type NamesByKind } from './history-description.ts';

export interface HistoryEntry extends HistoryDescription {
  id: number;
  editType: string;
  editEvent: unknown;
  userId: number | null;
  username: string | null;
  createdAt: string | null;
}

async function recordNames(context: RegistryGraphqlContext, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await context.loaders.recordById.loadMany(ids);
  const visible = await visibleRecords(context, rows.map((row) => (row instanceof Error ? null : row)));
  return new Map(visible.map((record) => [record.id, record.name]));
}

async function userNames(context: RegistryGraphqlContext, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const users = await context.loaders.userById.loadMany(ids);
  return new Map(users.flatMap((user) => (!user || user instanceof Error || !isActiveUser(user) ? [] : [[user.id, user.username] as const])));
}

async function namesFor(context: RegistryGraphqlContext, ids: IdsByKind): Promise<NamesByKind> {
  const { record = [], user = [], ...plain } = ids;
  const [records, users, others] = await Promise.all([recordNames(context, record), userNames(context, user), context.records.historyNames(plain)]);
  return { ...others, record: records, user: users };
}

/** Events described for the viewer: each redacted by the field table for its record's facts (`resources`, by index), the names read once per kind for all. */
async function describedEvents(context: RegistryGraphqlContext, events: readonly EditEventRow[], resources: readonly AccessResource[]) {
  const redacted = events.map((event, index) => redactFields(context.viewer, 'FairsharingRecord', resources[index], event.edit_event));
  const names = await namesFor(context, idsToName(redacted.filter((event): event is Record<string, unknown> => event !== null && typeof event === 'object')));
  return { redacted, descriptions: events.map((event, index) => describeHistoryEntry(event.edit_type, redacted[index], names)) };
}

export async function recordHistory(record: RecordRow, context: RegistryGraphqlContext): Promise<HistoryEntry[]> {
  const events = await context.loaders.recordEditEvents.load(record.id);
  const resource = await recordAccessResource(context, record);
  const [editors, { redacted, descriptions }] = await Promise.all([
    userNames(context, [...new Set(events.flatMap((event) => (event.user_id === null ? [] : [event.user_id])))]),
    describedEvents(context, events, events.map(() => resource)),
  ]);
  return events.map((event, index) => ({
    id: Number(event.id),
    editType: event.edit_type,
    editEvent: redacted[index],
    userId: event.user_id,
    username: event.user_id === null ? null : (editors.get(event.user_id) ?? null),
    createdAt: isoDate(event.created_at),
    ...descriptions[index],
  }));
}

/** The facts of a record that no longer exists: no owners, so only curators read its owner-only fields. */
const GONE_RECORD: AccessResource['record'] = { isHidden: true, isApproved: false, ownerIds: [], maintainerIds: [], createdById: null };

/**
 * A person's edits on a profile, as their records' histories describe them. Each event is
 * redacted for its own record (an event of a record since deleted, for no record's owners).
 */
export async function describeEditEvents(events: readonly EditEventRow[], context: RegistryGraphqlContext): Promise<HistoryDescription[]> {
  const records = await context.loaders.recordById.loadMany(events.flatMap((event) => (event.record_id === null ? [] : [event.record_id])));
  const resourceById = new Map(
    await Promise.all(
      records.flatMap((row) => (row && !(row instanceof Error) ? [recordAccessResource(context, row).then((resource) => [row.id, resource] as const)] : [])),
    ),
  );
  const resources = events.map((event): AccessResource => (event.record_id === null ? undefined : resourceById.get(event.record_id)) ?? { record: GONE_RECORD });
  return (await describedEvents(context, events, resources)).descriptions;
}
