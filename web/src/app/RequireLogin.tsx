import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from './hooks.ts';

/** The login route for the current page, so a successful login comes back here. */
export function loginPathFor(pathWithQuery: string): string {
  return `/accounts/login?goTo=${encodeURIComponent(pathWithQuery)}`;
}

/**
 * Login guard of SPEC §6: logged-out visitors (and, for super-curator pages, anyone who is not
 * a super curator) go to the login page with goTo set to the requested path.
 */
export function RequireLogin({ superCurator = false, children }: { superCurator?: boolean; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const allowed = session.isLoggedIn && (!superCurator || !!session.user?.flags?.is_super_curator);
  if (!allowed) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return <>{children}</>;
}
