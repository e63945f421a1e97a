import { describe, expect, it } from 'vitest';
import { mergeMoves, relationsOf, type MergeSide } from './merge-comparison.ts';

function side(id: string, name: string, parts: Partial<MergeSide> = {}): MergeSide {
  return {
    id, name, abbreviation: null, homepage: null, registry: 'Standard', doi: null, legacyIds: [],
    maintainers: [], watchers: [], recordAssociations: [], reverseRecordAssociations: [],
    subjects: [], domains: [], taxonomies: [], userDefinedTags: [], objectTypes: [], countries: [],
    publications: [], organisationLinks: [], licenceLinks: [], savedSearches: [],
    ...parts,
  };
}

describe('mergeMoves', () => {
  it('lists what the duplicate has and the kept record lacks, dropping relations between the two', () => {
    const duplicate = side('7', 'MIAME (again)', {
      maintainers: [{ id: '1', username: 'ann' }, { id: '2', username: 'bob' }],
      subjects: [{ id: '10', label: 'Genomics' }],
      recordAssociations: [
        { recordAssocLabel: 'related to', linkedRecord: { id: '3', name: 'MIAME' } },
        { recordAssocLabel: 'collects', linkedRecord: { id: '9', name: 'GEO' } },
      ],
      organisationLinks: [{ id: '5', organisation: { id: '4', name: 'EBI' } }],
    });
    const kept = side('3', 'MIAME', { maintainers: [{ id: '1', username: 'ann' }], subjects: [{ id: '10', label: 'Genomics' }] });
    expect(mergeMoves({ duplicate, kept })).toEqual([
      { what: 'Relations', items: ['collects: GEO'] },
      { what: 'Maintainers', items: ['bob'] },
      { what: 'Organisations', items: ['EBI'] },
    ]);
  });

  it('reads relations both ways', () => {
    const record = side('3', 'MIAME', { reverseRecordAssociations: [{ recordAssocLabel: 'recommends', fairsharingRecord: { id: '8', name: 'A policy' } }] });
    expect(relationsOf(record)).toEqual([{ otherId: '8', text: 'A policy recommends this record' }]);
  });
});
