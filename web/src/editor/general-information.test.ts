import { describe, expect, it } from 'vitest';
import { sessionViewer } from '../state/sessionViewer.ts';
import { generalFieldRights } from './general-information.ts';

const viewerOf = (role: string) => sessionViewer({ isLoggedIn: true, user: { id: 7, credentials: { username: 'ada', token: 't', validity: 0 }, flags: { role } } });

describe('general information rights', () => {
  it('offers curator notes, the hidden flag and a type change to whom the field table lets write them', () => {
    expect(generalFieldRights(viewerOf('user'))).toEqual({ curatorFields: false, recordType: false });
    expect(generalFieldRights(viewerOf('curator'))).toEqual({ curatorFields: true, recordType: true });
    expect(generalFieldRights(sessionViewer({ isLoggedIn: false, user: null }))).toEqual({ curatorFields: false, recordType: false });
  });
});
