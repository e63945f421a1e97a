import { describe, expect, it } from 'vitest';
import { ACTIONS, can, type Action } from './policy.ts';
import { ANONYMOUS_VIEWER, viewerForUser, viewerInSiteMode } from './viewer.ts';

const user = viewerForUser({ id: 10, username: 'user', role: 'user' }, 'session');
const developer = viewerForUser({ id: 11, username: 'dev', role: 'developer' }, 'session');
const curator = viewerForUser({ id: 20, username: 'curator', role: 'curator' }, 'session');
const superCurator = viewerForUser({ id: 30, username: 'super', role: 'super_curator' }, 'session');
const superByKey = viewerForUser({ id: 30, username: 'super', role: 'super_curator' }, 'api_key');
const publicRecord = { isHidden: false, isApproved: true, ownerIds: [], maintainerIds: [], createdById: null };

describe('can', () => {
  it('refuses every write to API keys and anonymous viewers, whatever their role', () => {
    for (const action of Object.keys(ACTIONS) as Action[]) {
      if (!ACTIONS[action].write) continue;
      const resource = { record: publicRecord, userId: 30 };
      expect(can(superByKey, action, resource), action).toBe(false);
      expect(can(ANONYMOUS_VIEWER, action, resource), action).toBe(false);
    }
  });

  it('lets API keys read what their user may read', () => {
    expect(can(superByKey, 'user.admin')).toBe(true);
    expect(can(superByKey, 'record.viewCuratorNotes')).toBe(true);
  });

  it('gives developers what users get', () => {
    for (const action of Object.keys(ACTIONS) as Action[]) {
      const resource = { record: publicRecord, userId: 10 };
      expect(can(developer, action, { ...resource, userId: 11 }), action).toBe(can(user, action, resource));
    }
  });

  it('decides record edits by curator role, maintenance or an unapproved own record', () => {
    const maintained = { ...publicRecord, maintainerIds: [10], ownerIds: [10] };
    const ownUnapproved = { ...publicRecord, isApproved: false, createdById: 10, ownerIds: [10] };
    const ownApproved = { ...publicRecord, createdById: 10, ownerIds: [10] };
    expect(can(user, 'record.edit', { record: publicRecord })).toBe(false);
    expect(can(user, 'record.edit', { record: maintained })).toBe(true);
    expect(can(user, 'record.edit', { record: ownUnapproved })).toBe(true);
    expect(can(user, 'record.edit', { record: ownApproved })).toBe(false);
    expect(can(curator, 'record.edit', { record: publicRecord })).toBe(true);
    expect(can(curator, 'record.delete', { record: publicRecord })).toBe(false);
    expect(can(superCurator, 'record.delete', { record: publicRecord })).toBe(true);
  });

  it('lets a creator edit their approved record as one of its maintainers (approval makes them one)', () => {
    const approvedMaintainedByCreator = { ...publicRecord, createdById: 10, maintainerIds: [10], ownerIds: [10, 10] };
    expect(can(user, 'record.edit', { record: approvedMaintainedByCreator })).toBe(true);
  });

  it('refuses every write while the site is read-only, except switching the modes and one’s own session', () => {
    const resource = { record: publicRecord, userId: 30 };
    const readOnlySuper = viewerInSiteMode(superCurator, true);
    for (const action of Object.keys(ACTIONS) as Action[]) {
      const open = !ACTIONS[action].write || action === 'site.switchModes' || action === 'user.session';
      expect(can(readOnlySuper, action, resource), action).toBe(open && can(superCurator, action, resource));
    }
    expect(can(viewerInSiteMode(readOnlySuper, false), 'record.edit', resource)).toBe(true);
  });

  it('tells only curators’ webhooks of unpublished changes, and others’ only of their own claims’ decisions', () => {
    expect(can(user, 'webhook.receiveUnpublished')).toBe(false);
    expect(can(developer, 'webhook.receiveUnpublished')).toBe(false);
    expect(can(curator, 'webhook.receiveUnpublished')).toBe(true);
    expect(can(superCurator, 'webhook.receiveUnpublished')).toBe(true);
    expect(can(user, 'webhook.receiveClaimDecision', { userId: 10 })).toBe(true);
    expect(can(user, 'webhook.receiveClaimDecision', { userId: 11 })).toBe(false);
    expect(can(curator, 'webhook.receiveClaimDecision', { userId: 11 })).toBe(true);
    expect(can(ANONYMOUS_VIEWER, 'webhook.receiveClaimDecision', { userId: 10 })).toBe(false);
  });

  it('shows link health to curators whole, to a person for their own records, and to everyone only as the record’s note', () => {
    const hidden = { ...publicRecord, isHidden: true };
    expect(can(curator, 'linkHealth.viewAll')).toBe(true);
    expect(can(user, 'linkHealth.viewAll')).toBe(false);
    expect(can(ANONYMOUS_VIEWER, 'linkHealth.viewAll')).toBe(false);
    expect(can(user, 'linkHealth.viewOwn', { userId: 10 })).toBe(true);
    expect(can(user, 'linkHealth.viewOwn', { userId: 11 })).toBe(false);
    expect(can(ANONYMOUS_VIEWER, 'linkHealth.viewNote', { record: publicRecord })).toBe(true);
    expect(can(ANONYMOUS_VIEWER, 'linkHealth.viewNote', { record: hidden })).toBe(false);
    expect(can(curator, 'linkHealth.viewNote', { record: hidden })).toBe(true);
    expect(can(curator, 'linkHealth.adoptFinalUrl')).toBe(true);
    expect(can(user, 'linkHealth.adoptFinalUrl', { record: { ...publicRecord, maintainerIds: [10], ownerIds: [10] } })).toBe(false);
    expect(can(viewerForUser({ id: 20, username: 'curator', role: 'curator' }, 'api_key'), 'linkHealth.adoptFinalUrl')).toBe(false);
  });

  it('keeps private user data to the user and super curators', () => {
    expect(can(user, 'user.viewPrivate', { userId: 10 })).toBe(true);
    expect(can(user, 'user.viewPrivate', { userId: 11 })).toBe(false);
    expect(can(curator, 'user.viewPrivate', { userId: 11 })).toBe(false);
    expect(can(superCurator, 'user.viewPrivate', { userId: 11 })).toBe(true);
    expect(can(superCurator, 'user.editOwn', { userId: 11 })).toBe(false);
  });
});
