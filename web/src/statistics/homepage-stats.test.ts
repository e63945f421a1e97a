import { describe, expect, it } from 'vitest';
import { readHomepageStats } from './useHomepageStats.ts';

describe('homepage stats', () => {
  it('reads a total, per-registry counts, and ignores what is missing', () => {
    expect(readHomepageStats({ records: 12, contributors: 3, views: 40 })).toEqual({ records: 12, contributors: 3, views: 40 });
    expect(readHomepageStats({ records: { standard: 2, database: 3 }, contributors: 1 })).toEqual({
      records: 5,
      contributors: 1,
      views: undefined,
    });
    expect(readHomepageStats({ records: { standard: 2 }, totalRecords: 9 }).records).toBe(9);
    expect(readHomepageStats(null)).toEqual({});
  });
});
