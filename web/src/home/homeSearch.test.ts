import { describe, expect, it } from 'vitest';
import { homeSearchTarget } from './homeSearch.ts';
import { readHomepageStats } from '../statistics/useHomepageStats.ts';

describe('home search', () => {
  it('sends q alone when all four registries are ticked', () => {
    expect(homeSearchTarget('gene', ['collection', 'policy', 'database', 'standard'])).toBe('/search?q=gene');
  });

  it('sends the chosen registries in the usual order with searchAnd=false', () => {
    expect(homeSearchTarget('gene', ['database', 'standard'])).toBe(
      '/search?q=gene&fairsharingRegistry=standard,database&searchAnd=false',
    );
  });

  it('does nothing without text or without a registry', () => {
    expect(homeSearchTarget('  ', ['standard'])).toBeNull();
    expect(homeSearchTarget('gene', [])).toBeNull();
  });
});

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
