/**
 * Search documents built straight from the real corpus files (../shared/data), for search
 * tests and benches that must not wait for the seed and the indexer. The real fields come from
 * `fairsharing_records_merged.json` (3,205 records) and, where present, the nested vocabulary
 * objects, type and status of `fairsharing_api_records_216.json`.
 *
 * Test-only, clearly synthetic enrichment (the corpus lacks these for most records): countries,
 * licences, organisations, grants, policy attributes and the maintained / implemented /
 * has-publication flags are assigned deterministically from the record id, so every filter has
 * something to find. Two synthetic records exercise visibility: one hidden, one unapproved.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RecordSearchDocument, RecordStatus, RegistryName, SearchDocumentTerm } from '@registry/schemas';
import { topicKey } from '@registry/schemas/search/topic-keys.ts';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const SHARED_DATA_DIRECTORY = resolve(repositoryRoot, '../shared/data');

interface MergedRecord {
  id: number;
  doi: string | null;
  name: string;
  abbreviation: string | null;
  description: string | null;
  registry: string | null;
  type: string | null;
  status: string | null;
  subjects: string[];
  domains: string[];
  taxonomies: string[];
  userDefinedTags: string[];
  isRecommended: boolean | null;
  collections: (number | { id: number; name: string })[];
}

interface ApiTerm {
  /** Missing on taxonomies in the API sample. */
  id?: number;
  label: string;
  iri?: string | null;
  definitions?: string[] | null;
  synonyms?: string[] | null;
}

interface ApiRecord {
  id: number;
  type: string | null;
  status: string | null;
  subjects: ApiTerm[];
  domains: ApiTerm[];
  taxonomies: ApiTerm[];
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(resolve(SHARED_DATA_DIRECTORY, file), 'utf8')) as T;
}

/** Stable small id for a vocabulary label that the merged file gives without one. */
function labelId(label: string): number {
  let hash = 7;
  for (const char of label.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000;
  return hash;
}

function termFromLabel(label: string): SearchDocumentTerm {
  return { id: labelId(label), label, iri: null, definitions: [], synonyms: [] };
}

function termFromApi(term: ApiTerm): SearchDocumentTerm {
  return { id: term.id ?? labelId(term.label), label: term.label, iri: term.iri ?? null, definitions: term.definitions ?? [], synonyms: term.synonyms ?? [] };
}

interface OntologyTerm {
  id: string;
  name: string;
  parents: string[];
  synonyms: string[];
}

/**
 * Topic keys as the indexer writes them: each term's label and synonyms and those of every
 * broader subject and domain, the hierarchy read from the vendored SRAO/DRAO files by label.
 */
function topicKeysBuilder(): (terms: SearchDocumentTerm[][], tags: string[]) => string[] {
  const byKey = new Map<string, OntologyTerm[]>();
  const byId = new Map<string, OntologyTerm>();
  for (const file of ['SRAO.terms.json', 'DRAO.terms.json']) {
    const parsed = JSON.parse(readFileSync(resolve(repositoryRoot, 'data/ontologies', file), 'utf8')) as OntologyTerm[] | { terms: OntologyTerm[] };
    for (const term of Array.isArray(parsed) ? parsed : parsed.terms) {
      byId.set(term.id, term);
      byKey.set(topicKey(term.name), [...(byKey.get(topicKey(term.name)) ?? []), term]);
    }
  }
  const broader = (label: string): OntologyTerm[] => {
    const found = new Map<string, OntologyTerm>();
    const stack = (byKey.get(topicKey(label)) ?? []).flatMap((term) => term.parents);
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      const term = byId.get(id);
      if (!term || found.has(id)) continue;
      found.set(id, term);
      stack.push(...term.parents);
    }
    return [...found.values()];
  };
  return (terms, tags) => {
    const own = terms.flat();
    const texts = [
      ...own.flatMap((term) => [term.label, ...term.synonyms]),
      ...tags,
      ...own.flatMap((term) => broader(term.label)).flatMap((term) => [term.name, ...(term.synonyms ?? [])]),
    ];
    return [...new Set(texts.map(topicKey))].filter(Boolean);
  };
}

export const SYNTHETIC_COUNTRIES = [
  { id: 1, code: 'GB', name: 'United Kingdom' },
  { id: 2, code: 'US', name: 'United States of America' },
  { id: 3, code: 'FR', name: 'France' },
] as const;
export const SYNTHETIC_LICENCES = [
  { id: 1, name: 'CC BY 4.0', url: null },
  { id: 2, name: 'MIT Licence', url: null },
] as const;
export const SYNTHETIC_ORGANISATIONS = [
  { id: 1, name: 'National Institutes of Health (NIH), Bethesda, MD, USA', relation: 'funds', isLead: false },
  { id: 2, name: 'European Bioinformatics Institute', relation: 'maintains', isLead: true },
] as const;
export const SYNTHETIC_GRANTS = [{ id: 1, name: 'Test Grant 16183' }] as const;

export const HIDDEN_RECORD_ID = 990_001;
export const UNAPPROVED_RECORD_ID = 990_002;
export const VISIBILITY_TEST_SUBJECT = 'Visibility probe subject';

function registryOf(raw: string | null): RegistryName {
  const value = (raw ?? '').toLowerCase();
  if (value === 'standard' || value === 'database' || value === 'policy' || value === 'collection') return value;
  // 31 records have no known registry; the test fixture files them as collections.
  return 'collection';
}

function statusOf(raw: string | null): RecordStatus {
  if (raw === 'ready' || raw === 'in_development' || raw === 'deprecated' || raw === 'uncertain') return raw;
  return 'ready';
}

function syntheticEnrichment(id: number, registry: RegistryName): Partial<RecordSearchDocument> {
  return {
    countries: id % 5 === 0 ? [SYNTHETIC_COUNTRIES[id % 3]] : [],
    licences: id % 7 === 0 ? [SYNTHETIC_LICENCES[id % 2]] : [],
    organisations: id % 11 === 0 ? [SYNTHETIC_ORGANISATIONS[id % 2]] : [],
    grants: id % 13 === 0 ? [SYNTHETIC_GRANTS[0]] : [],
    isMaintained: id % 2 === 0,
    isImplemented: id % 3 === 0,
    hasPublication: id % 4 === 0,
    attributes:
      registry === 'database'
        ? { dataAccessCondition: id % 2 === 0 ? ['open'] : ['controlled'], dataCuration: id % 3 === 0 ? ['manual', 'automated'] : ['manual'] }
        : registry === 'policy'
          ? { mandatedDataSharing: [id % 2 === 0 ? 'true' : 'false'] }
          : {},
  };
}

/** All 3,205 real records as search documents, plus the two synthetic visibility probes. */
export function buildCorpusDocuments(): RecordSearchDocument[] {
  const merged = readJson<MergedRecord[]>('fairsharing_records_merged.json');
  const nested = new Map(readJson<ApiRecord[]>('fairsharing_api_records_216.json').map((record) => [record.id, record]));
  const stamp = '2024-01-01T00:00:00.000Z';
  const topicKeysOf = topicKeysBuilder();
  const documents = merged.map((record): RecordSearchDocument => {
    const api = nested.get(record.id);
    const registry = registryOf(record.registry);
    const subjects = api ? api.subjects.map(termFromApi) : record.subjects.map(termFromLabel);
    const domains = api ? api.domains.map(termFromApi) : record.domains.map(termFromLabel);
    const taxonomies = api ? api.taxonomies.map(termFromApi) : record.taxonomies.map(termFromLabel);
    return {
      id: record.id,
      revision: 1,
      doi: record.doi,
      name: record.name,
      abbreviation: record.abbreviation || null,
      description: record.description ?? '',
      homepage: null,
      registry,
      recordType: api?.type ?? record.type ?? null,
      status: statusOf(api?.status ?? record.status),
      isRecommended: record.isRecommended === true,
      isMaintained: false,
      isApproved: true,
      isHidden: false,
      ownerIds: [],
      isImplemented: false,
      hasPublication: false,
      subjects,
      domains,
      taxonomies,
      objectTypes: [],
      userDefinedTags: record.userDefinedTags.map((label) => ({ id: labelId(label), label })),
      topicKeys: topicKeysOf([subjects, domains, taxonomies], record.userDefinedTags),
      countries: [],
      licences: [],
      organisations: [],
      grants: [],
      publications: [],
      legacyIds: [],
      collectionIds: (record.collections ?? []).map((collection) => (typeof collection === "number" ? collection : collection.id)),
      relatedRecordsCount: 0,
      attributes: {},
      createdAt: stamp,
      updatedAt: stamp,
      ...syntheticEnrichment(record.id, registry),
    };
  });
  const probe = (id: number, name: string, flags: Pick<RecordSearchDocument, 'isHidden' | 'isApproved'>): RecordSearchDocument => ({
    ...documents[0],
    ...flags,
    id,
    doi: null,
    name,
    abbreviation: null,
    description: 'Synthetic record that only curators may see.',
    registry: 'standard',
    recordType: 'model_and_format',
    subjects: [termFromLabel(VISIBILITY_TEST_SUBJECT)],
    domains: [],
    taxonomies: [],
    userDefinedTags: [],
    topicKeys: [topicKey(VISIBILITY_TEST_SUBJECT)],
  });
  documents.push(probe(HIDDEN_RECORD_ID, 'Zyxwvut hidden probe', { isHidden: true, isApproved: true }));
  documents.push(probe(UNAPPROVED_RECORD_ID, 'Qwertzu unapproved probe', { isHidden: false, isApproved: false }));
  return documents;
}
