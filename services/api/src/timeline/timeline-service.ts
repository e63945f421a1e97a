/** The registry's history for /timeline: its notable events, oldest first. */
import type { Database } from '@registry/platform';
import { listNotableEvents, type NotableEvent } from './notable-events-repository.ts';

export function notableEvents(db: Database): Promise<NotableEvent[]> {
  return listNotableEvents(db);
}
