/** Dates of public messages, SPEC §1: weekday, month day, year hour:minute ("Sunday, November 22, 2026 14:05"). */
import dayjs from 'dayjs';

export const MESSAGE_DATE_FORMAT = 'dddd, MMMM D, YYYY HH:mm';

export function formatMessageDate(value: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(MESSAGE_DATE_FORMAT) : value;
}
