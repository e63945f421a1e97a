import { describe, expect, it } from 'vitest';
import { suggestionOptions } from './suggestion-options.ts';

describe('suggestionOptions', () => {
  it('lists records (to their page) before terms (to the search filtered by the term)', () => {
    const options = suggestionOptions({
      records: [{ id: 1417, name: 'Gene Ontology', abbreviation: 'GO', registry: 'standard' }],
      terms: [{ argument: 'subjects', kind: 'Subject', id: 98, label: 'Genomics', synonym: null, recordCount: 211 }],
    });
    expect(options).toEqual([
      { key: 'record-1417', group: 'Records', label: 'Gene Ontology', detail: 'GO', badge: 'Standard', href: '/1417' },
      { key: 'term-subjects-98', group: 'Terms', label: 'Genomics', detail: null, badge: 'Subject · 211', href: '/search?subjects=Genomics' },
    ]);
  });

  it('names the synonym that matched, and leaves out an abbreviation equal to the name', () => {
    const [record, term] = suggestionOptions({
      records: [{ id: 2638, name: 'Genome3D', abbreviation: 'Genome3D', registry: 'database' }],
      terms: [{ argument: 'subjects', kind: 'Subject', id: 7, label: 'Respiratory Medicine', synonym: 'Pulmonary Medicine', recordCount: 3 }],
    });
    expect(record.detail).toBeNull();
    expect(term.detail).toBe('via “Pulmonary Medicine”');
    expect(term.href).toBe('/search?subjects=Respiratory+Medicine');
  });
});
