import { describe, expect, it } from 'vitest';
import { advancedSearchSummary } from './advanced-search-summary.ts';

describe('advancedSearchSummary', () => {
  it('names each rule by its filter label, joins values by the group operator, and one-value fields by "or"', () => {
    const summary = advancedSearchSummary(' ontology ', {
      operator: '_or',
      fields: [
        { operator: '_and', registry: ['Standard', 'Database'], subjects: ['Genomics', 'Proteomics'] },
        { operator: '_or', isRecommended: true },
        { operator: '_and' },
      ],
    });
    expect(summary).toEqual({
      text: 'ontology',
      combine: 'any',
      groups: ['Registry: Standard or Database; Subjects: Genomics and Proteomics', 'Recommended: yes'],
    });
  });

  it('has no text when none was typed', () => {
    expect(advancedSearchSummary(undefined, { operator: '_and', fields: [] })).toEqual({ text: null, combine: 'all', groups: [] });
  });
});
