/**
 * Search documents built straight from the vendored catalogue (`data/catalogue/records.json`,
 * 3,205 real records, and the SRAO/DRAO term files beside it), for search tests and benches
 * that must not wait for the seed and the indexer. Subjects and domains carry the ontology's
 * definition and synonyms when their label names an ontology term.
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
import type { CataloguePayload, OntologyTerm as CatalogueOntologyTerm } from '../../../scripts/seed/catalogue-file.ts';
import { topicKey } from '@registry/schemas/search/topic-keys.ts';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const CATALOGUE_FILE = resolve(repositoryRoot, 'data/catalogue/records.json');
const ONTOLOGY_FILES = ['SRAO.terms.json', 'DRAO.terms.json'].map((file) => resolve(repositoryRoot, 'data/ontologies', file));

interface Ontology {
  byKey: Map<string, OntologyTerm[]>;
  byId: Map<string, OntologyTerm>;
}

function readOntology(): Ontology {
  const byKey = new Map<string, OntologyTerm[]>();
  const byId = new Map<string, OntologyTerm>();
  for (const file of ONTOLOGY_FILES) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as OntologyTerm[] | { terms: OntologyTerm[] };
    for (const term of Array.isArray(parsed) ? parsed : parsed.terms) {
      byId.set(term.id, term);
      byKey.set(topicKey(term.name), [...(byKey.get(topicKey(term.name)) ?? []), term]);
    }
  }
  return { byKey, byId };
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

/** A subject or domain label with the ontology's definition and synonyms when it names a term. */
function termFromOntology(ontology: Ontology, label: string): SearchDocumentTerm {
  const term = ontology.byKey.get(topicKey(label))?.[0];
  if (!term) return termFromLabel(label);
  return { id: labelId(label), label, iri: term.iri, definitions: term.definition ? [term.definition] : [], synonyms: term.synonyms };
}

type OntologyTerm = Pick<CatalogueOntologyTerm, 'id' | 'name' | 'definition' | 'parents' | 'synonyms' | 'iri'>;

/**
 * Topic keys as the indexer writes them: each term's label and synonyms and those of every
 * broader subject and domain (the direct keys without the broader ones), the hierarchy read
 * from the vendored SRAO/DRAO files by label.
 */
function topicKeysBuilder({ byKey, byId }: Ontology): (terms: SearchDocumentTerm[][], tags: string[]) => Pick<RecordSearchDocument, 'topicKeys' | 'directTopicKeys'> {
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
  const keysOf = (texts: string[]) => [...new Set(texts.map(topicKey))].filter(Boolean);
  return (terms, tags) => {
    const own = terms.flat();
    const direct = [...own.flatMap((term) => [term.label, ...term.synonyms]), ...tags];
    const above = own.flatMap((term) => broader(term.label)).flatMap((term) => [term.name, ...(term.synonyms ?? [])]);
    return { topicKeys: keysOf([...direct, ...above]), directTopicKeys: keysOf(direct) };
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

/** The organisations and, as the indexer derives them, the ids of the funders and of the others. */
function syntheticOrganisations(organisations: readonly (typeof SYNTHETIC_ORGANISATIONS)[number][]): Pick<RecordSearchDocument, 'organisations' | 'funderIds' | 'otherOrganisationIds'> {
  return {
    organisations: [...organisations],
    funderIds: organisations.filter((organisation) => organisation.relation === 'funds').map((organisation) => organisation.id),
    otherOrganisationIds: organisations.filter((organisation) => organisation.relation !== 'funds').map((organisation) => organisation.id),
  };
}

function syntheticEnrichment(id: number, registry: RegistryName): Partial<RecordSearchDocument> {
  return {
    countries: id % 5 === 0 ? [SYNTHETIC_COUNTRIES[id % 3]] : [],
    licences: id % 7 === 0 ? [SYNTHETIC_LICENCES[id % 2]] : [],
    ...syntheticOrganisations(id % 11 === 0 ? [SYNTHETIC_ORGANISATIONS[id % 2]] : []),
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
  const { payload } = JSON.parse(readFileSync(CATALOGUE_FILE, 'utf8')) as { payload: CataloguePayload };
  const ontology = readOntology();
  const collectionsOf = new Map<number, number[]>();
  for (const collection of payload.collections) {
    for (const member of collection.memberIds) collectionsOf.set(member, [...(collectionsOf.get(member) ?? []), collection.id]);
  }
  const stamp = '2024-01-01T00:00:00.000Z';
  const topicKeysOf = topicKeysBuilder(ontology);
  const documents = payload.records.map((record): RecordSearchDocument => {
    const registry = registryOf(record.registry);
    const subjects = record.subjects.map((label) => termFromOntology(ontology, label));
    const domains = record.domains.map((label) => termFromOntology(ontology, label));
    const taxonomies = record.taxonomies.map(termFromLabel);
    return {
      id: record.id,
      revision: 1,
      doi: record.doi,
      name: record.name,
      abbreviation: record.abbreviation || null,
      description: record.description ?? '',
      homepage: null,
      registry,
      recordType: record.type ?? null,
      status: statusOf(record.status),
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
      ...topicKeysOf([subjects, domains, taxonomies], record.userDefinedTags),
      countries: [],
      licences: [],
      organisations: [],
      funderIds: [],
      otherOrganisationIds: [],
      grants: [],
      publications: [],
      legacyIds: [],
      collectionIds: collectionsOf.get(record.id) ?? [],
      relatedRecordsCount: 0,
      recommendedStandards: [],
      recommendedDatabases: [],
      implementedByDatabases: [],
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
    directTopicKeys: [topicKey(VISIBILITY_TEST_SUBJECT)],
  });
  documents.push(probe(HIDDEN_RECORD_ID, 'Zyxwvut hidden probe', { isHidden: true, isApproved: true }));
  documents.push(probe(UNAPPROVED_RECORD_ID, 'Qwertzu unapproved probe', { isHidden: false, isApproved: false }));
  return documents;
}
