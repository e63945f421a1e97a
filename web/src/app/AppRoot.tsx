/**
 * The root route: the maintenance guard, the page title from the
 * route's handle, token re-validation on route change, and the shell around every screen.
 */
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { ApiError, rest } from '../api/client.ts';
import { Layout } from '../shell/Layout.tsx';
import { setPageTitle } from '../shell/usePageTitle.ts';
import { useAppDispatch, useAppSelector, useSession } from '../state/hooks.ts';
import { noticeAdded } from '../state/messagesSlice.ts';
import { isRouteHandle } from '../kit/routeHandle.ts';
import { useLoad } from '../kit/useLoad.ts';
import { endSession, isSessionValid, SESSION_EXPIRED_MESSAGE } from '../state/sessionSlice.ts';

export const SESSION_REFUSED_MESSAGE = 'Your session is no longer valid; please log in again.';

export const MAINTENANCE_PATH = '/maintenance';

/**
 * SPEC §4: while logged in, every route change checks the session: one past its validity is
 * cleared with the expiry message; otherwise the server re-validates the token and a refusal
 * (401/403, or an answer that is not a success) logs out. A network failure or a server error
 * says nothing about the token, so it keeps the session.
 */
function useSessionRevalidation(pathname: string): void {
  const { isLoggedIn, user } = useSession();
  const dispatch = useAppDispatch();
  const signedIn = isLoggedIn && user !== null;
  const expired = signedIn && !isSessionValid(user);
  const check = useLoad(
    signedIn && !expired
      ? { key: `${user.id}:${user.credentials.token}:${pathname}`, load: (signal) => rest('get', '/users/valid', { signal }) }
      : null,
  );
  // The route answers a live session only (`success: true`); a refused one is a 401 or 403.
  const refused = check.status === 'error' && check.error instanceof ApiError && (check.error.status === 401 || check.error.status === 403);
  useEffect(() => {
    if (!expired && !refused) return;
    endSession(dispatch);
    dispatch(expired ? noticeAdded('warning', SESSION_EXPIRED_MESSAGE) : noticeAdded('error', SESSION_REFUSED_MESSAGE));
  }, [expired, refused, dispatch]);
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
  const location = useLocation();
  useRouteTitle();
  useSessionRevalidation(location.pathname);

  const onMaintenancePage = location.pathname.toLowerCase() === MAINTENANCE_PATH;
  // Only what decides a redirect: the end of start-up does not re-render the whole page.
  const maintenance = useAppSelector((state) => state.modes.maintenance);
  const startupDone = useAppSelector((state) => onMaintenancePage && state.modes.startup !== 'pending');
  if (maintenance && !onMaintenancePage) return <Navigate to={MAINTENANCE_PATH} replace />;
  // The maintenance page is reachable only in maintenance mode (known once start-up is done).
  if (!maintenance && onMaintenancePage && startupDone) return <Navigate to="/" replace />;

  return (
    <Layout>
      <Outlet />
    </Layout>
  );
}
