/** The navigation buttons of the header and the drawer (SPEC §2's, in its order, and the ontology browser). */
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
  // Beyond SPEC's list: the ontology browser (/browse/{id}) was reachable from no page.
  { label: 'Subjects', to: '/browse/subject' },
  { label: 'Add content', to: '/new' },
  { label: 'Stats', to: '/summary-statistics' },
];
