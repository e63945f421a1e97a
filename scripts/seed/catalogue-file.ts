/**
 * The vendored demo-catalogue file (`data/catalogue/records.json`) and the two ontology term
 * files it points to: their format, and the validation that runs BEFORE the seed writes
 * anything. A truncated, edited or partial file fails here with one clear message.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

export const CATALOGUE_FORMAT_VERSION = 2;

export const CORPUS_REGISTRIES = ['Standard', 'Database', 'Policy'] as const;
export type CorpusRegistry = (typeof CORPUS_REGISTRIES)[number];

export interface CataloguePublication {
  title: string;
  doi: string | null;
  pubmedId: string | null;
  authors: string | null;
  journal: string | null;
  year: number | null;
}

export interface CatalogueLicence {
  name: string;
  url: string | null;
}

/** Fields taken from the 2018 BioSharing export for a record matched by name or abbreviation. */
export interface CatalogueLegacyFields {
  matchedBy: 'name' | 'abbreviation';
  legacyIds: string[];
  homepage: string | null;
  countries: string[];
  publications: CataloguePublication[];
  licences: CatalogueLicence[];
  /** Copied into records.metadata under the keys the API and record page read. */
  metadata: {
    year_creation?: number;
    contacts?: { contact_name: string; contact_email: string; contact_orcid: string }[];
    support_links?: { url: string; name: string; type: string }[];
  };
  /** ISO instants from the export's `added` and `updated`; null when it has none. */
  createdAt: string | null;
  updatedAt: string | null;
}

export interface CatalogueAssociation {
  targetId: number;
  relation: string;
}

/** One corpus record as published; `type`/`status` are null unless curated (the 216 API records). */
export interface CatalogueRecord {
  id: number;
  doi: string | null;
  name: string;
  abbreviation: string | null;
  description: string;
  registry: CorpusRegistry | null;
  registrySource: string | null;
  type: string | null;
  status: string | null;
  subjects: string[];
  domains: string[];
  taxonomies: string[];
  userDefinedTags: string[];
  isRecommended: boolean | null;
  associations: CatalogueAssociation[];
  legacy: CatalogueLegacyFields | null;
}

/** A collection referenced by corpus records (not itself in the corpus). */
export interface CatalogueCollection {
  id: number;
  name: string;
  memberIds: number[];
}

export interface OntologyTerm {
  id: string;
  name: string;
  definition: string | null;
  parents: string[];
  synonyms: string[];
  /** Resolved from the OWL file at build time; null when the OWL has no class for the id. */
  iri: string | null;
}

export interface OntologyFileReference {
  /** Relative to the directory of the catalogue file. */
  file: string;
  termCount: number;
  sha256: string;
}

/** A label the corpus uses for an ontology term, known to be that term because the public API gives the same IRI. */
export interface TermAlias {
  label: string;
  iri: string;
}

/**
 * Terms the corpus uses that the ontology files lack, taken from the public API export (216
 * records) with their IRI, definitions and synonyms: `aliases` name an existing term by
 * another label, `extraTerms` are terms outside the SRAO/DRAO files (no parents).
 */
export interface VocabularyAdditions {
  aliases: TermAlias[];
  extraTerms: OntologyTerm[];
}

export interface CataloguePayload {
  records: CatalogueRecord[];
  collections: CatalogueCollection[];
  vocabularyAdditions: { subjects: VocabularyAdditions; domains: VocabularyAdditions };
}

export interface CatalogueFile {
  formatVersion: number;
  licence: string;
  sources: string[];
  recordCount: number;
  collectionCount: number;
  /** sha256 of JSON.stringify(payload). */
  checksum: string;
  ontologies: { subjects: OntologyFileReference; domains: OntologyFileReference };
  payload: CataloguePayload;
}

export interface LoadedCatalogue {
  file: string;
  records: CatalogueRecord[];
  collections: CatalogueCollection[];
  /** The ontology file's terms followed by the extra terms of `vocabularyAdditions`. */
  subjectTerms: OntologyTerm[];
  domainTerms: OntologyTerm[];
  subjectAliases: TermAlias[];
  domainAliases: TermAlias[];
}

export class CatalogueFileError extends Error {
  override name = 'CatalogueFileError';
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function payloadChecksum(payload: CataloguePayload): string {
  return sha256(JSON.stringify(payload));
}

// --- shape checks: small and explicit, so a message names the first bad field ------------

type Check = (value: unknown) => boolean;
const isString: Check = (v) => typeof v === 'string';
const isNullableString: Check = (v) => v === null || typeof v === 'string';
const isNullableInstant: Check = (v) => v === null || (typeof v === 'string' && !Number.isNaN(Date.parse(v)));
const isInteger: Check = (v) => Number.isInteger(v);
const isStringArray: Check = (v) => Array.isArray(v) && v.every(isString);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireFields(where: string, value: unknown, fields: Record<string, Check>): Record<string, unknown> {
  if (!isObject(value)) throw new CatalogueFileError(`${where}: expected an object`);
  for (const [field, check] of Object.entries(fields)) {
    if (!check(value[field])) throw new CatalogueFileError(`${where}: field "${field}" is missing or has the wrong type`);
  }
  return value;
}

const publicationFields: Record<string, Check> = {
  title: isString,
  doi: isNullableString,
  pubmedId: isNullableString,
  authors: isNullableString,
  journal: isNullableString,
  year: (v) => v === null || isInteger(v),
};

function checkLegacy(where: string, value: unknown): void {
  if (value === null) return;
  const legacy = requireFields(where, value, {
    matchedBy: (v) => v === 'name' || v === 'abbreviation',
    legacyIds: isStringArray,
    homepage: isNullableString,
    countries: isStringArray,
    publications: Array.isArray,
    licences: Array.isArray,
    metadata: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
    createdAt: isNullableInstant,
    updatedAt: isNullableInstant,
  });
  (legacy.publications as unknown[]).forEach((p, i) => requireFields(`${where}.publications[${i}]`, p, publicationFields));
  (legacy.licences as unknown[]).forEach((l, i) =>
    requireFields(`${where}.licences[${i}]`, l, { name: isString, url: isNullableString }),
  );
}

function checkRecord(index: number, value: unknown): void {
  const where = `records[${index}]`;
  const record = requireFields(where, value, {
    id: (v) => isInteger(v) && (v as number) > 0,
    doi: isNullableString,
    name: (v) => isString(v) && (v as string).trim() !== '',
    abbreviation: isNullableString,
    description: isString,
    registry: (v) => v === null || (CORPUS_REGISTRIES as readonly unknown[]).includes(v),
    registrySource: isNullableString,
    type: isNullableString,
    status: isNullableString,
    subjects: isStringArray,
    domains: isStringArray,
    taxonomies: isStringArray,
    userDefinedTags: isStringArray,
    isRecommended: (v) => v === null || typeof v === 'boolean',
    associations: Array.isArray,
  });
  (record.associations as unknown[]).forEach((a, i) =>
    requireFields(`${where}.associations[${i}]`, a, { targetId: isInteger, relation: isString }),
  );
  checkLegacy(`${where}.legacy`, record.legacy ?? null);
}

function checkCollection(index: number, value: unknown): void {
  requireFields(`collections[${index}]`, value, {
    id: isInteger,
    name: isString,
    memberIds: (v) => Array.isArray(v) && v.every(isInteger),
  });
}

function checkTerm(where: string, value: unknown): void {
  requireFields(where, value, {
    id: isString,
    name: isString,
    definition: isNullableString,
    parents: isStringArray,
    synonyms: isStringArray,
    iri: isNullableString,
  });
}

function checkAdditions(where: string, value: unknown): VocabularyAdditions {
  const additions = requireFields(where, value, { aliases: Array.isArray, extraTerms: Array.isArray });
  (additions.aliases as unknown[]).forEach((a, i) => requireFields(`${where}.aliases[${i}]`, a, { label: isString, iri: isString }));
  (additions.extraTerms as unknown[]).forEach((t, i) => checkTerm(`${where}.extraTerms[${i}]`, t));
  return additions as unknown as VocabularyAdditions;
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CatalogueFileError(`${file} is not valid JSON (truncated or corrupt?): ${(error as Error).message}`);
  }
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new CatalogueFileError(`cannot read ${file}: ${(error as Error).message}`);
  }
}

async function loadOntologyTerms(catalogueFile: string, label: string, reference: unknown): Promise<OntologyTerm[]> {
  const ref = requireFields(`ontologies.${label}`, reference, { file: isString, termCount: isInteger, sha256: isString });
  const file = resolve(dirname(catalogueFile), ref.file as string);
  const text = await readText(file);
  if (sha256(text) !== ref.sha256) {
    throw new CatalogueFileError(`${file}: checksum does not match the one recorded in ${catalogueFile} (corrupt or edited file)`);
  }
  const terms = parseJson(text, file);
  if (!Array.isArray(terms)) throw new CatalogueFileError(`${file}: expected an array of terms`);
  if (terms.length !== ref.termCount) {
    throw new CatalogueFileError(`${file}: holds ${terms.length} terms, expected ${ref.termCount as number}`);
  }
  terms.forEach((term, i) => checkTerm(`${file} terms[${i}]`, term));
  return terms as OntologyTerm[];
}

/** Parses and fully validates the catalogue file and its ontology files; throws CatalogueFileError. */
export async function loadCatalogueFile(file: string): Promise<LoadedCatalogue> {
  const parsed = parseJson(await readText(file), file);
  const header = requireFields(file, parsed, {
    formatVersion: isInteger,
    recordCount: isInteger,
    collectionCount: isInteger,
    checksum: isString,
    ontologies: isObject,
    payload: isObject,
  });
  if (header.formatVersion !== CATALOGUE_FORMAT_VERSION) {
    throw new CatalogueFileError(`${file}: format version ${String(header.formatVersion)} is not supported (expected ${CATALOGUE_FORMAT_VERSION})`);
  }
  const payload = requireFields(`${file} payload`, header.payload, {
    records: Array.isArray,
    collections: Array.isArray,
    vocabularyAdditions: isObject,
  });
  const records = payload.records as unknown[];
  const collections = payload.collections as unknown[];
  if (records.length !== header.recordCount) {
    throw new CatalogueFileError(`${file}: holds ${records.length} records, header says ${header.recordCount as number} (partial file?)`);
  }
  if (collections.length !== header.collectionCount) {
    throw new CatalogueFileError(`${file}: holds ${collections.length} collections, header says ${header.collectionCount as number}`);
  }
  if (payloadChecksum(payload as unknown as CataloguePayload) !== header.checksum) {
    throw new CatalogueFileError(`${file}: checksum mismatch (corrupt or edited file)`);
  }
  records.forEach((record, i) => checkRecord(i, record));
  collections.forEach((collection, i) => checkCollection(i, collection));
  const ids = new Set<number>();
  for (const record of [...records, ...collections] as { id: number }[]) {
    if (ids.has(record.id)) throw new CatalogueFileError(`${file}: id ${record.id} appears twice`);
    ids.add(record.id);
  }
  const additions = payload.vocabularyAdditions as Record<string, unknown>;
  const subjectAdditions = checkAdditions('vocabularyAdditions.subjects', additions.subjects);
  const domainAdditions = checkAdditions('vocabularyAdditions.domains', additions.domains);
  const ontologies = header.ontologies as Record<string, unknown>;
  return {
    file,
    records: records as CatalogueRecord[],
    collections: collections as CatalogueCollection[],
    subjectTerms: [...(await loadOntologyTerms(file, 'subjects', ontologies.subjects)), ...subjectAdditions.extraTerms],
    domainTerms: [...(await loadOntologyTerms(file, 'domains', ontologies.domains)), ...domainAdditions.extraTerms],
    subjectAliases: subjectAdditions.aliases,
    domainAliases: domainAdditions.aliases,
  };
}
