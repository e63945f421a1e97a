import { describe, expect, it } from 'vitest';
import { describeHistoryEntry, idsToName, type NamesByKind } from './history-description.ts';

const NAMES: NamesByKind = {
  record: new Map([[2, 'LOINC'], [7, 'Gene Ontology']]),
  relationType: new Map([[3, 'Recommends']]),
  licence: new Map([[11, 'Creative Commons Attribution 4.0']]),
  subject: new Map([[5, 'Proteomics'], [6, 'Genomics']]),
  user: new Map([[9, 'ulla']]),
  recordType: new Map([[4, 'Terminology artefact']]),
};

describe('idsToName', () => {
  it('collects every id the events name, by kind, each once', () => {
    const ids = idsToName([
      { section: 'relations', changes: { added: [{ linkedRecordId: 2, relationTypeId: 3 }], removed: [{ linkedRecordId: 7, relationTypeId: 3 }] } },
      { section: 'dataAccess', changes: { licenceLinkAdded: { id: 40, record_id: 1, licence_id: 11, relation: 'applies_to_content' } } },
      { section: 'generalInformation', changes: { subject_ids: { before: [5], after: [5, 6] }, record_type_id: { before: null, after: 4 } } },
      { section: 'maintainers', changes: { added: [9], claim: 12 } },
    ]);
    expect(ids).toEqual({ record: [2, 7], relationType: [3], licence: [11], subject: [5, 6], recordType: [4], user: [9] });
  });
});

describe('describeHistoryEntry', () => {
  it('names the records and relation types of relations', () => {
    const entry = describeHistoryEntry('update', { section: 'relations', changes: { added: [{ linkedRecordId: 2, relationTypeId: 3 }], removed: [] } }, NAMES);
    expect(entry.title).toBe('Edited: Relations');
    expect(entry.changes).toEqual([
      { label: 'Relations', before: [], after: ['Recommends: LOINC'] },
    ]);
    expect(JSON.stringify(entry.changes)).not.toContain('linkedRecordId');
  });

  it('names a linked licence and leaves out the link row ids', () => {
    const entry = describeHistoryEntry('update', { section: 'dataAccess', changes: { licenceLinkAdded: { id: 40, record_id: 1, licence_id: 11, relation: 'applies_to_content' } } }, NAMES);
    expect(entry.changes).toEqual([{ label: 'Licences', before: [], after: ['Licence: Creative Commons Attribution 4.0; Relation: Applies to content'] }]);
  });

  it('compares metadata key by key with whole values, so before and after differ where they changed', () => {
    const longText = 'A description long enough that a shortened copy of the two versions would read the same. '.repeat(3);
    const entry = describeHistoryEntry('update', {
      section: 'generalInformation',
      changes: { metadata: { before: { description: `${longText}Old.`, year_creation: 2001 }, after: { description: `${longText}New.`, year_creation: 2001 } } },
    }, NAMES);
    expect(entry.changes).toEqual([{ label: 'Description', before: [`${longText}Old.`], after: [`${longText}New.`] }]);
  });

  it('writes vocabulary, record types, people and flags as names and words', () => {
    const entry = describeHistoryEntry('update', {
      section: 'generalInformation',
      changes: { subject_ids: { before: [5], after: [5, 6] }, record_type_id: { before: null, after: 4 }, is_hidden: { before: false, after: true } },
    }, NAMES);
    expect(entry.changes).toEqual([
      { label: 'Subjects', before: ['Proteomics'], after: ['Proteomics', 'Genomics'] },
      { label: 'Record type', before: [], after: ['Terminology artefact'] },
      { label: 'Hidden', before: ['No'], after: ['Yes'] },
    ]);
  });

  it('names a claim’s new maintainer, not the claim’s id', () => {
    const entry = describeHistoryEntry('update', { section: 'maintainers', changes: { added: [9], claim: 12 } }, NAMES);
    expect(entry.changes).toEqual([{ label: 'Maintainers', before: [], after: ['ulla'] }]);
  });

  it('says a record the viewer may not see is one, without its id', () => {
    const entry = describeHistoryEntry('update', { section: 'relations', changes: { added: [{ linkedRecordId: 99, relationTypeId: 3 }] } }, NAMES);
    expect(entry.changes[0]!.after).toEqual(['Recommends: a record you cannot see']);
  });

  it('sums up a merge with the merged record as stored', () => {
    const entry = describeHistoryEntry('merge', { mergedRecord: { id: 12, name: 'LOINC copy', doi: null, legacyIds: [] } }, NAMES);
    expect(entry).toEqual({ title: 'Merged', summary: 'Merged LOINC copy (record 12) into this record; its addresses lead here now.', changes: [] });
  });
});
