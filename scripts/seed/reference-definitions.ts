/**
 * The fixed reference vocabulary of the registry: registries, record types, relation types
 * (with the registries they may link) and object types. Names follow the public registry
 * (SPEC §1, §3) so that URLs, filters and API answers use the same words.
 */

export type RegistryLabel = 'Standard' | 'Database' | 'Policy' | 'Collection';

export const REGISTRY_DEFINITIONS: { name: RegistryLabel; description: string }[] = [
  { name: 'Standard', description: 'Terminology artefacts, models and formats, reporting guidelines and identifier schemas for data and metadata.' },
  { name: 'Database', description: 'Repositories and knowledgebases that store, curate and serve data.' },
  { name: 'Policy', description: 'Data policies of journals, publishers, funders, societies, projects and institutions.' },
  { name: 'Collection', description: 'Curated groups of standards, databases and policies around a project, community or domain.' },
];

/**
 * Record types per registry. SPEC §1 lists standard/database/policy types; the Collection
 * registry holds `collection` plus the FAIRassist types (fairassist, benchmark, principle),
 * because this product has four registries and no separate FAIRassist registry.
 * `metric` stays under Standard, where the legacy paths list it.
 */
export const RECORD_TYPE_DEFINITIONS: { name: string; registry: RegistryLabel; description: string }[] = [
  { name: 'terminology_artefact', registry: 'Standard', description: 'Controlled vocabularies, ontologies, thesauri and code lists.' },
  { name: 'model_and_format', registry: 'Standard', description: 'Conceptual models, schemas, exchange formats and markup languages.' },
  { name: 'reporting_guideline', registry: 'Standard', description: 'Minimum information checklists and reporting guidelines.' },
  { name: 'identifier_schema', registry: 'Standard', description: 'Schemes for unique and persistent identifiers.' },
  { name: 'metric', registry: 'Standard', description: 'Metrics for assessing data or resources (legacy type).' },
  { name: 'repository', registry: 'Database', description: 'Databases that accept deposition of data from the community.' },
  { name: 'knowledgebase', registry: 'Database', description: 'Curated databases that integrate knowledge, not open to deposition.' },
  { name: 'knowledgebase_and_repository', registry: 'Database', description: 'Databases that both accept deposition and curate integrated knowledge.' },
  { name: 'funder', registry: 'Policy', description: 'Policies of research funders.' },
  { name: 'journal', registry: 'Policy', description: 'Data policies of individual journals.' },
  { name: 'society', registry: 'Policy', description: 'Policies, codes and guidelines of learned societies and international bodies.' },
  { name: 'project', registry: 'Policy', description: 'Policies of research projects and consortia.' },
  { name: 'institution', registry: 'Policy', description: 'Policies of universities and research institutions.' },
  { name: 'journal_publisher', registry: 'Policy', description: 'Data policies that apply across a publisher\'s journals.' },
  { name: 'collection', registry: 'Collection', description: 'A curated group of records.' },
  { name: 'fairassist', registry: 'Collection', description: 'FAIR assessment resources (FAIRassist).' },
  { name: 'benchmark', registry: 'Collection', description: 'FAIR assessment benchmarks: groups of metrics for a community.' },
  { name: 'principle', registry: 'Collection', description: 'Principles that FAIR assessment metrics refer to.' },
];

type Pair = [RegistryLabel, RegistryLabel];

/**
 * Relation types and which registry may point to which. Every pair seen in the corpus is
 * allowed, plus the obvious symmetric ones; `collects` is how collections hold members.
 */
export const RELATION_TYPE_DEFINITIONS: { name: string; description: string; allowed: Pair[] }[] = [
  {
    name: 'related_to',
    description: 'Is related to',
    allowed: [['Standard', 'Standard'], ['Standard', 'Database'], ['Database', 'Database'], ['Database', 'Standard'], ['Policy', 'Policy']],
  },
  { name: 'recommends', description: 'Recommends', allowed: [['Policy', 'Standard'], ['Policy', 'Database'], ['Policy', 'Policy']] },
  { name: 'implements', description: 'Implements', allowed: [['Database', 'Standard'], ['Standard', 'Standard']] },
  {
    name: 'collects',
    description: 'Collects',
    allowed: [['Collection', 'Standard'], ['Collection', 'Database'], ['Collection', 'Policy'], ['Collection', 'Collection']],
  },
  { name: 'shares_data_with', description: 'Shares data with', allowed: [['Database', 'Database']] },
  { name: 'extends', description: 'Extends', allowed: [['Standard', 'Standard'], ['Policy', 'Policy']] },
  { name: 'outputs', description: 'Outputs data in', allowed: [['Database', 'Standard']] },
  { name: 'deprecates', description: 'Deprecates', allowed: [['Standard', 'Standard'], ['Database', 'Database'], ['Policy', 'Policy']] },
  { name: 'profiles', description: 'Is a profile of', allowed: [['Standard', 'Standard']] },
  { name: 'accepts', description: 'Accepts data in', allowed: [['Database', 'Standard']] },
  { name: 'uses', description: 'Uses', allowed: [['Standard', 'Standard'], ['Database', 'Standard'], ['Database', 'Database']] },
];

/**
 * Kinds of organisation, as FAIRsharing names them (its organisation pages and the types of the
 * organisations its records link). The vendored data carries no organisation, so these are
 * reference data only: the editor's new-organisation form offers them.
 */
export const ORGANISATION_TYPE_NAMES: string[] = [
  'University',
  'Research institute',
  'Funder',
  'Company',
  'Consortium',
  'Government body',
  'Project',
  'Charitable foundation',
  'Publisher',
  'Journal',
  'Learned society',
  'Standards organisation',
  'Library',
  'Museum',
];

/**
 * Kinds of digital object a record describes or holds. The source data carries no object
 * types, so this list is reference data only; no seeded record is linked to one.
 */
export const OBJECT_TYPE_DEFINITIONS: { label: string; definition: string }[] = [
  { label: 'Audio', definition: 'Sound recordings.' },
  { label: 'Biological sample', definition: 'Physical samples of biological material and their descriptions.' },
  { label: 'Chemical entity', definition: 'Molecules, compounds and other chemical substances.' },
  { label: 'Clinical data', definition: 'Data collected in clinical care or clinical studies.' },
  { label: 'Computational model', definition: 'Mathematical or simulation models in machine-readable form.' },
  { label: 'Dataset', definition: 'A collection of data published or curated as a unit.' },
  { label: 'Geospatial data', definition: 'Data with a geographic location or extent.' },
  { label: 'Image', definition: 'Still images, including microscopy and medical imaging.' },
  { label: 'Journal article', definition: 'Peer-reviewed or preprint publications.' },
  { label: 'Metadata', definition: 'Descriptions of other digital objects.' },
  { label: 'Nucleotide sequence', definition: 'DNA or RNA sequences and their annotations.' },
  { label: 'Ontology', definition: 'Formal representations of the concepts of a domain and their relations.' },
  { label: 'Protein sequence', definition: 'Amino-acid sequences and their annotations.' },
  { label: 'Protocol', definition: 'Descriptions of experimental or analytical procedures.' },
  { label: 'Software', definition: 'Source code, tools and executable programs.' },
  { label: 'Spectrum', definition: 'Spectroscopy and spectrometry measurements.' },
  { label: 'Statistical data', definition: 'Aggregated or tabular statistical results.' },
  { label: 'Structure', definition: 'Three-dimensional structures of molecules or assemblies.' },
  { label: 'Text', definition: 'Documents and textual corpora.' },
  { label: 'Video', definition: 'Moving images.' },
  { label: 'Workflow', definition: 'Descriptions of multi-step computational or laboratory processes.' },
];

/**
 * Places the registry uses as countries that are not in ISO 3166-1: `EU` is ISO's
 * exceptionally reserved code for the European Union; `XW` (user-assigned range) stands for Worldwide.
 */
export const EXTRA_COUNTRIES: { code: string; name: string }[] = [
  { code: 'EU', name: 'European Union' },
  { code: 'XW', name: 'Worldwide' },
];
