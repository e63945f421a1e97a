import { describe, expect, it } from 'vitest';
import { formatMessageDate } from './messageDate.ts';

describe('public message dates', () => {
  it('shows weekday, month day, year hour:minute', () => {
    expect(formatMessageDate('2026-11-22T14:05:00')).toBe('Sunday, November 22, 2026 14:05');
  });

  it('leaves unreadable dates as they are', () => {
    expect(formatMessageDate('yesterday')).toBe('yesterday');
  });
});
