import { describe, expect, it } from 'vitest';
import { matchTerms } from './term-suggestions.ts';
import type { SuggestibleTerm } from './term-suggestions-repository.ts';

const term = (id: number, label: string, recordCount: number, synonyms: string[] = []): SuggestibleTerm => ({ argument: 'subjects', kind: 'Subject', id, label, synonyms, recordCount });

const TERMS = [
  term(1, 'Respiratory Medicine', 3, ['Pulmonary Medicine']),
  term(2, 'Medicine', 128),
  term(3, 'Critical Care Medicine', 17, ['Emergency medicine']),
  term(4, 'Medical Informatics', 26, ['Health Informatics']),
];

describe('matchTerms', () => {
  it('puts labels starting with the text first, then labels with a word starting with it, by public records', () => {
    expect(matchTerms(TERMS, 'MED', 10).map((suggestion) => suggestion.label)).toEqual(['Medicine', 'Medical Informatics', 'Critical Care Medicine', 'Respiratory Medicine']);
  });

  it('matches a synonym when the label does not, and names it', () => {
    expect(matchTerms(TERMS, 'pulmon', 10)).toEqual([{ argument: 'subjects', kind: 'Subject', id: 1, label: 'Respiratory Medicine', synonym: 'Pulmonary Medicine', recordCount: 3 }]);
    expect(matchTerms(TERMS, 'care  med', 10).map((suggestion) => suggestion.synonym)).toEqual([null]);
  });

  it('takes at most `size` and nothing for blank text', () => {
    expect(matchTerms(TERMS, 'med', 2)).toHaveLength(2);
    expect(matchTerms(TERMS, '  ', 5)).toEqual([]);
  });
});
