import { describe, expect, it } from 'vitest';
import { formatLongDate, formatPartialDate, formatShortDate } from './dates.ts';

describe('dates', () => {
  it('shows moments as weekday, month day, year hour:minute (SPEC §1)', () => {
    expect(formatLongDate('2026-11-22T14:05:00')).toBe('Sunday, November 22, 2026 14:05');
    expect(formatLongDate('yesterday')).toBe('yesterday');
  });

  it('shows days in one short form, and nothing for a missing or unreadable date', () => {
    expect(formatShortDate('2026-11-22T14:05:00')).toBe('22 Nov 2026');
    expect(formatShortDate('2016-03-05')).toBe('5 Mar 2016');
    expect(formatShortDate(null)).toBe('');
    expect(formatShortDate('soon')).toBe('');
  });

  it('shows a date as precisely as it is known', () => {
    expect(formatPartialDate('2016-03-15', 'day')).toEqual({ text: '15 Mar 2016', machine: '2016-03-15' });
    expect(formatPartialDate('2016-03-01', 'month')).toEqual({ text: 'Mar 2016', machine: '2016-03' });
    expect(formatPartialDate('2016-01-01', 'year')).toEqual({ text: '2016', machine: '2016' });
  });
});
