/** A notable event's date, as precisely as it is known ("15 March 2016", "March 2016", "2016"). */
import dayjs from 'dayjs';
import type { NotableEvent } from '@registry/schemas/forms/notable-events.ts';

const DATE_FORMATS = { day: 'D MMMM YYYY', month: 'MMMM YYYY', year: 'YYYY' } as const;
const MACHINE_FORMATS = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' } as const;

export function EventDate({ event }: { event: Pick<NotableEvent, 'date' | 'precision'> }) {
  const date = dayjs(event.date);
  return <time dateTime={date.format(MACHINE_FORMATS[event.precision])}>{date.format(DATE_FORMATS[event.precision])}</time>;
}
