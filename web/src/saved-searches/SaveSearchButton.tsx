/**
 * "Save this search": its code (the access check, the button and the dialog) loads only for
 * signed-in people, so anonymous visits of /search download none of it.
 */
import { lazy, Suspense } from 'react';
import { useSession } from '../state/hooks.ts';

const SaveSearch = lazy(() => import('./SaveSearchDialog.tsx').then((module) => ({ default: module.SaveSearch })));

export function SaveSearchButton({ pathname, search }: { pathname: string; search: string }) {
  if (!useSession().isLoggedIn) return null;
  return (
    <Suspense fallback={null}>
      <SaveSearch pathname={pathname} search={search} />
    </Suspense>
  );
}
