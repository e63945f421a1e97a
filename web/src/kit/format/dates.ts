/**
 * Every date the web app shows, in two forms: the long form of SPEC §1 for moments (public
 * messages, history entries: "Sunday, November 22, 2026 14:05") and one short form for days
 * everywhere else ("22 Nov 2026"). Screens call these and never format dates themselves.
 */
import dayjs from 'dayjs';

/** SPEC §1: weekday, month day, year hour:minute. */
export const LONG_DATE_FORMAT = 'dddd, MMMM D, YYYY HH:mm';
/** The one short form: day, abbreviated month, year (never ambiguous between day-first and month-first readers). */
export const SHORT_DATE_FORMAT = 'D MMM YYYY';

/** Dates known only to the month or the year (notable events) drop the parts they lack. */
export type DatePrecision = 'day' | 'month' | 'year';
const PARTIAL_DATE_FORMATS: Readonly<Record<DatePrecision, string>> = { day: SHORT_DATE_FORMAT, month: 'MMM YYYY', year: 'YYYY' };
const MACHINE_DATE_FORMATS: Readonly<Record<DatePrecision, string>> = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' };

/** A moment in the long form; text that is not a date is shown as it is. */
export function formatLongDate(value: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(LONG_DATE_FORMAT) : value;
}

/** A day in the short form; empty when missing or unreadable. */
export function formatShortDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(SHORT_DATE_FORMAT) : '';
}

/** A date as precisely as it is known ("22 Nov 2026", "Nov 2026", "2026") and its machine-readable form for <time dateTime>. */
export function formatPartialDate(value: string, precision: DatePrecision): { text: string; machine: string } {
  const date = dayjs(value);
  return { text: date.format(PARTIAL_DATE_FORMATS[precision]), machine: date.format(MACHINE_DATE_FORMATS[precision]) };
}
