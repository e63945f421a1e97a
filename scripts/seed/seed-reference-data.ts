/**
 * Reference data every installation needs, loaded idempotently (upserts on natural keys):
 * registries, record types, relation types (+ allowed registry pairs), object types, organisation types,
 * countries (ISO 3166-1 from `world-countries`), licences (SPDX list), and the SRAO subject
 * and DRAO domain trees from the vendored ontology files. Like the catalogue seed it writes
 * no outbox rows: the start command rebuilds the whole index after seeding.
 */
import spdxLicences from 'spdx-license-list';
import { worldCountries } from './country-list.ts';
import type { Database } from '@registry/platform';
import { loadCatalogueFile, type OntologyTerm } from './catalogue-file.ts';
import { defaultCatalogueFile } from './paths.ts';
import {
  EXTRA_COUNTRIES,
  OBJECT_TYPE_DEFINITIONS,
  ORGANISATION_TYPE_NAMES,
  RECORD_TYPE_DEFINITIONS,
  REGISTRY_DEFINITIONS,
  RELATION_TYPE_DEFINITIONS,
} from './reference-definitions.ts';
import { syncByComputedKey, syncLinks, upsertRows, type LinkCounts, type WriteCounts } from './table-sync.ts';

export interface OntologyTerms {
  subjectTerms: OntologyTerm[];
  domainTerms: OntologyTerm[];
}

export interface ReferenceDataReport {
  registries: WriteCounts;
  recordTypes: WriteCounts;
  relationTypes: WriteCounts;
  allowedAssociations: LinkCounts;
  objectTypes: WriteCounts;
  organisationTypes: WriteCounts;
  countries: WriteCounts;
  licences: WriteCounts;
  subjects: WriteCounts;
  subjectParents: LinkCounts;
  domains: WriteCounts;
  domainParents: LinkCounts;
}

async function idsByName(db: Database, table: string, column = 'name'): Promise<Map<string, number>> {
  const rows = (await db(table).select('id', column)) as { id: number; [key: string]: unknown }[];
  return new Map(rows.map((row) => [String(row[column]), row.id]));
}

/** Terms upserted on `ontology_id`, then their parent links made equal to the ontology's. */
async function seedOntology(
  db: Database,
  table: 'subjects' | 'domains',
  parentTable: 'subject_parents' | 'domain_parents',
  childColumn: 'subject_id' | 'domain_id',
  terms: OntologyTerm[],
): Promise<{ terms: WriteCounts; parents: LinkCounts }> {
  const counts = await upsertRows(
    db,
    table,
    terms.map((term) => ({
      ontology_id: term.id,
      label: term.name,
      iri: term.iri,
      definitions: term.definition ? [term.definition] : [],
      synonyms: term.synonyms,
    })),
    ['ontology_id'],
    ['label', 'iri', 'definitions', 'synonyms'],
  );
  const ids = await idsByName(db, table, 'ontology_id');
  const wanted = terms.flatMap((term) =>
    term.parents.filter((parent) => ids.has(parent)).map((parent) => ({ [childColumn]: ids.get(term.id), parent_id: ids.get(parent) })),
  );
  const owners = terms.map((term) => ids.get(term.id) as number);
  const parents = await syncLinks(db, parentTable, childColumn, owners, [childColumn, 'parent_id'], wanted);
  return { terms: counts, parents };
}

export async function seedReferenceData(db: Database, ontologies?: OntologyTerms): Promise<ReferenceDataReport> {
  const terms = ontologies ?? (await loadCatalogueFile(defaultCatalogueFile));

  const registries = await upsertRows(db, 'registries', REGISTRY_DEFINITIONS, ['name'], ['description']);
  const registryIds = await idsByName(db, 'registries');
  const recordTypes = await upsertRows(
    db,
    'record_types',
    RECORD_TYPE_DEFINITIONS.map((type) => ({ name: type.name, description: type.description, registry_id: registryIds.get(type.registry) })),
    ['name'],
    ['description', 'registry_id'],
  );
  const relationTypes = await upsertRows(
    db,
    'relation_types',
    RELATION_TYPE_DEFINITIONS.map(({ name, description }) => ({ name, description })),
    ['name'],
    ['description'],
  );
  const relationIds = await idsByName(db, 'relation_types');
  const allowedAssociations = await syncLinks(
    db,
    'relation_type_allowed_associations',
    'relation_type_id',
    RELATION_TYPE_DEFINITIONS.map((relation) => relationIds.get(relation.name) as number),
    ['relation_type_id', 'from_registry_id', 'to_registry_id'],
    RELATION_TYPE_DEFINITIONS.flatMap((relation) =>
      relation.allowed.map(([from, to]) => ({
        relation_type_id: relationIds.get(relation.name),
        from_registry_id: registryIds.get(from),
        to_registry_id: registryIds.get(to),
      })),
    ),
  );

  const { counts: objectTypes } = await syncByComputedKey(
    db,
    'object_types',
    OBJECT_TYPE_DEFINITIONS.map(({ label, definition }) => ({ label, definitions: [definition] })),
    (row) => String(row.label).toLowerCase(),
    ['label', 'definitions'],
  );

  // Added when missing; a type an installation renamed or added is left as it is.
  const organisationTypes = await upsertRows(db, 'organisation_types', ORGANISATION_TYPE_NAMES.map((name) => ({ name })), ['name'], []);

  const countries = await upsertRows(
    db,
    'countries',
    [...worldCountries.map((country) => ({ code: country.cca2, name: country.name.common })), ...EXTRA_COUNTRIES].sort((a, b) =>
      a.code.localeCompare(b.code),
    ),
    ['code'],
    ['name'],
  );

  const licences = await upsertRows(
    db,
    'licences',
    Object.entries(spdxLicences)
      .map(([spdxId, licence]) => ({ spdx_id: spdxId, name: licence.name, url: licence.url || null }))
      .sort((a, b) => a.spdx_id.localeCompare(b.spdx_id)),
    ['spdx_id'],
    ['name', 'url'],
  );

  const subjects = await seedOntology(db, 'subjects', 'subject_parents', 'subject_id', terms.subjectTerms);
  const domains = await seedOntology(db, 'domains', 'domain_parents', 'domain_id', terms.domainTerms);

  return {
    registries,
    recordTypes,
    relationTypes,
    allowedAssociations,
    objectTypes,
    organisationTypes,
    countries,
    licences,
    subjects: subjects.terms,
    subjectParents: subjects.parents,
    domains: domains.terms,
    domainParents: domains.parents,
  };
}
