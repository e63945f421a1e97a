/**
 * The root route: the maintenance guard, the page title from the
 * route's handle, token re-validation on route change, and the shell around every screen.
 */
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { ApiError, restGet } from '../api/client.ts';
import { Layout } from '../shell/Layout.tsx';
import { setPageTitle } from '../shell/usePageTitle.ts';
import { useAppDispatch, useModes, useSession } from './hooks.ts';
import { noticeAdded } from './messagesSlice.ts';
import { isRouteHandle } from './routeHandle.ts';
import { loggedOut, writeStoredSession } from './sessionSlice.ts';

export const MAINTENANCE_PATH = '/maintenance';

/** SPEC §4: while logged in, the token is checked on every route change; a failure logs out. */
function useSessionRevalidation(pathname: string): void {
  const { isLoggedIn } = useSession();
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!isLoggedIn) return;
    const controller = new AbortController();
    restGet('/users/valid', { signal: controller.signal }).catch((error: unknown) => {
      if (controller.signal.aborted || (error instanceof ApiError && error.status === 503)) return;
      writeStoredSession(null);
      dispatch(loggedOut());
      dispatch(noticeAdded('error', 'Your session could not be validated; please log in again.'));
    });
    return () => controller.abort();
  }, [isLoggedIn, pathname, dispatch]);
}

function useRouteTitle(): void {
  const matches = useMatches();
  const title = [...matches].reverse().find((match) => isRouteHandle(match.handle) && match.handle.title)?.handle;
  const routeTitle = isRouteHandle(title) ? title.title : undefined;
  useEffect(() => {
    if (routeTitle) setPageTitle(routeTitle);
  }, [routeTitle]);
}

export function AppRoot() {
  const modes = useModes();
  const location = useLocation();
  useRouteTitle();
  useSessionRevalidation(location.pathname);

  const onMaintenancePage = location.pathname.toLowerCase() === MAINTENANCE_PATH;
  if (modes.maintenance && !onMaintenancePage) return <Navigate to={MAINTENANCE_PATH} replace />;
  // The maintenance page is reachable only in maintenance mode (known once start-up is done).
  if (!modes.maintenance && onMaintenancePage && modes.startup !== 'pending') return <Navigate to="/" replace />;

  return (
    <Layout>
      <Outlet />
    </Layout>
  );
}
