/**
 * Derives the vendored demo catalogue from the shared source data, so that `npm start` and
 * `npm run seed` never need `../shared/data`:
 *   data/catalogue/records.json   3,205 corpus records + 65 collections (CC BY-SA 4.0, FAIRsharing)
 *   data/ontologies/SRAO.terms.json, DRAO.terms.json   the term lists + IRIs from the OWL files (CC BY 4.0)
 * Run: npx tsx scripts/seed/build-catalogue-file.ts   (re-run only when the source data changes)
 *
 * Only facts present in the sources are written. Record type/status are null unless the
 * public API export (216 records) gives them; the seed derives the rest with documented rules.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import {
  CATALOGUE_FORMAT_VERSION,
  CORPUS_REGISTRIES,
  payloadChecksum,
  sha256,
  type CatalogueCollection,
  type CatalogueFile,
  type CatalogueLegacyFields,
  type CatalogueLicence,
  type CataloguePublication,
  type CatalogueRecord,
  type CorpusRegistry,
  type OntologyFileReference,
  type OntologyTerm,
  type VocabularyAdditions,
} from './catalogue-file.ts';
import { LicenceOwnership, type LicenceHolder } from './legacy-licences.ts';
import { defaultCatalogueFile, ontologyDirectory, sharedDataDirectory } from './paths.ts';
import { supportLinkUrl } from './support-links.ts';

// --- source shapes (only the fields we read) ---------------------------------------------

interface MergedRecord {
  id: number;
  doi: string | null;
  name: string;
  abbreviation: string | null;
  description: string | null;
  registry: string | null;
  registrySource: string | null;
  type: string | null;
  status: string | null;
  subjects: string[];
  domains: string[];
  taxonomies: string[];
  userDefinedTags: string[];
  isRecommended: boolean | null;
  collections: { id: number; name: string }[];
  recordAssociations: { targetId: number; relation: string }[];
}

interface ApiTerm {
  id: number;
  label: string;
  iri: string | null;
  definitions: string[];
  synonyms: string[];
}

interface ApiRecord {
  id: number;
  type: string;
  status: string;
  isRecommended: boolean | null;
  subjects: ApiTerm[];
  domains: ApiTerm[];
}

interface SourceTerm {
  id: string;
  name: string;
  definition: string | null;
  parents: string[];
  synonyms: string[];
}

interface LegacyPublication {
  pubmedId?: string | null;
  publicationTitle?: string | null;
  publicationAuthors?: string | null;
  publicationJournal?: string | null;
  doi?: string | null;
  publicationYear?: string | number | null;
}

interface LegacyObject {
  bsg_id: string;
  biodbcore_id?: string | null;
  name: string;
  shortname?: string | null;
  homepage?: string | null;
  countries?: string[];
  publications?: LegacyPublication[];
  licenses?: { name?: string | null; url?: string | null }[];
  yearOfCreation?: number | null;
  contact?: string | null;
  contactEmail?: string | null;
  contactORCID?: string | null;
  supportLinks?: { type?: string | null; name?: string | null; link?: string | null }[];
  added?: string | null;
  updated?: string | null;
  admin_updated?: string | null;
}

const SUPPORT_EMAIL_TYPE = 'Support email';

/** 2018 support-link types mapped onto the support link types of SPEC §3. */
const SUPPORT_LINK_TYPES: Record<string, string> = {
  'online documentation': 'Help documentation',
  help: 'Help documentation',
  faq: 'FAQs',
  'contact form': 'Contact form',
  training: 'Training documentation',
  'tess training': 'Training documentation',
  email: SUPPORT_EMAIL_TYPE,
  'mailing list': 'Mailing list',
  forum: 'Forum',
  twitter: 'Twitter',
  wikipedia: 'Wikipedia',
  blog: 'Blog/News',
  rss: 'Blog/News',
};

async function readJson<T>(name: string): Promise<T> {
  return JSON.parse(await readFile(resolve(sharedDataDirectory, name), 'utf8')) as T;
}

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

// --- ontology IRIs -----------------------------------------------------------------------

/** Term ids in the term files are CURIE-like (NCIT:C1234, c:4318, edamontology:topic_0084); the OWL has full IRIs. */
function resolveIris(terms: SourceTerm[], owl: string): { terms: OntologyTerm[]; unresolved: string[] } {
  const bySegment = new Map<string, string>();
  const all = new Set<string>();
  for (const match of owl.matchAll(/<owl:Class rdf:about="([^"]+)"/g)) {
    const iri = match[1];
    all.add(iri);
    bySegment.set(iri.split(/[/#]/).pop() ?? iri, iri);
  }
  const unresolved: string[] = [];
  const resolved = terms.map((term) => {
    let iri: string | null = null;
    if (all.has(term.id)) iri = term.id;
    else {
      const local = term.id.slice(term.id.indexOf(':') + 1);
      iri = bySegment.get(term.id.replace(':', '_')) ?? bySegment.get(local) ?? null;
    }
    if (!iri) unresolved.push(term.id);
    return {
      id: term.id,
      name: term.name.trim(),
      definition: blankToNull(term.definition),
      parents: term.parents,
      synonyms: term.synonyms,
      iri,
    };
  });
  return { terms: resolved, unresolved };
}

/**
 * Corpus labels that match no ontology term (label or synonym) but that the API export
 * describes: an alias when the API's IRI is an ontology term's IRI, else an extra term.
 */
function vocabularyAdditions(
  kind: 'subjects' | 'domains',
  corpus: MergedRecord[],
  api: ApiRecord[],
  ontology: OntologyTerm[],
): VocabularyAdditions {
  const key = (label: string) => label.trim().toLowerCase().replace(/\s+/g, ' ');
  const known = new Set(ontology.flatMap((term) => [term.name, ...term.synonyms].map(key)));
  const iris = new Set(ontology.map((term) => term.iri).filter(Boolean));
  const apiTerms = new Map<string, ApiTerm>();
  for (const record of api) for (const term of record[kind]) if (!apiTerms.has(key(term.label))) apiTerms.set(key(term.label), term);
  const additions: VocabularyAdditions = { aliases: [], extraTerms: [] };
  const seen = new Set<string>();
  for (const record of corpus) {
    for (const label of record[kind]) {
      const k = key(label);
      const term = apiTerms.get(k);
      if (known.has(k) || seen.has(k) || !term) continue;
      seen.add(k);
      if (term.iri && iris.has(term.iri)) additions.aliases.push({ label: term.label.trim(), iri: term.iri });
      else {
        additions.extraTerms.push({
          id: `FAIRsharing-${kind === 'subjects' ? 'subject' : 'domain'}:${term.id}`,
          name: term.label.trim(),
          definition: term.definitions[0]?.trim() || null,
          parents: [],
          synonyms: [...new Set(term.synonyms)],
          iri: term.iri,
        });
      }
    }
  }
  return additions;
}

// --- legacy 2018 export ------------------------------------------------------------------

/** Every object with a bsg id, wherever it is nested; fields merged per id (first non-empty wins). */
function collectLegacyObjects(root: unknown): Map<string, LegacyObject> {
  const byId = new Map<string, LegacyObject>();
  const walk = (value: unknown, isRoot: boolean): void => {
    if (Array.isArray(value)) return value.forEach((item) => walk(item, false));
    if (typeof value !== 'object' || value === null) return;
    const object = value as Record<string, unknown>;
    // The root is the collection bsg-c000001 itself, not a record of the corpus.
    if (!isRoot && typeof object.bsg_id === 'string' && typeof object.name === 'string') {
      const found = object as unknown as LegacyObject;
      const known = byId.get(found.bsg_id);
      if (!known) byId.set(found.bsg_id, { ...found });
      else {
        known.biodbcore_id ??= found.biodbcore_id;
        known.shortname ??= found.shortname;
        if (!known.homepage) known.homepage = found.homepage;
        if (!known.countries?.length) known.countries = found.countries;
        if (!known.publications?.length) known.publications = found.publications;
        if (!known.licenses?.length) known.licenses = found.licenses;
        known.yearOfCreation ??= found.yearOfCreation;
        if (!known.contact) known.contact = found.contact;
        if (!known.contactEmail) known.contactEmail = found.contactEmail;
        if (!known.contactORCID) known.contactORCID = found.contactORCID;
        if (!known.supportLinks?.length) known.supportLinks = found.supportLinks;
        known.added ??= found.added;
        known.updated ??= found.updated;
      }
    }
    Object.values(object).forEach((child) => walk(child, false));
  };
  walk(root, true);
  return byId;
}

function toPublication(source: LegacyPublication): CataloguePublication | null {
  const title = blankToNull(source.publicationTitle);
  if (!title) return null;
  const year = Number(source.publicationYear);
  return {
    title,
    doi: blankToNull(source.doi),
    pubmedId: blankToNull(source.pubmedId === null || source.pubmedId === undefined ? null : String(source.pubmedId)),
    authors: blankToNull(source.publicationAuthors),
    journal: blankToNull(source.publicationJournal),
    year: Number.isInteger(year) && year > 0 ? year : null,
  };
}

/** Contacts, support links and year of creation, in the record metadata keys the API serves. */
function toLegacyMetadata(object: LegacyObject): CatalogueLegacyFields['metadata'] {
  const metadata: CatalogueLegacyFields['metadata'] = {};
  if (Number.isInteger(object.yearOfCreation) && (object.yearOfCreation ?? 0) > 0) metadata.year_creation = object.yearOfCreation as number;
  const contactName = blankToNull(object.contact);
  const contactEmail = blankToNull(object.contactEmail);
  if (contactName && contactEmail) {
    metadata.contacts = [{ contact_name: contactName, contact_email: contactEmail, contact_orcid: blankToNull(object.contactORCID) ?? '' }];
  }
  const supportLinks = (object.supportLinks ?? []).flatMap((link) => {
    const address = blankToNull(link.link);
    if (!address) return [];
    const type = SUPPORT_LINK_TYPES[(link.type ?? '').trim().toLowerCase()] ?? 'Other';
    return [{ url: supportLinkUrl(address, type), name: blankToNull(link.name) ?? '', type }];
  });
  // The support section's schema asks a contact for a name and an address; an address without a name is still the
  // record's support address, and a name without an address reaches nobody, so it is left out.
  if (contactEmail && !contactName) {
    const url = supportLinkUrl(contactEmail, SUPPORT_EMAIL_TYPE);
    if (!supportLinks.some((link) => link.url === url)) supportLinks.push({ url, name: '', type: SUPPORT_EMAIL_TYPE });
  }
  if (supportLinks.length) metadata.support_links = supportLinks;
  return metadata;
}

/**
 * A 2018 timestamp (`2017-05-09T11:37:47.831560`, no zone; the export's server ran on UTC) as
 * an ISO instant, or null when absent or unreadable.
 */
function legacyInstant(value: string | null | undefined): string | null {
  const text = blankToNull(value);
  if (!text || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/.test(text)) return null;
  const instant = new Date(`${text.slice(0, 23)}Z`);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/**
 * `added` is when the record was created and `updated` its last change of any kind.
 * `admin_updated` (the last curator edit, never later than `updated`) is not a date the
 * records table holds, so it is not used.
 */
function legacyDates(object: LegacyObject): Pick<CatalogueLegacyFields, 'createdAt' | 'updatedAt'> {
  const createdAt = legacyInstant(object.added);
  const updatedAt = legacyInstant(object.updated);
  return { createdAt, updatedAt: updatedAt && createdAt && updatedAt < createdAt ? createdAt : updatedAt };
}

function toLegacyFields(
  object: LegacyObject,
  matchedBy: 'name' | 'abbreviation',
  record: MergedRecord,
  licenceOwnership: LicenceOwnership,
): CatalogueLegacyFields {
  const homepage = blankToNull(object.homepage);
  const licences: CatalogueLicence[] = [];
  for (const licence of object.licenses ?? []) {
    const name = blankToNull(licence.name);
    if (name && !licences.some((known) => known.name === name)) licences.push({ name, url: blankToNull(licence.url) });
  }
  const holder: LicenceHolder = { id: record.id, name: record.name, abbreviation: record.abbreviation, homepage };
  return {
    matchedBy,
    legacyIds: [object.bsg_id, ...(object.biodbcore_id ? [object.biodbcore_id] : [])],
    homepage,
    countries: [...new Set((object.countries ?? []).map((c) => c.trim()).filter(Boolean))],
    publications: (object.publications ?? []).map(toPublication).filter((p): p is CataloguePublication => p !== null),
    licences: licenceOwnership.ownLicences(licences, holder),
    metadata: toLegacyMetadata(object),
    ...legacyDates(object),
  };
}

/** Name match first (case-insensitive); abbreviation only when it is unique on both sides. */
function matchLegacy(records: MergedRecord[], legacy: Map<string, LegacyObject>): Map<number, CatalogueLegacyFields> {
  const key = (value: string) => value.trim().toLowerCase();
  const byName = new Map<string, number[]>();
  const byAbbreviation = new Map<string, number[]>();
  for (const record of records) {
    byName.set(key(record.name), [...(byName.get(key(record.name)) ?? []), record.id]);
    if (record.abbreviation) {
      const abbreviation = key(record.abbreviation);
      byAbbreviation.set(abbreviation, [...(byAbbreviation.get(abbreviation) ?? []), record.id]);
    }
  }
  const shortnameCounts = new Map<string, number>();
  for (const object of legacy.values()) {
    if (object.shortname) shortnameCounts.set(key(object.shortname), (shortnameCounts.get(key(object.shortname)) ?? 0) + 1);
  }
  const recordsById = new Map(records.map((record) => [record.id, record]));
  const licenceOwnership = new LicenceOwnership(records);
  const matches = new Map<number, CatalogueLegacyFields>();
  const match = (recordId: number, object: LegacyObject, matchedBy: 'name' | 'abbreviation') =>
    matches.set(recordId, toLegacyFields(object, matchedBy, recordsById.get(recordId) as MergedRecord, licenceOwnership));
  for (const object of legacy.values()) {
    const named = byName.get(key(object.name));
    if (named?.length === 1 && !matches.has(named[0])) {
      match(named[0], object, 'name');
      continue;
    }
    const shortname = object.shortname ? key(object.shortname) : null;
    const abbreviated = shortname ? byAbbreviation.get(shortname) : undefined;
    if (shortname && abbreviated?.length === 1 && shortnameCounts.get(shortname) === 1 && !matches.has(abbreviated[0])) {
      match(abbreviated[0], object, 'abbreviation');
    }
  }
  return matches;
}

// --- main --------------------------------------------------------------------------------

async function writeOntology(name: string, terms: OntologyTerm[]): Promise<OntologyFileReference> {
  const file = resolve(ontologyDirectory, `${name}.terms.json`);
  // One term per line: small diffs when the ontology changes, still compact.
  const text = `[\n${terms.map((term) => JSON.stringify(term)).join(',\n')}\n]\n`;
  await writeFile(file, text);
  return { file: relative(resolve(defaultCatalogueFile, '..'), file), termCount: terms.length, sha256: sha256(text) };
}

async function main(): Promise<void> {
  const merged = await readJson<MergedRecord[]>('fairsharing_records_merged.json');
  const api = await readJson<ApiRecord[]>('fairsharing_api_records_216.json');
  const legacy = collectLegacyObjects(await readJson<unknown>('biosharing_legacy_collection_bsg-c000001_2018.json'));
  const curated = new Map(api.map((record) => [record.id, record]));
  const legacyMatches = matchLegacy(merged, legacy);

  const collections = new Map<number, CatalogueCollection>();
  const records: CatalogueRecord[] = merged
    .slice()
    .sort((a, b) => a.id - b.id)
    .map((source) => {
      for (const collection of source.collections) {
        const known = collections.get(collection.id) ?? { id: collection.id, name: collection.name.trim(), memberIds: [] };
        known.memberIds.push(source.id);
        collections.set(collection.id, known);
      }
      const typed = curated.get(source.id);
      const registry = (CORPUS_REGISTRIES as readonly (string | null)[]).includes(source.registry)
        ? (source.registry as CorpusRegistry)
        : null;
      return {
        id: source.id,
        doi: blankToNull(source.doi),
        name: source.name.trim(),
        abbreviation: blankToNull(source.abbreviation),
        description: (source.description ?? '').trim(),
        registry,
        registrySource: source.registrySource,
        type: typed?.type ?? source.type ?? null,
        status: typed?.status ?? source.status ?? null,
        subjects: source.subjects,
        domains: source.domains,
        taxonomies: source.taxonomies,
        userDefinedTags: source.userDefinedTags,
        isRecommended: typed ? typed.isRecommended : source.isRecommended,
        associations: source.recordAssociations.map(({ targetId, relation }) => ({ targetId, relation })),
        legacy: legacyMatches.get(source.id) ?? null,
      };
    });

  await mkdir(ontologyDirectory, { recursive: true });
  await mkdir(resolve(defaultCatalogueFile, '..'), { recursive: true });
  const subjects = resolveIris(await readJson<SourceTerm[]>('SRAO.terms.json'), await readFile(resolve(sharedDataDirectory, 'SRAO.owl'), 'utf8'));
  const domains = resolveIris(await readJson<SourceTerm[]>('DRAO.terms.json'), await readFile(resolve(sharedDataDirectory, 'DRAO.owl'), 'utf8'));

  const payload = {
    records,
    collections: [...collections.values()].sort((a, b) => a.id - b.id),
    vocabularyAdditions: {
      subjects: vocabularyAdditions('subjects', merged, api, subjects.terms),
      domains: vocabularyAdditions('domains', merged, api, domains.terms),
    },
  };
  const catalogue: CatalogueFile = {
    formatVersion: CATALOGUE_FORMAT_VERSION,
    licence: 'Record content from FAIRsharing.org, CC BY-SA 4.0 (see NOTICE)',
    sources: [
      'fairsharing_records_merged.json',
      'fairsharing_api_records_216.json',
      'biosharing_legacy_collection_bsg-c000001_2018.json',
    ],
    recordCount: payload.records.length,
    collectionCount: payload.collections.length,
    checksum: payloadChecksum(payload),
    ontologies: {
      subjects: await writeOntology('SRAO', subjects.terms),
      domains: await writeOntology('DRAO', domains.terms),
    },
    payload,
  };
  const text = JSON.stringify(catalogue);
  await writeFile(defaultCatalogueFile, `${text}\n`);

  const byMatch = [...legacyMatches.values()].reduce<Record<string, number>>((counts, fields) => {
    counts[fields.matchedBy] = (counts[fields.matchedBy] ?? 0) + 1;
    return counts;
  }, {});
  console.log(`wrote ${relative(process.cwd(), defaultCatalogueFile)}: ${records.length} records, ${catalogue.collectionCount} collections, ${(text.length / 1e6).toFixed(2)} MB`);
  const matched = [...legacyMatches.values()];
  console.log(`legacy 2018 export: ${legacy.size} records, ${legacyMatches.size} matched (${JSON.stringify(byMatch)})`);
  console.log(`  dates from the 2018 export: ${matched.filter((f) => f.createdAt).length} created, ${matched.filter((f) => f.updatedAt).length} updated`);
  console.log(`ontologies: SRAO ${subjects.terms.length} terms (${subjects.unresolved.length} without IRI), DRAO ${domains.terms.length} terms (${domains.unresolved.length} without IRI)`);
  for (const kind of ['subjects', 'domains'] as const) {
    const { aliases, extraTerms } = payload.vocabularyAdditions[kind];
    console.log(`${kind} from the API export: ${aliases.length} aliases of ontology terms (same IRI), ${extraTerms.length} extra terms`);
  }
  if (subjects.unresolved.length + domains.unresolved.length) console.log(`  no IRI: ${[...subjects.unresolved, ...domains.unresolved].join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(`error: ${(error as Error).message}`);
  process.exit(1);
});
