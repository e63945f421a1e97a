import { describe, expect, it } from 'vitest';
import { deprecationNotice } from './deprecation.ts';

describe('deprecationNotice', () => {
  it('gives the reason and the records that deprecate this one', () => {
    expect(
      deprecationNotice({
        status: 'Deprecated',
        metadata: { deprecation_reason: 'Superseded by version 2.' },
        reverseRecordAssociations: [
          { recordAssocLabel: 'deprecates', fairsharingRecord: { id: 1446, name: 'SWEET' } },
          { recordAssocLabel: 'implements', fairsharingRecord: { id: 9, name: 'Other' } },
        ],
      }),
    ).toEqual({ reason: 'Superseded by version 2.', replacements: [{ id: 1446, name: 'SWEET' }] });
  });

  it('says nothing of records that are not deprecated, and leaves out what is not known', () => {
    expect(deprecationNotice({ status: 'ready', metadata: null, reverseRecordAssociations: [] })).toBeNull();
    expect(deprecationNotice({ status: 'deprecated', metadata: {}, reverseRecordAssociations: null })).toEqual({ reason: null, replacements: [] });
  });
});
