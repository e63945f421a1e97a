/**
 * The signed-in person as the access module's Viewer, so the web app asks `can()` the same
 * question the API asks instead of reading role flags itself (the API still decides). The viewer
 * carries the site's read-only mode: every write `can()` answers no while it is on, so each
 * button and form that asks follows the mode without checking it itself.
 */
import { useMemo } from 'react';
import { ANONYMOUS_VIEWER, isUserRole, viewerForUser, viewerInSiteMode, type UserRole, type Viewer } from '@registry/schemas/access/viewer.ts';
import { useModes, useSession } from './hooks.ts';
import type { ModesState } from './modesSlice.ts';
import type { SessionState } from './sessionSlice.ts';

export function sessionViewer(session: SessionState, modes: Pick<ModesState, 'readOnly'> = { readOnly: false }): Viewer {
  const user = session.user;
  if (!session.isLoggedIn || !user?.id) return viewerInSiteMode(ANONYMOUS_VIEWER, modes.readOnly);
  const flags = user.flags ?? {};
  const role: UserRole = isUserRole(flags.role) ? flags.role : flags.is_super_curator ? 'super_curator' : flags.is_curator ? 'curator' : 'user';
  return viewerInSiteMode(viewerForUser({ id: user.id, username: user.credentials.username, role }, 'session'), modes.readOnly);
}

/** The current session's viewer in the site's current mode, for components that ask `can()`. */
export function useViewer(): Viewer {
  const session = useSession();
  const { readOnly } = useModes();
  return useMemo(() => sessionViewer(session, { readOnly }), [session, readOnly]);
}
