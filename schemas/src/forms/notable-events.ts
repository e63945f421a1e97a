/**
 * A notable event of the registry's history (the dated milestones of /timeline), as super
 * curators enter it on the curator dashboard. One yup schema, shared by the web form and the
 * service behind POST/PUT /notable_events.
 */
import { mixed, object, string, type InferType } from 'yup';
import { ACCOUNT_MESSAGES } from './account.ts';
import { httpUrl } from './bounds.ts';

/** How much of an event's date is known; a month- or year-precise date is stored on its first day. */
export const NOTABLE_EVENT_PRECISIONS = ['day', 'month', 'year'] as const;
export type NotableEventPrecision = (typeof NOTABLE_EVENT_PRECISIONS)[number];
export const NOTABLE_EVENT_TITLE_MAX = 200;

/** An event as GET /notable_events answers it. */
export interface NotableEvent {
  id: number;
  /** `YYYY-MM-DD`; only as much of it as `precision` says is known. */
  date: string;
  precision: NotableEventPrecision;
  title: string;
  description: string;
  sourceUrl: string | null;
}
export const NOTABLE_EVENT_DESCRIPTION_MAX = 2000;

export const NOTABLE_EVENT_MESSAGES = {
  date: 'A date is a real calendar day written YYYY-MM-DD',
  precision: `Precision must be one of ${NOTABLE_EVENT_PRECISIONS.join(', ')}`,
  title: `A title has at most ${NOTABLE_EVENT_TITLE_MAX} characters`,
  description: `A description has at most ${NOTABLE_EVENT_DESCRIPTION_MAX} characters`,
  sourceUrl: 'The source is a web address starting with http:// or https://',
} as const;

function isCalendarDay(value: string | undefined): boolean {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

export const notableEventSchema = object({
  date: string().trim().required(ACCOUNT_MESSAGES.required).test('calendar-day', NOTABLE_EVENT_MESSAGES.date, isCalendarDay),
  precision: mixed<NotableEventPrecision>().oneOf(NOTABLE_EVENT_PRECISIONS, NOTABLE_EVENT_MESSAGES.precision).required(ACCOUNT_MESSAGES.required),
  title: string().trim().required(ACCOUNT_MESSAGES.required).max(NOTABLE_EVENT_TITLE_MAX, NOTABLE_EVENT_MESSAGES.title),
  description: string().trim().max(NOTABLE_EVENT_DESCRIPTION_MAX, NOTABLE_EVENT_MESSAGES.description).default(''),
  source_url: httpUrl(NOTABLE_EVENT_MESSAGES.sourceUrl)
    .nullable()
    .transform((value: string | null | undefined) => (value ? value : null)),
});
export type NotableEventInput = InferType<typeof notableEventSchema>;

/** The stored date: the first day of the month or year when only that much is known. */
export function storedEventDate(date: string, precision: NotableEventPrecision): string {
  if (precision === 'year') return `${date.slice(0, 4)}-01-01`;
  if (precision === 'month') return `${date.slice(0, 7)}-01`;
  return date;
}
