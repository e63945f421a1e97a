import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { can, type Action } from '@registry/schemas/access/policy.ts';
import { viewerInSiteMode } from '@registry/schemas/access/viewer.ts';
import { useSession } from './hooks.ts';
import { useViewer } from './sessionViewer.ts';

/** The login route for the current page, so a successful login comes back here. */
export function loginPathFor(pathWithQuery: string): string {
  return `/accounts/login?goTo=${encodeURIComponent(pathWithQuery)}`;
}

/** Route state of a redirect to login for a signed-in user who may not open the page. */
export interface LoginRedirectState {
  notAllowed: true;
}

export function isNotAllowedRedirect(state: unknown): state is LoginRedirectState {
  return !!state && typeof state === 'object' && (state as { notAllowed?: unknown }).notAllowed === true;
}

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
