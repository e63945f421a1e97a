import { describe, expect, it } from 'vitest';
import { LabelMatcher } from './label-matcher.ts';

describe('LabelMatcher', () => {
  const matcher = () =>
    new LabelMatcher([
      { id: 1, label: 'Life Science', synonyms: ['Life Sciences'] },
      { id: 2, label: 'Respiratory Medicine', synonyms: ['Pulmonary Medicine', 'life science'] },
    ]);

  it('matches labels case-insensitively and synonyms next, never letting a synonym shadow a label', () => {
    const m = matcher();
    expect(m.match('life  SCIENCE')).toBe(1);
    expect(m.match('pulmonary medicine')).toBe(2);
    expect(m.match('Life Sciences')).toBe(1);
    expect(m.matchedBySynonym).toBe(2);
  });

  it('counts unmatched labels and de-duplicates ids', () => {
    const m = matcher();
    expect(m.matchAll(['Life Science', 'Life Sciences', 'Nope', 'nope', 'Other'])).toEqual([1]);
    expect(m.unmatchedSummary()).toEqual([
      { label: 'Nope', count: 2 },
      { label: 'Other', count: 1 },
    ]);
  });
});
