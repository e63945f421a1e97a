/**
 * THE facet registry: one declaration per search facet and per advanced-search filter.
 * The search query builder (services/api/src/search), the aggregation request, the GraphQL
 * arguments and the web app's filter panels all read these declarations, so a facet is added
 * or renamed here and nowhere else. Pure data plus tiny helpers: the browser bundle imports it.
 */
import { METADATA_FILTER_IDS, type MetadataFilterId, type RecordStatus, type RegistryName } from './record-document.ts';
import { can } from '../access/policy.ts';
import type { Viewer } from '../access/viewer.ts';

export type FacetKind = 'list' | 'boolean';

export interface FacetDefinition {
  /** Aggregation key in search answers, as the public API names it (snake_case). */
  key: string;
  /** Search argument (GraphQL) and URL query parameter that selects values of this facet. */
  argument: string;
  /** Index field, a lower-case keyword or boolean, used for both filtering and the terms aggregation. */
  field: string;
  kind: FacetKind;
  /** Heading of the filter panel in the UI. */
  label: string;
  /** Display names of index values (index values are lower-case). */
  valueLabels?: Readonly<Record<string, string>>;
  /** Only curators may filter on it or see its counts. */
  curatorOnly: boolean;
  /**
   * The record holds at most one value here (registry, record type, status, yes/no): several
   * selected values can only mean "any of them". A facet a record may hold several values of
   * also offers "all of them" (its `…Match` argument, `facetMatchArgument`).
   */
  singleValued: boolean;
  /** Number of buckets requested for the aggregation. */
  size: number;
  /**
   * `recordNames`: values are lower-cased names of records; aggregations label a bucket with the
   * record's name as written ("GenBank", not "genbank").
   */
  labelsFrom?: 'recordNames';
}

export const STATUS_LABELS: Readonly<Record<RecordStatus, string>> = {
  ready: 'Ready',
  in_development: 'In Dev.',
  deprecated: 'Deprecated',
  uncertain: 'Uncertain',
};

/** Numeric codes the public search filter accepts for status (SPEC §4). */
export const STATUS_CODES: Readonly<Record<string, RecordStatus>> = {
  '0': 'ready',
  '1': 'deprecated',
  '2': 'in_development',
  '3': 'uncertain',
};

export const REGISTRY_LABELS: Readonly<Record<RegistryName, string>> = {
  standard: 'Standard',
  database: 'Database',
  policy: 'Policy',
  collection: 'Collection',
};

const BOOLEAN_LABELS: Readonly<Record<string, string>> = { true: 'Yes', false: 'No' };

/** Large vocabularies (subjects, domains, organisations...) get more buckets than short enumerations. */
const VOCABULARY_BUCKETS = 100;
const ENUMERATION_BUCKETS = 50;

/** In the order the UI shows the filter panels. */
export const FACETS: readonly FacetDefinition[] = [
  { key: 'fairsharing_registry', argument: 'fairsharingRegistry', field: 'registry', kind: 'list', label: 'Registry', valueLabels: REGISTRY_LABELS, singleValued: true, curatorOnly: false, size: ENUMERATION_BUCKETS },
  { key: 'record_type', argument: 'recordType', field: 'recordType', kind: 'list', label: 'Record Type', singleValued: true, curatorOnly: false, size: ENUMERATION_BUCKETS },
  { key: 'object_types', argument: 'objectTypes', field: 'objectTypes.label.keyword', kind: 'list', label: 'Object types', singleValued: false, curatorOnly: false, size: VOCABULARY_BUCKETS },
  { key: 'subjects', argument: 'subjects', field: 'subjects.label.keyword', kind: 'list', label: 'Subjects', singleValued: false, curatorOnly: false, size: VOCABULARY_BUCKETS },
  { key: 'domains', argument: 'domains', field: 'domains.label.keyword', kind: 'list', label: 'Domains', singleValued: false, curatorOnly: false, size: VOCABULARY_BUCKETS },
  { key: 'user_defined_tags', argument: 'userDefinedTags', field: 'userDefinedTags.label.keyword', kind: 'list', label: 'User defined tags', singleValued: false, curatorOnly: false, size: VOCABULARY_BUCKETS },
  { key: 'licences', argument: 'licences', field: 'licences.name.keyword', kind: 'list', label: 'Licence(s)', singleValued: false, curatorOnly: false, size: VOCABULARY_BUCKETS },
  { key: 'organisations', argument: 'organisations', field: 'organisations.name.keyword', kind: 'list', label: 'Organisation(s)', singleValued: false, curatorOnly: false, size: VOCABULARY_BUCKETS },
  { key: 'countries', argument: 'countries', field: 'countries.name.keyword', kind: 'list', label: 'Countries', singleValued: false, curatorOnly: false, size: VOCABULARY_BUCKETS },
  { key: 'taxonomies', argument: 'taxonomies', field: 'taxonomies.label.keyword', kind: 'list', label: 'Species', singleValued: false, curatorOnly: false, size: VOCABULARY_BUCKETS },
  { key: 'grants', argument: 'grants', field: 'grants.name.keyword', kind: 'list', label: 'Grants', singleValued: false, curatorOnly: false, size: VOCABULARY_BUCKETS },
  { key: 'is_recommended', argument: 'isRecommended', field: 'isRecommended', kind: 'boolean', label: 'Recommended', valueLabels: BOOLEAN_LABELS, singleValued: true, curatorOnly: false, size: 2 },
  { key: 'status', argument: 'status', field: 'status', kind: 'list', label: 'Output status', valueLabels: STATUS_LABELS, singleValued: true, curatorOnly: false, size: ENUMERATION_BUCKETS },
  { key: 'is_maintained', argument: 'isMaintained', field: 'isMaintained', kind: 'boolean', label: 'Maintained', valueLabels: BOOLEAN_LABELS, singleValued: true, curatorOnly: false, size: 2 },
  { key: 'is_approved', argument: 'isApproved', field: 'isApproved', kind: 'boolean', label: 'Approved', valueLabels: BOOLEAN_LABELS, singleValued: true, curatorOnly: true, size: 2 },
  // Relations between public records (search document v5): a policy's recommended standards and
  // databases, a standard's implementing databases, by name. Counting them over policies (or
  // standards) ranks the standards and databases recommended by the most policies, and the
  // databases implementing the most standards.
  { key: 'recommended_standards', argument: 'recommendedStandards', field: 'recommendedStandards.name', kind: 'list', label: 'Recommends standards', singleValued: false, curatorOnly: false, size: VOCABULARY_BUCKETS, labelsFrom: 'recordNames' },
  { key: 'recommended_databases', argument: 'recommendedDatabases', field: 'recommendedDatabases.name', kind: 'list', label: 'Recommends databases', singleValued: false, curatorOnly: false, size: VOCABULARY_BUCKETS, labelsFrom: 'recordNames' },
  { key: 'implemented_by_databases', argument: 'implementedByDatabases', field: 'implementedByDatabases.name', kind: 'list', label: 'Implemented by databases', singleValued: false, curatorOnly: false, size: VOCABULARY_BUCKETS, labelsFrom: 'recordNames' },
];

export type FacetKey =
  | 'fairsharing_registry' | 'record_type' | 'status' | 'subjects' | 'domains' | 'taxonomies'
  | 'user_defined_tags' | 'object_types' | 'licences' | 'organisations' | 'countries' | 'grants'
  | 'is_recommended' | 'is_maintained' | 'is_approved'
  | 'recommended_standards' | 'recommended_databases' | 'implemented_by_databases';

export type FacetArgument =
  | 'fairsharingRegistry' | 'recordType' | 'status' | 'subjects' | 'domains' | 'taxonomies'
  | 'userDefinedTags' | 'objectTypes' | 'licences' | 'organisations' | 'countries' | 'grants'
  | 'isRecommended' | 'isMaintained' | 'isApproved'
  | 'recommendedStandards' | 'recommendedDatabases' | 'implementedByDatabases';

/** Facet arguments whose records hold several values, so that "all of" can narrow (see `singleValued`). */
export type MultiValuedFacetArgument = Exclude<FacetArgument, 'fairsharingRegistry' | 'recordType' | 'status' | 'isRecommended' | 'isMaintained' | 'isApproved'>;

/** `subjectsMatch`: the search argument (and URL parameter) saying how a facet's selected values combine. */
export type FacetMatchArgument = `${MultiValuedFacetArgument}Match`;

/**
 * How the selected values of one facet combine: a record with `any` of them (the default, as the
 * public client searches), or only records with `all` of them.
 */
export const FACET_MATCHES = ['any', 'all'] as const;
export type FacetMatch = (typeof FACET_MATCHES)[number];
export const DEFAULT_FACET_MATCH: FacetMatch = 'any';

/** The words chips and facet headers use for a way of combining values. */
export const FACET_MATCH_LABELS: Readonly<Record<FacetMatch, string>> = { any: 'any of', all: 'all of' };

/** "any"/"all" in any letter case; anything else is not a way of combining. */
export function readFacetMatch(raw: string): FacetMatch | null {
  const value = raw.trim().toLowerCase();
  return (FACET_MATCHES as readonly string[]).includes(value) ? (value as FacetMatch) : null;
}

/** The facet's `…Match` argument, or null when its values can only combine as "any of" (single-valued). */
export function facetMatchArgument(facet: FacetDefinition): FacetMatchArgument | null {
  return facet.singleValued ? null : (`${facet.argument}Match` as FacetMatchArgument);
}

export function facetByKey(key: string): FacetDefinition | undefined {
  return FACETS.find((facet) => facet.key === key);
}

export function facetByArgument(argument: string): FacetDefinition | undefined {
  return FACETS.find((facet) => facet.argument === argument);
}

/** Facets this viewer may filter on and see counts for. */
export function facetsVisibleTo(viewer: Viewer): FacetDefinition[] {
  return FACETS.filter((facet) => !facet.curatorOnly || can(viewer, 'search.curatorFilters'));
}

/** Display name of one bucket key, e.g. status "in_development" → "In Dev.". */
export function facetValueLabel(facet: FacetDefinition, value: string): string {
  return facet.valueLabels?.[value.toLowerCase()] ?? value;
}

/**
 * Canonical index value of a status given by name, label or numeric code:
 * "Ready" / "0" → ready; "In Dev." / "in_development" / "in development" / "2" → in_development.
 */
export function normaliseStatus(raw: string): RecordStatus | null {
  const value = raw.trim().toLowerCase();
  if (value in STATUS_CODES) return STATUS_CODES[value];
  const squashed = value.replace(/[^a-z]+/g, '_').replace(/^_|_$/g, '');
  if (squashed === 'ready' || squashed === 'deprecated' || squashed === 'uncertain') return squashed;
  if (squashed === 'in_development' || squashed === 'in_dev' || squashed === 'indev') return 'in_development';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Advanced search filters (SPEC §3 "Advanced search filter identifiers").

export interface AdvancedSearchFilterDefinition {
  /** Identifier as it appears in `where.fields[].<id>` and in the advanced-search URL. */
  id: string;
  /** `list`: values picked from a list; `boolean`: a yes/no question. */
  kind: FacetKind;
  /** Index field. */
  field: string;
  /** Further index fields a value may match instead (any of them matches). */
  alsoMatches?: readonly string[];
  label: string;
  /**
   * The record holds at most one value in this field (registry, type, status): several values
   * in one rule always mean "any of them", whatever the group operator, since "all of them"
   * could never match.
   */
  singleValued: boolean;
}

/** UI identifiers of the registry-specific type rules; the query merges them into `type`. */
export const TYPE_FILTER_ALIASES = ['standardtype', 'databasetype', 'policytype', 'fairassisttype'] as const;

/** Metadata attributes answered as yes/no questions in the UI (the rest are lists of values). */
const BOOLEAN_METADATA_FILTERS: ReadonlySet<MetadataFilterId> = new Set<MetadataFilterId>([
  'usesPersistentIdentifier',
  'recommendsDatabase',
  'recommendsStandard',
  'updatingOfDmp',
  'guidanceToHelpEnableCompliance',
  'monitoringOfCompliance',
]);

/** "dataAccessCondition" → "Data access condition". */
function humanise(identifier: string): string {
  const words = identifier.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const ADVANCED_SEARCH_FILTERS: readonly AdvancedSearchFilterDefinition[] = [
  // The public client keeps `registry` apart and merges the registry-specific type rules into
  // `type`; the record type list of SPEC §3 also holds registry names, so each matches both fields.
  { id: 'registry', kind: 'list', field: 'registry', alsoMatches: ['recordType'], label: 'Registry', singleValued: true },
  { id: 'type', kind: 'list', field: 'recordType', alsoMatches: ['registry'], label: 'Record type', singleValued: true },
  { id: 'status', kind: 'list', field: 'status', label: 'Record Status', singleValued: true },
  { id: 'subjects', kind: 'list', field: 'subjects.label.keyword', label: 'Subjects', singleValued: false },
  { id: 'domains', kind: 'list', field: 'domains.label.keyword', label: 'Domains', singleValued: false },
  { id: 'userDefinedTags', kind: 'list', field: 'userDefinedTags.label.keyword', label: 'User defined tags', singleValued: false },
  { id: 'taxonomies', kind: 'list', field: 'taxonomies.label.keyword', label: 'Species', singleValued: false },
  { id: 'licences', kind: 'list', field: 'licences.name.keyword', label: 'Licences', singleValued: false },
  { id: 'countries', kind: 'list', field: 'countries.name.keyword', label: 'Countries', singleValued: false },
  { id: 'objectTypes', kind: 'list', field: 'objectTypes.label.keyword', label: 'Object types', singleValued: false },
  { id: 'organisations', kind: 'list', field: 'organisations.name.keyword', label: 'Organisations', singleValued: false },
  { id: 'isRecommended', kind: 'boolean', field: 'isRecommended', label: 'Recommended', singleValued: true },
  { id: 'isImplemented', kind: 'boolean', field: 'isImplemented', label: 'Is implemented', singleValued: true },
  { id: 'hasPublication', kind: 'boolean', field: 'hasPublication', label: 'Has publication', singleValued: true },
  ...METADATA_FILTER_IDS.map((id) => ({
    id,
    kind: BOOLEAN_METADATA_FILTERS.has(id) ? ('boolean' as const) : ('list' as const),
    field: `attributes.${id}`,
    label: humanise(id),
    singleValued: false,
  })),
];

/** The filter behind an identifier, resolving the registry-specific type aliases to `type`. */
export function advancedSearchFilterById(id: string): AdvancedSearchFilterDefinition | undefined {
  const canonical = (TYPE_FILTER_ALIASES as readonly string[]).includes(id.toLowerCase()) ? 'type' : id;
  return ADVANCED_SEARCH_FILTERS.find((filter) => filter.id === canonical);
}
