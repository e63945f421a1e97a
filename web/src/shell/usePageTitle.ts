/** Page title of SPEC §2: "<site name> | <route name>". */
import { useEffect } from 'react';
import { getSiteConfig } from '../state/siteConfig.ts';

export function pageTitle(routeName: string): string {
  return `${getSiteConfig().siteName} | ${routeName}`;
}

export function setPageTitle(routeName: string): void {
  document.title = pageTitle(routeName);
}

/** For pages whose name is known only after loading (a record, an organisation). */
export function usePageTitle(routeName: string | null | undefined): void {
  useEffect(() => {
    if (routeName) setPageTitle(routeName);
  }, [routeName]);
}
