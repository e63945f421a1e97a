import { describe, expect, it } from 'vitest';
import { sessionViewer } from '../state/sessionViewer.ts';
import { generalFieldRights, generalInitialValues, generalPayload, validateGeneral, type GeneralValues } from './general-information.ts';

const viewerOf = (role: string) => sessionViewer({ isLoggedIn: true, user: { id: 7, credentials: { username: 'ada', token: 't', validity: 0 }, flags: { role } } });

describe('general information rights', () => {
  it('offers curator notes, the hidden flag and a type change to whom the field table lets write them', () => {
    expect(generalFieldRights(viewerOf('user'))).toEqual({ curatorFields: false, recordType: false });
    expect(generalFieldRights(viewerOf('curator'))).toEqual({ curatorFields: true, recordType: true });
    expect(generalFieldRights(sessionViewer({ isLoggedIn: false, user: null }))).toEqual({ curatorFields: false, recordType: false });
  });
});

/** Valid general information of an existing standard, as the form holds it, its object types aside. */
function standardValues(objectTypes: GeneralValues['objectTypes'], loadedWithoutObjectTypes: boolean): GeneralValues {
  const blank = generalInitialValues(null, []);
  return {
    ...blank,
    metadata: { ...blank.metadata, name: 'Imported standard', homepage: 'https://example.org/', description: 'A standard imported from the old registry without object types.' },
    record_type_id: '4',
    objectTypes,
    loadedWithoutObjectTypes,
  };
}

describe('object types of a record that names none', () => {
  const rights = generalFieldRights(viewerOf('user'));

  it('lets an imported record without object types be saved, leaving them out of the body (an empty list is refused)', () => {
    const values = standardValues([], true);
    expect(validateGeneral(values, rights, 'Standard')).toEqual({});
    expect(generalPayload(values, rights)).not.toHaveProperty('object_type_ids');
  });

  it('still asks a new record, or one that had object types, to name one', () => {
    expect(validateGeneral(standardValues([], false), rights, 'Standard')).toEqual({ objectTypes: 'Select at least one object type' });
    expect(generalPayload(standardValues([], false), rights)).toHaveProperty('object_type_ids', []);
    expect(generalPayload(standardValues([{ id: '9', label: 'Audio' }], true), rights)).toHaveProperty('object_type_ids', [9]);
  });
});
