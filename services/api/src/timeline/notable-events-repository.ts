/** The SQL of the registry's notable events (the dated milestones of /timeline). */
import type { Database } from '@registry/platform';
import type { NotableEvent, NotableEventPrecision } from '@registry/schemas/forms/notable-events.ts';

export type { NotableEvent } from '@registry/schemas/forms/notable-events.ts';

/** A row as stored: `happened_on` already moved to the first day when only the month or year is known. */
export interface NotableEventFields {
  happened_on: string;
  precision: NotableEventPrecision;
  title: string;
  description: string;
  source_url: string | null;
}

const columns = (db: Database) => [
  'id',
  db.raw(`to_char(happened_on, 'YYYY-MM-DD') AS date`),
  'precision',
  'title',
  'description',
  db.raw('source_url AS "sourceUrl"'),
];

export async function listNotableEvents(db: Database): Promise<NotableEvent[]> {
  return db('notable_events').orderBy([{ column: 'happened_on' }, { column: 'id' }]).select(columns(db));
}

export async function insertNotableEvent(db: Database, fields: NotableEventFields): Promise<NotableEvent> {
  const [row] = await db('notable_events').insert(fields).returning(columns(db));
  return row as NotableEvent;
}

export async function updateNotableEvent(db: Database, id: number, fields: NotableEventFields): Promise<NotableEvent | null> {
  const [row] = await db('notable_events').where({ id }).update({ ...fields, updated_at: db.fn.now() }).returning(columns(db));
  return (row as NotableEvent | undefined) ?? null;
}

export async function deleteNotableEvent(db: Database, id: number): Promise<boolean> {
  return (await db('notable_events').where({ id }).delete()) > 0;
}
