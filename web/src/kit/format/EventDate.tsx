/** A notable event's date, as precisely as it is known ("15 Mar 2016", "Mar 2016", "2016"). */
import type { NotableEvent } from '@registry/schemas/forms/notable-events.ts';
import { formatPartialDate } from './dates.ts';

export function EventDate({ event }: { event: Pick<NotableEvent, 'date' | 'precision'> }) {
  const { text, machine } = formatPartialDate(event.date, event.precision);
  return <time dateTime={machine}>{text}</time>;
}
