import { describe, expect, it } from 'vitest';
import { deprecationNotice } from './deprecation.ts';

const linked = (id: string, name: string) => ({ id, name, abbreviation: null, registry: null, type: null, status: null });

describe('deprecationNotice', () => {
  it('gives the reason and the records that deprecate this one', () => {
    expect(
      deprecationNotice({
        status: 'Deprecated',
        metadata: { deprecation_reason: 'Superseded by version 2.' },
        reverseRecordAssociations: [
          { recordAssocLabel: 'deprecates', fairsharingRecord: linked('1446', 'SWEET') },
          { recordAssocLabel: 'implements', fairsharingRecord: linked('9', 'Other') },
        ],
      }),
    ).toEqual({ reason: 'Superseded by version 2.', replacements: [linked('1446', 'SWEET')] });
  });

  it('says nothing of records that are not deprecated, and leaves out what is not known', () => {
    expect(deprecationNotice({ status: 'ready', metadata: null, reverseRecordAssociations: [] })).toBeNull();
    expect(deprecationNotice({ status: 'deprecated', metadata: {}, reverseRecordAssociations: [] })).toEqual({ reason: null, replacements: [] });
  });
});
