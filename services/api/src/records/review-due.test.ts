import { describe, expect, it } from 'vitest';
import { reviewIsDue } from './review-due.ts';

const now = new Date('2026-11-23T12:00:00Z');

describe('reviewIsDue', () => {
  it('is due for an approved record never reviewed or reviewed more than a year ago', () => {
    expect(reviewIsDue({ is_approved: true, last_reviewed: null }, now)).toBe(true);
    expect(reviewIsDue({ is_approved: true, last_reviewed: new Date('2025-11-23T11:59:59Z') }, now)).toBe(true);
  });

  it('is not due within the year, nor for a record awaiting approval', () => {
    expect(reviewIsDue({ is_approved: true, last_reviewed: new Date('2025-11-23T12:00:01Z') }, now)).toBe(false);
    expect(reviewIsDue({ is_approved: false, last_reviewed: null }, now)).toBe(false);
  });
});
