/** The registry's history for /timeline: its notable events, oldest first; super curators edit them. */
import type { Database } from '@registry/platform';
import type { Viewer } from '@registry/schemas';
import { notableEventSchema, storedEventDate, type NotableEventInput } from '@registry/schemas/forms/notable-events.ts';
import { notFoundError } from '../domain-errors.ts';
import { requireAllowed } from '../records/record-guards.ts';
import { validateInput } from '../validation.ts';
import * as repository from './notable-events-repository.ts';

export type { NotableEvent } from './notable-events-repository.ts';

export function notableEvents(db: Database): Promise<repository.NotableEvent[]> {
  return repository.listNotableEvents(db);
}

async function storedFields(payload: unknown): Promise<repository.NotableEventFields> {
  const input = await validateInput<NotableEventInput>(notableEventSchema, payload);
  return {
    happened_on: storedEventDate(input.date, input.precision),
    precision: input.precision,
    title: input.title,
    description: input.description,
    source_url: input.source_url ?? null,
  };
}

export async function createNotableEvent(db: Database, viewer: Viewer, payload: unknown): Promise<repository.NotableEvent> {
  requireAllowed(viewer, 'timeline.manage');
  return repository.insertNotableEvent(db, await storedFields(payload));
}

export async function updateNotableEvent(db: Database, viewer: Viewer, id: number, payload: unknown): Promise<repository.NotableEvent> {
  requireAllowed(viewer, 'timeline.manage');
  const row = await repository.updateNotableEvent(db, id, await storedFields(payload));
  if (!row) throw notFoundError('Notable event');
  return row;
}

export async function deleteNotableEvent(db: Database, viewer: Viewer, id: number): Promise<void> {
  requireAllowed(viewer, 'timeline.manage');
  if (!(await repository.deleteNotableEvent(db, id))) throw notFoundError('Notable event');
}
