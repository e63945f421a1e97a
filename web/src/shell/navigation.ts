/** The navigation buttons of the header and the drawer (SPEC §2), in their order. */
export interface NavigationLink {
  label: string;
  to: string;
}

export const NAVIGATION_LINKS: readonly NavigationLink[] = [
  { label: 'Standards', to: '/standards' },
  { label: 'Databases', to: '/databases' },
  { label: 'Policies', to: '/policies' },
  { label: 'Collections', to: '/collections' },
  { label: 'Organisations', to: '/organisations' },
  { label: 'Add content', to: '/new' },
  { label: 'Stats', to: '/summary-statistics' },
];
