import { describe, expect, it } from 'vitest';
import { canWriteField, fieldOfKey, redactFields } from './fields.ts';
import { ANONYMOUS_VIEWER, viewerForUser } from './viewer.ts';

const user = viewerForUser({ id: 7, username: 'reader', role: 'user' }, 'session');
const curator = viewerForUser({ id: 8, username: 'curator', role: 'curator' }, 'session');
const curatorKey = viewerForUser({ id: 8, username: 'curator', role: 'curator' }, 'api_key');
const publicRecord = { record: { isHidden: false, isApproved: true, ownerIds: [], maintainerIds: [], createdById: null } };

describe('field table', () => {
  it('finds a field by any of its names', () => {
    expect(fieldOfKey('FairsharingRecord', 'curator_notes')?.field).toBe('curatorNotes');
    expect(fieldOfKey('FairsharingRecord', 'hidden')?.field).toBe('isHidden');
    expect(fieldOfKey('FairsharingRecord', 'contact_email')).toBeUndefined();
  });

  it('removes the keys a viewer may not read at any depth of a history entry, keeping the rest', () => {
    const entry = {
      section: 'generalInformation',
      changes: {
        name: { before: 'A', after: 'B' },
        curator_notes: { before: null, after: 'private' },
        watcher_ids: { before: [], after: [3] },
        metadata: { before: { legacy_logs: [{ note: 'old' }], year_creation: 2001 }, after: { year_creation: 2002 } },
      },
    };
    expect(redactFields(ANONYMOUS_VIEWER, 'FairsharingRecord', publicRecord, entry)).toEqual({
      section: 'generalInformation',
      changes: { name: { before: 'A', after: 'B' }, metadata: { before: { year_creation: 2001 }, after: { year_creation: 2002 } } },
    });
    expect(redactFields(user, 'FairsharingRecord', publicRecord, entry).changes).not.toHaveProperty('curator_notes');
    expect(redactFields(curator, 'FairsharingRecord', publicRecord, entry)).toEqual(entry);
  });

  it('lets only sign-in sessions write, whatever the rule says', () => {
    const notes = fieldOfKey('FairsharingRecord', 'curator_notes')!.access;
    expect(canWriteField(curator, notes, publicRecord)).toBe(true);
    expect(canWriteField(curatorKey, notes, publicRecord)).toBe(false);
    expect(canWriteField(user, notes, publicRecord)).toBe(false);
    expect(canWriteField(curator, fieldOfKey('FairsharingRecord', 'legacy_logs')!.access, publicRecord)).toBe(false);
  });
});
