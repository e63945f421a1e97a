import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { can, type Action } from '@registry/schemas/access/policy.ts';
import { viewerInSiteMode } from '@registry/schemas/access/viewer.ts';
import { useSession } from '../state/hooks.ts';
import { loginPathFor, type LoginRedirectState } from '../state/login-redirect.ts';
import { useViewer } from '../state/sessionViewer.ts';

/**
 * Login guard of SPEC §6: logged-out visitors (and, for pages of an action, anyone the access
 * module does not allow it) go to the login page with goTo set to the requested path. A signed-in
 * user is marked as not allowed there, so the login page offers its form instead of sending them back.
 */
export function RequireLogin({ action, children }: { action?: Action; children: ReactNode }) {
  const session = useSession();
  const viewer = useViewer();
  const location = useLocation();
  // Read-only mode does not close a page: its forms show the mode themselves.
  const allowed = session.isLoggedIn && (action === undefined || can(viewerInSiteMode(viewer, false), action));
  if (!allowed) {
    const state: LoginRedirectState | undefined = session.isLoggedIn ? { notAllowed: true } : undefined;
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace state={state} />;
  }
  return <>{children}</>;
}
