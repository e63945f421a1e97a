/** The SQL of the registry's notable events (the dated milestones of /timeline). */
import type { Database } from '@registry/platform';

export interface NotableEvent {
  id: number;
  /** `YYYY-MM-DD`; only as much of it as `precision` says is known. */
  date: string;
  precision: 'day' | 'month' | 'year';
  title: string;
  description: string;
  sourceUrl: string | null;
}

export async function listNotableEvents(db: Database): Promise<NotableEvent[]> {
  return db('notable_events')
    .orderBy([{ column: 'happened_on' }, { column: 'id' }])
    .select(
      'id',
      db.raw(`to_char(happened_on, 'YYYY-MM-DD') AS date`),
      'precision',
      'title',
      'description',
      db.raw('source_url AS "sourceUrl"'),
    );
}
