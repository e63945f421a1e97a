/**
 * The one pure function that turns a loaded record into its search document.
 * Keys that search filters on (registry, type, status, attributes) are lower-cased here so
 * aggregation keys and filters agree whatever the casing in Postgres.
 */
import {
  METADATA_FILTER_IDS,
  RECORD_STATUSES,
  REGISTRY_NAMES,
  type MetadataFilterId,
  type RecordSearchDocument,
  type RecordStatus,
  type RegistryName,
  type SearchDocumentTerm,
} from '@registry/schemas';
import { topicKey } from '@registry/schemas/search/topic-keys.ts';
import type { IndexableRecord, IndexableTerm } from './indexable-record.ts';

function asRegistry(name: string): RegistryName {
  const lower = name.trim().toLowerCase();
  if ((REGISTRY_NAMES as readonly string[]).includes(lower)) return lower as RegistryName;
  throw new Error(`unknown registry "${name}"`);
}

function asStatus(status: string): RecordStatus {
  const lower = status.trim().toLowerCase();
  // The database constraint allows only these; anything else means the schema moved on.
  return (RECORD_STATUSES as readonly string[]).includes(lower) ? (lower as RecordStatus) : 'uncertain';
}

function snakeCase(id: string): string {
  return id.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * Flattens one metadata value into keyword strings: scalars as they are (booleans as
 * "true"/"false"), lists element by element, and objects by their `type`/`value`/`name`
 * (FAIRsharing keeps e.g. `data_access_condition: {type: "open", url: ...}`).
 */
function metadataValues(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'boolean') return [value ? 'true' : 'false'];
  if (typeof value === 'number') return [String(value)];
  if (typeof value === 'string') {
    const trimmed = value.trim().toLowerCase();
    return trimmed ? [trimmed] : [];
  }
  if (Array.isArray(value)) return value.flatMap(metadataValues);
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of ['type', 'value', 'name', 'label']) {
      if (object[key] !== undefined && object[key] !== null) return metadataValues(object[key]);
    }
  }
  return [];
}

export function buildAttributes(metadata: Record<string, unknown>): Partial<Record<MetadataFilterId, string[]>> {
  const attributes: Partial<Record<MetadataFilterId, string[]>> = {};
  for (const id of METADATA_FILTER_IDS) {
    const raw = metadata[id] ?? metadata[snakeCase(id)];
    const values = [...new Set(metadataValues(raw))];
    if (values.length > 0) attributes[id] = values;
  }
  return attributes;
}

function term(source: IndexableTerm): SearchDocumentTerm {
  return {
    id: source.id,
    label: source.label,
    iri: source.iri,
    definitions: source.definitions ?? [],
    synonyms: source.synonyms ?? [],
  };
}

type TopicTerm = { label: string; synonyms?: string[] };

/** Keys of the labels and synonyms of some terms, each once. */
function keysOf(terms: TopicTerm[]): string[] {
  const keys = terms.flatMap((entry) => [entry.label, ...(entry.synonyms ?? [])]).map(topicKey);
  return [...new Set(keys)].filter(Boolean);
}

/** The record's own subjects, domains, species and tags. */
function ownTerms(row: IndexableRecord): TopicTerm[] {
  return [...row.subjects, ...row.domains, ...row.taxonomies, ...row.userDefinedTags];
}

/** The relation that makes an organisation a record's funder. */
const FUNDS = 'funds';

/** Ids of the organisations linked by a relation `matches` accepts, each once. */
function organisationIds(links: IndexableRecord['organisationLinks'], matches: (relation: string) => boolean): number[] {
  return [...new Set(links.filter((link) => matches(link.relation)).map((link) => link.organisationId))];
}

function uniqueById<T extends { id: number }>(items: T[]): T[] {
  const seen = new Set<number>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

export function buildSearchDocument(row: IndexableRecord): RecordSearchDocument {
  const grants = uniqueById(
    row.organisationLinks.flatMap((link) =>
      link.grantId !== null && link.grantName !== null ? [{ id: link.grantId, name: link.grantName }] : [],
    ),
  );
  return {
    id: row.id,
    revision: row.revision,
    doi: row.doi,
    name: row.name,
    abbreviation: row.abbreviation,
    description: row.description,
    homepage: row.homepage,
    registry: asRegistry(row.registryName),
    recordType: row.recordTypeName ? row.recordTypeName.trim().toLowerCase() : null,
    status: asStatus(row.status),
    isRecommended: row.isRecommended,
    isMaintained: row.maintainersCount > 0,
    isApproved: row.isApproved,
    isHidden: row.isHidden,
    ownerIds: row.ownerIds,
    isImplemented: row.implementedByCount > 0,
    hasPublication: row.publications.length > 0,
    subjects: row.subjects.map(term),
    domains: row.domains.map(term),
    taxonomies: row.taxonomies.map(term),
    objectTypes: row.objectTypes.map(term),
    userDefinedTags: row.userDefinedTags.map(({ id, label }) => ({ id, label })),
    topicKeys: keysOf([...ownTerms(row), ...row.broaderTerms]),
    directTopicKeys: keysOf(ownTerms(row)),
    countries: row.countries.map(({ id, code, name }) => ({ id, code, name })),
    licences: uniqueById(row.licences.map(({ id, name, url }) => ({ id, name, url }))),
    organisations: row.organisationLinks.map((link) => ({
      id: link.organisationId,
      name: link.organisationName,
      relation: link.relation,
      isLead: link.isLead,
    })),
    funderIds: organisationIds(row.organisationLinks, (relation) => relation === FUNDS),
    otherOrganisationIds: organisationIds(row.organisationLinks, (relation) => relation !== FUNDS),
    grants,
    publications: row.publications.map(({ id, title, url, doi }) => ({ id, title, url, doi })),
    legacyIds: row.legacyIds,
    collectionIds: row.collectionIds,
    relatedRecordsCount: row.relatedRecordsCount,
    recommendedStandards: row.recommendedStandards.map(({ id, name }) => ({ id, name })),
    recommendedDatabases: row.recommendedDatabases.map(({ id, name }) => ({ id, name })),
    implementedByDatabases: row.implementedByDatabases.map(({ id, name }) => ({ id, name })),
    attributes: buildAttributes(row.metadata),
    createdAt: row.createdAt?.toISOString() ?? null,
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}
