/** A moment in the long form ("Sunday, November 22, 2026 14:05") as a <time>; nothing when the moment is not known. */
import { formatLongDate } from './dates.ts';

export function MomentTime({ value }: { value: string | null }) {
  return value === null ? null : <time dateTime={value}>{formatLongDate(value)}</time>;
}
