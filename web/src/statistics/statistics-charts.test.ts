import { describe, expect, it } from 'vitest';
import { knownDateNote } from './statistics-charts.ts';

describe('knownDateNote', () => {
  it('says how many records a date histogram covers when some have no known date', () => {
    expect(knownDateNote('createdAt', 1592, [{ count: 4 }, { count: 6 }])).toBe(
      '10 of 1,592 records have a known creation date; only they are counted here.',
    );
    expect(knownDateNote('updatedAt', 3270, [{ count: 71 }])).toBe('71 of 3,270 records have a known last update date; only they are counted here.');
  });

  it('says nothing when every record is counted', () => {
    expect(knownDateNote('createdAt', 10, [{ count: 4 }, { count: 6 }])).toBeUndefined();
    expect(knownDateNote('createdAt', 0, [])).toBeUndefined();
  });
});
