/**
 * The reference lists the REST reads give (subjects, domains, species, tags, countries,
 * licences, organisations, grants, publications, record types): one declaration per list says
 * its table, the attributes answered and the columns a search looks in.
 */
export interface VocabularyDeclaration {
  /** Path segment and JSON:API type. */
  type: string;
  table: string;
  /** Attribute name → SQL expression over the table (aliased `v`). */
  attributes: Readonly<Record<string, string>>;
  /** The name the list is ordered by. */
  orderBy: string;
  /** Text columns (`text`) and text-array columns (`text[]`) a search matches, case-insensitively. */
  searchText: readonly string[];
  searchArrays: readonly string[];
  /** Joins the attributes need. */
  joins?: string;
  /** A condition over `v` a row meets to be listed (licences named inline wait for a curator). */
  listedWhen?: string;
}

const ONTOLOGY_TERM = { label: 'v.label', iri: 'v.iri', definitions: 'v.definitions', synonyms: 'v.synonyms' };

export const VOCABULARIES: readonly VocabularyDeclaration[] = [
  { type: 'subjects', table: 'subjects', attributes: ONTOLOGY_TERM, orderBy: 'v.label', searchText: ['v.label'], searchArrays: ['v.synonyms'] },
  { type: 'domains', table: 'domains', attributes: ONTOLOGY_TERM, orderBy: 'v.label', searchText: ['v.label'], searchArrays: ['v.synonyms'] },
  { type: 'taxonomies', table: 'taxonomies', attributes: ONTOLOGY_TERM, orderBy: 'v.label', searchText: ['v.label'], searchArrays: ['v.synonyms'] },
  { type: 'user_defined_tags', table: 'user_defined_tags', attributes: { label: 'v.label' }, orderBy: 'v.label', searchText: ['v.label'], searchArrays: [], listedWhen: 'v.is_approved' },
  { type: 'countries', table: 'countries', attributes: { name: 'v.name', code: 'v.code' }, orderBy: 'v.name', searchText: ['v.name', 'v.code'], searchArrays: [] },
  { type: 'licences', table: 'licences', attributes: { name: 'v.name', url: 'v.url', spdx_id: 'v.spdx_id' }, orderBy: 'v.name', searchText: ['v.name', 'v.spdx_id'], searchArrays: [], listedWhen: 'v.is_approved' },
  {
    type: 'organisations',
    table: 'organisations',
    attributes: { name: 'v.name', homepage: 'v.homepage', alternative_names: 'v.alternative_names', ror_link: 'v.ror_link', url_for_logo: 'v.url_for_logo' },
    orderBy: 'v.name',
    searchText: ['v.name'],
    searchArrays: ['v.alternative_names'],
  },
  { type: 'grants', table: 'grants', attributes: { name: 'v.name', description: 'v.description' }, orderBy: 'v.name', searchText: ['v.name'], searchArrays: [] },
  {
    type: 'publications',
    table: 'publications',
    attributes: { title: 'v.title', doi: 'v.doi', authors: 'v.authors', journal: 'v.journal', url: 'v.url', year: 'v.year', pubmed_id: 'v.pubmed_id' },
    orderBy: 'v.title',
    searchText: ['v.title', 'v.doi', 'v.authors', 'v.journal'],
    searchArrays: [],
  },
  {
    type: 'record_types',
    table: 'record_types',
    attributes: { name: 'v.name', description: 'v.description', fairsharing_registry: 'reg.name' },
    orderBy: 'v.name',
    searchText: ['v.name', 'v.description'],
    searchArrays: [],
    joins: 'JOIN registries reg ON reg.id = v.registry_id',
  },
];
