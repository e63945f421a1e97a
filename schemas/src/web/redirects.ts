/**
 * Every redirect of SPEC §2 in one table. `to` receives the route parameters and returns the
 * target. Targets on another site, and `serverPage` targets (paths the API server renders,
 * such as the sitemap), are reached with a full page load; the others with a client-side replace.
 */
export interface RedirectRule {
  path: string;
  to(params: Readonly<Record<string, string | undefined>>): string;
  serverPage?: boolean;
}

export const OBJECT_TYPES_DOC_PATH = '/object_types';
const SRAO_REPOSITORY = 'https://github.com/FAIRsharing/subject-ontology';
const DRAO_REPOSITORY = 'https://github.com/FAIRsharing/domain-ontology';
/** The EBI Ontology Lookup Service page of one SRAO term. */
const OLS_SRAO_TERM = 'https://www.ebi.ac.uk/ols4/ontologies/srao/terms?iri=http://www.fairsharing.org/ontology/subject/';
/** The collection every old, non-numeric collection link now lands on. */
const DEFAULT_COLLECTION_ID = '3533';

function always(target: string) {
  return () => target;
}

function legacySearch(registry: string, recordType: string): string {
  return `/search?fairsharingRegistry=${registry}&recordType=${recordType}&page=1`;
}

/** Old listing paths: /<registry path>/<type> and its plural both go to a filtered search. */
const LEGACY_TYPE_PATHS: Array<{ base: string; registry: string; type: string; plural: string }> = [
  { base: 'databases', registry: 'Database', type: 'repository', plural: 'repositories' },
  { base: 'databases', registry: 'Database', type: 'knowledgebase', plural: 'knowledgebases' },
  { base: 'databases', registry: 'Database', type: 'knowledgebase_and_repository', plural: 'knowledgebases_and_repositories' },
  { base: 'standards', registry: 'Standard', type: 'model_and_format', plural: 'models_and_formats' },
  { base: 'standards', registry: 'Standard', type: 'metric', plural: 'metrics' },
  { base: 'standards', registry: 'Standard', type: 'terminology_artefact', plural: 'terminology_artefacts' },
  { base: 'standards', registry: 'Standard', type: 'reporting_guideline', plural: 'reporting_guidelines' },
  { base: 'standards', registry: 'Standard', type: 'identifier_schema', plural: 'identifier_schemas' },
  { base: 'policies', registry: 'Policy', type: 'project', plural: 'projects' },
  { base: 'policies', registry: 'Policy', type: 'journal', plural: 'journals' },
  { base: 'policies', registry: 'Policy', type: 'institution', plural: 'institutions' },
  { base: 'policies', registry: 'Policy', type: 'society', plural: 'societies' },
  { base: 'policies', registry: 'Policy', type: 'journal_publisher', plural: 'journal_publishers' },
  { base: 'policies', registry: 'Policy', type: 'funder', plural: 'funders' },
];

const ARTICLE_TARGETS: Readonly<Record<string, string>> = {
  live_list_standards_in_policies: '/search?fairsharingRegistry=Standard&isRecommended=true&page=1',
  live_list_databases_in_policies: '/search?fairsharingRegistry=Database&isRecommended=true&page=1',
  live_list_journal_policies: '/search?fairsharingRegistry=Policy&recordType=journal&page=1',
};

export const REDIRECTS: readonly RedirectRule[] = [
  { path: '/sitemap.xml', to: always('/sitemap.xml'), serverPage: true },
  { path: '/fairassist', to: always('/search?fairsharingRegistry=FAIRassist') },
  { path: '/article/:name', to: ({ name }) => ARTICLE_TARGETS[name ?? ''] ?? '/' },
  { path: '/fairsharing.NFOBJT', to: always(OBJECT_TYPES_DOC_PATH) },
  // The ontology files live in the ontology's public repository, which publishes its releases.
  { path: '/ontology/subject/SRAO.owl', to: always(`${SRAO_REPOSITORY}/raw/master/SRAO.owl`) },
  {
    path: '/ontology/subject/SRAO.owl/0.3.0',
    to: always(`${SRAO_REPOSITORY}/raw/master/releases/0.3.0/SRAO.owl`),
  },
  {
    path: '/ontology/subject/:id',
    to: ({ id }) => `${OLS_SRAO_TERM}${encodeURIComponent(id ?? '')}`,
  },
  {
    path: '/ontology/:name',
    to: ({ name }) => {
      const lower = (name ?? '').toLowerCase();
      if (lower === 'srao') return SRAO_REPOSITORY;
      if (lower === 'drao') return DRAO_REPOSITORY;
      return '/';
    },
  },
  { path: '/collection/:hash', to: ({ hash }) => (/^\d+$/.test(hash ?? '') ? `/${hash}` : `/${DEFAULT_COLLECTION_ID}`) },
  { path: '/HUPOPSI', to: always('/HUPO-PSI') },
  { path: '/communities/activities', to: always('/communities#activities') },
  { path: '/license', to: always('/licence') },
  { path: '/preservation_policy', to: always('/sustainability_and_preservation') },
  {
    path: '/recommendations',
    to: always('/search?isRecommended=true&page=1&searchAnd=false&fairsharingRegistry=database,standard'),
  },
  { path: '/community_curation', to: always('/community_champions') },
  { path: '/community_curation/our_curators', to: always('/community_champions/our_champions') },
  ...LEGACY_TYPE_PATHS.flatMap(({ base, registry, type, plural }) => [
    { path: `/${base}/${type}`, to: always(legacySearch(registry, type)) },
    { path: `/${base}/${plural}`, to: always(legacySearch(registry, type)) },
  ]),
];

/** True when a target leaves the app (another origin) rather than naming an app route. */
export function isOffSiteTarget(target: string): boolean {
  return /^https?:\/\//.test(target);
}
