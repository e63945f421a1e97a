/** What the search routes differ in: /search has no preset, listing pages preset a registry. */
export interface SearchRoute {
  title: string;
  preset: Record<string, string[]>;
}

const LISTING_ROUTES: Readonly<Record<string, SearchRoute>> = {
  '/standards': { title: 'Standards', preset: { fairsharingRegistry: ['standard'] } },
  '/databases': { title: 'Databases', preset: { fairsharingRegistry: ['database'] } },
  '/policies': { title: 'Policies', preset: { fairsharingRegistry: ['policy'] } },
  '/collections': { title: 'Collections', preset: { fairsharingRegistry: ['collection'] } },
};

export function searchRouteFor(pathname: string): SearchRoute {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return LISTING_ROUTES[path] ?? { title: 'Search', preset: {} };
}
