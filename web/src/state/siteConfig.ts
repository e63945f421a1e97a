/**
 * Site-wide settings the browser needs. The site name is the server's SITE_NAME, which the
 * server puts into every page with the start-up data; otherwise the build-time VITE_SITE_NAME
 * is used, and FAIRsharing by default.
 */
import { pageStartupData } from './pageStartupData.ts';

export interface SiteConfig {
  siteName: string;
  graphiqlPath: string;
  openApiPath: string;
  sitemapPath: string;
  /** Year the view counts start, for the "Views since …" label (VITE_VIEWS_SINCE_YEAR). */
  viewsSinceYear: string;
}

function readSiteName(): string {
  const injected = pageStartupData()?.siteName.trim();
  if (injected) return injected;
  const fromBuild = (import.meta.env.VITE_SITE_NAME as string | undefined)?.trim();
  return fromBuild || 'FAIRsharing';
}

let cached: SiteConfig | null = null;

export function getSiteConfig(): SiteConfig {
  cached ??= {
    siteName: readSiteName(),
    graphiqlPath: '/graphiql',
    openApiPath: '/api/docs',
    sitemapPath: '/sitemap.xml',
    viewsSinceYear: (import.meta.env.VITE_VIEWS_SINCE_YEAR as string | undefined)?.trim() || '2015',
  };
  return cached;
}

/** Hook form for components; the values never change while the page lives. */
export function useSiteConfig(): SiteConfig {
  return getSiteConfig();
}
