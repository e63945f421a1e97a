import { describe, expect, it } from 'vitest';
import { can } from '@registry/schemas/access/index.ts';
import { sessionViewer } from './sessionViewer.ts';

const session = (flags: { is_curator?: boolean; is_super_curator?: boolean; role?: string }) => ({
  isLoggedIn: true,
  user: { id: 5, credentials: { username: 'ada', token: 't', validity: 0 }, flags },
});

describe('sessionViewer', () => {
  it('is anonymous without a session', () => {
    expect(sessionViewer({ isLoggedIn: false, user: null }).userId).toBeNull();
  });

  it('reads the role, or the flags of an older stored session', () => {
    expect(sessionViewer(session({ role: 'super_curator' }))).toMatchObject({ userId: 5, role: 'super_curator', isSuperCurator: true, credential: 'session' });
    expect(sessionViewer(session({ is_curator: true }))).toMatchObject({ role: 'curator', isCurator: true, isSuperCurator: false });
    expect(sessionViewer(session({}))).toMatchObject({ role: 'user', isCurator: false });
  });

  it('answers the access module as the API does for saved searches', () => {
    const user = sessionViewer(session({ role: 'user' }));
    expect(can(user, 'savedSearch.manage', { userId: 5 })).toBe(true);
    expect(can(user, 'savedSearch.manage', { userId: 6 })).toBe(false);
    expect(can(user, 'savedSearch.linkPeople')).toBe(false);
    expect(can(sessionViewer(session({ role: 'super_curator' })), 'savedSearch.manage', { userId: 6 })).toBe(true);
  });

  it('carries read-only mode, so every write the app offers is refused until it ends', () => {
    const readOnly = sessionViewer(session({ role: 'super_curator' }), { readOnly: true });
    expect(readOnly.siteReadOnly).toBe(true);
    expect(can(readOnly, 'savedSearch.manage', { userId: 5 })).toBe(false);
    expect(can(readOnly, 'record.create')).toBe(false);
    expect(can(readOnly, 'site.switchModes')).toBe(true);
    expect(can(readOnly, 'curation.dashboard')).toBe(true);
    expect(can(sessionViewer(session({ role: 'super_curator' }), { readOnly: false }), 'record.create')).toBe(true);
  });
});
