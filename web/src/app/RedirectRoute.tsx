import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { isOffSiteTarget, type RedirectRule } from '@registry/schemas/web/redirects.ts';
import { NotFoundPage } from '../shell/NotFoundPage.tsx';

const FULL_LOAD_GUARD_KEY = 'registry.serverPageLoad';
const FULL_LOAD_GUARD_MS = 10_000;

/**
 * A server page (the sitemap) reached inside the app is loaded again from the server. If the
 * app comes back to the same path right away, the server does not answer it and the app
 * fallback served us: show the 404 page instead of reloading forever.
 */
function serverPageLoopDetected(target: string): boolean {
  try {
    const raw = sessionStorage.getItem(FULL_LOAD_GUARD_KEY);
    const last = raw ? (JSON.parse(raw) as { target: string; at: number }) : null;
    if (last && last.target === target && Date.now() - last.at < FULL_LOAD_GUARD_MS) return true;
    sessionStorage.setItem(FULL_LOAD_GUARD_KEY, JSON.stringify({ target, at: Date.now() }));
  } catch {
    // Without session storage the reload still happens once per visit.
  }
  return false;
}

export function RedirectRoute({ rule }: { rule: RedirectRule }) {
  const params = useParams();
  const target = rule.to(params);
  const fullLoad = isOffSiteTarget(target) || !!rule.serverPage;
  const loop = fullLoad && rule.serverPage ? serverPageLoopDetected(target) : false;

  useEffect(() => {
    if (fullLoad && !loop) window.location.replace(target);
  }, [fullLoad, loop, target]);

  if (loop) return <NotFoundPage />;
  if (!fullLoad) return <Navigate to={target} replace />;
  return (
    <p style={{ padding: '2rem' }}>
      Redirecting to <a href={target}>{target}</a>…
    </p>
  );
}
