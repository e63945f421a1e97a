import { describe, expect, it } from 'vitest';
import { advancedSearchSummary, groupHeading, summaryHeading } from './advanced-search-summary.ts';

describe('advancedSearchSummary', () => {
  it('names each rule by its filter label, quotes values, joins them by the group operator (one-value fields by "or"), and says how each group combines its rules', () => {
    const summary = advancedSearchSummary(' ontology ', {
      operator: '_or',
      fields: [
        { operator: '_and', registry: ['Standard', 'Database'], subjects: ['Genomics', 'Proteomics'] },
        { operator: '_or', isRecommended: true, type: ['terminology_artefact'] },
        { operator: '_or', organisations: ['Research Data Alliance, Europe and the USA'] },
        { operator: '_and' },
      ],
    });
    expect(summary).toEqual({
      text: 'ontology',
      combine: 'any',
      groups: [
        { combine: 'all', rules: ['Registry: “Standard” or “Database”', 'Subjects: “Genomics” and “Proteomics”'] },
        { combine: 'any', rules: ['Recommended: yes', 'Record type: “terminology artefact”'] },
        { combine: 'all', rules: ['Organisations: “Research Data Alliance, Europe and the USA”'] },
      ],
    });
    expect(summaryHeading(summary)).toBe('Records matching “ontology” and any of these groups:');
    expect(summary.groups.map(groupHeading)).toEqual(['All of:', 'Any of:', null]);
  });

  it('has no text when none was typed, and a heading for text alone or criteria alone', () => {
    const none = advancedSearchSummary(undefined, { operator: '_and', fields: [] });
    expect(none).toEqual({ text: null, combine: 'all', groups: [] });
    expect(summaryHeading(advancedSearchSummary('protein', { operator: '_and', fields: [] }))).toBe('Records matching “protein”');
    expect(summaryHeading(advancedSearchSummary('', { operator: '_and', fields: [{ operator: '_and', subjects: ['Genomics'] }] }))).toBe('Records matching these criteria:');
  });
});
