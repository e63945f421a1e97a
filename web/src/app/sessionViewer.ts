/**
 * The signed-in person as the access module's Viewer, so the web app asks `can()` the same
 * question the API asks instead of reading role flags itself (the API still decides).
 */
import { useMemo } from 'react';
import { ANONYMOUS_VIEWER, isUserRole, viewerForUser, type UserRole, type Viewer } from '@registry/schemas/access/viewer.ts';
import { useSession } from './hooks.ts';
import type { SessionState } from './sessionSlice.ts';

export function sessionViewer(session: SessionState): Viewer {
  const user = session.user;
  if (!session.isLoggedIn || !user?.id) return ANONYMOUS_VIEWER;
  const flags = user.flags ?? {};
  const role: UserRole = isUserRole(flags.role) ? flags.role : flags.is_super_curator ? 'super_curator' : flags.is_curator ? 'curator' : 'user';
  return viewerForUser({ id: user.id, username: user.credentials.username, role }, 'session');
}

/** The current session's viewer, for components that ask `can()`. */
export function useViewer(): Viewer {
  const session = useSession();
  return useMemo(() => sessionViewer(session), [session]);
}
