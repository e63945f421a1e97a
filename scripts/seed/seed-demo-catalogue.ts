/**
 * Loads the real demo catalogue (data/catalogue/records.json) into Postgres:
 *  - reference data first (seedReferenceData),
 *  - the 3,205 corpus records under their real ids and DOIs (2 = LOINC), with type/status from
 *    the curated export where known and from the documented rules (derivation-rules.ts)
 *    otherwise, marked in `records.provenance`,
 *  - the 65 collections the corpus refers to, as Collection records under their real ids with
 *    `collects` associations to their members,
 *  - subjects/domains/taxonomies/tags linked by label (case-insensitive, synonyms too),
 *    associations, and homepage/legacy ids/countries/publications/licences from the 2018 export.
 *
 * The whole file is validated before the first write, the load runs in ONE transaction, and
 * it is idempotent: unchanged rows are not touched, so a second run keeps every `revision`.
 * It writes no outbox rows and queues nothing: the start command rebuilds the whole index
 * (reindex) right after seeding.
 */
import { worldCountries } from './country-list.ts';
import spdxLicences from 'spdx-license-list';
import type { Knex } from 'knex';
import type { Database } from '@registry/platform';
import { loadCatalogueFile, type TermAlias, type CatalogueLicence, type CataloguePublication, type CatalogueRecord } from './catalogue-file.ts';
import {
  deriveIsRecommended,
  deriveRecordType,
  deriveRegistry,
  deriveStatus,
  provenanceOf,
  DEFAULT_STATUS_RULE,
} from './derivation-rules.ts';
import { LabelMatcher, normaliseLabel, type MatchableTerm } from './label-matcher.ts';
import { defaultCatalogueFile } from './paths.ts';
import { EXTRA_COUNTRIES, type RegistryLabel } from './reference-definitions.ts';
import { seedReferenceData, type ReferenceDataReport } from './seed-reference-data.ts';
import { syncByComputedKey, syncLinks, upsertRows, type LinkCounts, type Row, type WriteCounts } from './table-sync.ts';

export interface SeedOptions {
  /** Catalogue file to load; defaults to data/catalogue/records.json. */
  file?: string;
  log?: (line: string) => void;
}

export interface UnmatchedLabel {
  label: string;
  count: number;
}

export interface SeedReport {
  file: string;
  corpusRecords: number;
  collections: number;
  /** Corpus records + collections, by what the write did. */
  records: WriteCounts;
  derived: { registry: number; recordType: number; status: number; isRecommended: number };
  associations: LinkCounts & { skippedMissingTarget: number; skippedUnknownRelation: number };
  links: Record<'subjects' | 'domains' | 'taxonomies' | 'userDefinedTags' | 'countries' | 'publications' | 'licences', LinkCounts>;
  vocabularies: { taxonomies: WriteCounts; userDefinedTags: WriteCounts; publications: WriteCounts; licences: WriteCounts };
  unmatched: { subjects: UnmatchedLabel[]; domains: UnmatchedLabel[]; countries: UnmatchedLabel[] };
  matchedBySynonym: { subjects: number; domains: number };
  legacyMatched: number;
  /** Seeded records whose created/updated dates the sources give, and rows whose dates this run set back to the source's. */
  sourceDates: { created: number; updated: number; corrected: number };
  reference: ReferenceDataReport;
  durationMs: number;
}

export class SeedError extends Error {
  override name = 'SeedError';
}

const REQUIRED_TABLES = ['registries', 'record_types', 'relation_types', 'records', 'subjects', 'domains', 'record_associations'];

/** Fails with one clear line when the schema is missing (migrations not run). */
export async function assertSchemaPresent(db: Database): Promise<void> {
  const { rows } = (await db.raw(`SELECT t, to_regclass(t) IS NOT NULL AS present FROM unnest(?::text[]) AS t`, [REQUIRED_TABLES])) as {
    rows: { t: string; present: boolean }[];
  };
  const missing = rows.filter((row) => !row.present).map((row) => row.t);
  if (missing.length) {
    throw new SeedError(`the database has no ${missing.join(', ')} table(s); run \`npm run migrate\` before seeding`);
  }
}

/** Matches on the table's labels and synonyms, plus the corpus aliases of terms (found by IRI). */
async function termMatcher(db: Knex, table: string, aliases: TermAlias[]): Promise<LabelMatcher> {
  const terms = (await db(table).select('id', 'label', 'synonyms', 'iri').orderBy('id')) as (MatchableTerm & { iri: string | null })[];
  const idByIri = new Map(terms.filter((term) => term.iri).map((term) => [term.iri as string, term.id]));
  const aliasTerms = aliases
    .filter((alias) => idByIri.has(alias.iri))
    .map((alias) => ({ id: idByIri.get(alias.iri) as number, label: alias.label, synonyms: [] }));
  return new LabelMatcher([...terms, ...aliasTerms]);
}

async function countryMatcher(db: Knex): Promise<LabelMatcher> {
  const codes = new Map(((await db('countries').select('id', 'code')) as { id: number; code: string }[]).map((row) => [row.code, row.id]));
  const terms: MatchableTerm[] = [
    ...worldCountries.map((country) => ({
      id: codes.get(country.cca2) as number,
      label: country.name.common,
      synonyms: [country.name.official, ...country.altSpellings],
    })),
    ...EXTRA_COUNTRIES.map((country) => ({ id: codes.get(country.code) as number, label: country.name, synonyms: [] })),
  ];
  return new LabelMatcher(terms.filter((term) => term.id !== undefined));
}

/** Distinct labels across records, first-seen spelling kept, keyed case-insensitively. */
function distinctLabels(lists: string[][]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const list of lists) {
    for (const label of list) {
      const key = normaliseLabel(label);
      if (key && !labels.has(key)) labels.set(key, label.trim());
    }
  }
  return labels;
}

function publicationKey(row: Row): string {
  if (row.doi) return `doi:${String(row.doi).toLowerCase()}`;
  if (row.pubmed_id) return `pubmed:${String(row.pubmed_id)}`;
  return `title:${String(row.title).toLowerCase()}|${String(row.year ?? '')}`;
}

function publicationRow(publication: CataloguePublication): Row {
  return {
    title: publication.title,
    doi: publication.doi,
    pubmed_id: publication.pubmedId,
    authors: publication.authors,
    journal: publication.journal,
    year: publication.year,
  };
}

/** A licence URL without scheme, "www." or a trailing "/legalcode", so legacy and SPDX URLs compare. */
function licenceUrlKey(url: string): string {
  return url.toLowerCase().replace(/^https?:\/\/(www\.)?/, '').replace(/\/(legalcode(\.[a-z]+)?)?\/?$/, '');
}

/** SPDX ids by normalised URL and by name, so a legacy "CC BY 3.0" entry reuses the SPDX row. */
function spdxLookup(): Map<string, string> {
  const lookup = new Map<string, string>();
  for (const [spdxId, licence] of Object.entries(spdxLicences)) {
    if (licence.url) lookup.set(`url:${licenceUrlKey(licence.url)}`, spdxId);
    lookup.set(`name:${licence.name.toLowerCase()}`, spdxId);
  }
  return lookup;
}

function spdxIdFor(licence: CatalogueLicence, lookup: Map<string, string>): string | undefined {
  return (licence.url ? lookup.get(`url:${licenceUrlKey(licence.url)}`) : undefined) ?? lookup.get(`name:${licence.name.toLowerCase()}`);
}

export async function seedDemoCatalogue(db: Database, options: SeedOptions = {}): Promise<SeedReport> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const file = options.file ?? defaultCatalogueFile;

  // Validation first: nothing is written unless the whole file (and its ontologies) is sound.
  const catalogue = await loadCatalogueFile(file);
  await assertSchemaPresent(db);

  const report = await db.transaction(async (trx) => {
    // Two seeds at once would race on the select-then-insert vocabularies.
    await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('registry-demo-catalogue-seed'))`);
    const reference = await seedReferenceData(trx, catalogue);

    const registryIds = new Map(((await trx('registries').select('id', 'name')) as { id: number; name: RegistryLabel }[]).map((r) => [r.name, r.id]));
    const typeRows = (await trx('record_types').select('id', 'name', 'registry_id')) as { id: number; name: string; registry_id: number }[];
    const typeIds = new Map(typeRows.map((row) => [row.name, row]));
    const relationIds = new Map(((await trx('relation_types').select('id', 'name')) as { id: number; name: string }[]).map((r) => [r.name, r.id]));

    // --- records ------------------------------------------------------------------------
    const derivedCounts = { registry: 0, recordType: 0, status: 0, isRecommended: 0 };
    const recordRows: Row[] = catalogue.records.map((record: CatalogueRecord) => {
      const registry = deriveRegistry(record);
      let recordType = deriveRecordType(record, registry.value);
      // A curated type from another registry (never seen so far) would break the registry filter; re-derive.
      if (typeIds.get(recordType.value)?.registry_id !== registryIds.get(registry.value)) {
        recordType = deriveRecordType({ ...record, type: null }, registry.value);
      }
      const status = deriveStatus(record);
      const isRecommended = deriveIsRecommended(record);
      if (registry.provenance) derivedCounts.registry += 1;
      if (recordType.provenance) derivedCounts.recordType += 1;
      if (status.provenance) derivedCounts.status += 1;
      if (isRecommended.provenance) derivedCounts.isRecommended += 1;
      return {
        id: record.id,
        registry_id: registryIds.get(registry.value),
        record_type_id: typeIds.get(recordType.value)?.id ?? null,
        doi: record.doi,
        status: status.value,
        name: record.name,
        abbreviation: record.abbreviation,
        description: record.description,
        homepage: record.legacy?.homepage ?? null,
        legacy_ids: record.legacy?.legacyIds ?? [],
        metadata: JSON.stringify(record.legacy?.metadata ?? {}),
        provenance: JSON.stringify(provenanceOf(record, { registry, recordType, status, isRecommended })),
        is_recommended: isRecommended.value,
        created_at: record.legacy?.createdAt ?? null,
        updated_at: record.legacy?.updatedAt ?? null,
      };
    });
    const collectionRows: Row[] = catalogue.collections.map((collection) => ({
      id: collection.id,
      registry_id: registryIds.get('Collection'),
      record_type_id: typeIds.get('collection')?.id ?? null,
      doi: null,
      status: 'ready',
      name: collection.name,
      abbreviation: null,
      description: '',
      homepage: null,
      legacy_ids: [],
      // Only id, name and members are known: the corpus names its collections but does not describe them.
      provenance: JSON.stringify({ record: 'derived:collection-reference-v1', status: DEFAULT_STATUS_RULE }),
      is_recommended: false,
      created_at: null,
      updated_at: null,
    }));
    const allRows = [...recordRows, ...collectionRows];
    // Dates are what the sources say or NULL, never the day of the seed (see writeSourceDates).
    await trx.raw(`SET LOCAL registry.source_dates = 'on'`);
    const records = await upsertRows(trx, 'records', allRows, ['id'], Object.keys(allRows[0]).filter((c) => !['id', 'created_at', 'updated_at'].includes(c)));
    const sourceDates = await writeSourceDates(trx, allRows);
    await trx.raw(`SET LOCAL registry.source_dates = 'off'`);
    const ownerIds = allRows.map((row) => row.id as number);

    // --- subjects, domains --------------------------------------------------------------
    const subjectMatcher = await termMatcher(trx, 'subjects', catalogue.subjectAliases);
    const domainMatcher = await termMatcher(trx, 'domains', catalogue.domainAliases);
    const subjectLinks = catalogue.records.flatMap((r) => subjectMatcher.matchAll(r.subjects).map((id) => ({ record_id: r.id, subject_id: id })));
    const domainLinks = catalogue.records.flatMap((r) => domainMatcher.matchAll(r.domains).map((id) => ({ record_id: r.id, domain_id: id })));

    // --- taxonomies and user-defined tags: created from the labels the records use ------
    const taxonomyLabels = distinctLabels(catalogue.records.map((r) => r.taxonomies));
    const taxonomies = await syncByComputedKey(
      trx,
      'taxonomies',
      [...taxonomyLabels.values()].map((label) => ({ label })),
      (row) => normaliseLabel(String(row.label)),
      ['label'],
    );
    const tagLabels = distinctLabels(catalogue.records.map((r) => r.userDefinedTags));
    const userDefinedTags = await upsertRows(trx, 'user_defined_tags', [...tagLabels.values()].map((label) => ({ label })), trx.raw('(lower(label))'), []);
    const tagIds = new Map(((await trx('user_defined_tags').select('id', 'label')) as { id: number; label: string }[]).map((t) => [normaliseLabel(t.label), t.id]));
    const linksFor = (labelsOf: (r: CatalogueRecord) => string[], ids: Map<string, number>, column: string) =>
      catalogue.records.flatMap((r) =>
        [...new Set(labelsOf(r).map(normaliseLabel))].filter((key) => ids.has(key)).map((key) => ({ record_id: r.id, [column]: ids.get(key) })),
      );

    // --- legacy export: countries, publications, licences ------------------------------
    const legacyRecords = catalogue.records.filter((r) => r.legacy !== null);
    const countries = await countryMatcher(trx);
    const countryLinks = legacyRecords.flatMap((r) => countries.matchAll(r.legacy?.countries ?? []).map((id) => ({ record_id: r.id, country_id: id })));

    const publications = await syncByComputedKey(
      trx,
      'publications',
      legacyRecords.flatMap((r) => (r.legacy?.publications ?? []).map(publicationRow)),
      publicationKey,
      ['title', 'doi', 'pubmed_id', 'authors', 'journal', 'year'],
    );
    const publicationLinks = legacyRecords.flatMap((r) =>
      [...new Set((r.legacy?.publications ?? []).map((p) => publications.ids.get(publicationKey(publicationRow(p)))))].map((id) => ({
        record_id: r.id,
        publication_id: id,
        is_citation: false,
      })),
    );

    const spdx = spdxLookup();
    const spdxIds = new Map(((await trx('licences').whereNotNull('spdx_id').select('id', 'spdx_id')) as { id: number; spdx_id: string }[]).map((l) => [l.spdx_id, l.id]));
    const otherLicences = legacyRecords.flatMap((r) => (r.legacy?.licences ?? []).filter((l) => !spdxIdFor(l, spdx)));
    const licences = await syncByComputedKey(
      trx,
      'licences',
      otherLicences.map((l) => ({ name: l.name, url: l.url, spdx_id: null })),
      (row) => (row.spdx_id ? `spdx:${String(row.spdx_id)}` : `name:${String(row.name).toLowerCase()}`),
      ['name', 'url', 'spdx_id'],
    );
    const licenceLinks = legacyRecords.flatMap((r) =>
      [
        ...new Set(
          (r.legacy?.licences ?? []).map((l) => {
            const spdxId = spdxIdFor(l, spdx);
            return spdxId ? spdxIds.get(spdxId) : licences.ids.get(`name:${l.name.toLowerCase()}`);
          }),
        ),
      ]
        .filter((id) => id !== undefined)
        .map((id) => ({ record_id: r.id, licence_id: id, relation: 'undefined' })),
    );

    // --- associations (corpus relations + collection membership) ----------------------
    const existingIds = new Set(ownerIds);
    let skippedMissingTarget = 0;
    let skippedUnknownRelation = 0;
    const associationRows: Row[] = [];
    const addAssociation = (recordId: number, targetId: number, relation: string) => {
      const relationId = relationIds.get(relation);
      if (relationId === undefined) skippedUnknownRelation += 1;
      else if (!existingIds.has(targetId)) skippedMissingTarget += 1;
      else associationRows.push({ record_id: recordId, linked_record_id: targetId, relation_type_id: relationId });
    };
    for (const record of catalogue.records) for (const a of record.associations) addAssociation(record.id, a.targetId, a.relation);
    for (const collection of catalogue.collections) for (const member of collection.memberIds) addAssociation(collection.id, member, 'collects');

    const links = {
      subjects: await syncLinks(trx, 'record_subjects', 'record_id', ownerIds, ['record_id', 'subject_id'], subjectLinks),
      domains: await syncLinks(trx, 'record_domains', 'record_id', ownerIds, ['record_id', 'domain_id'], domainLinks),
      taxonomies: await syncLinks(trx, 'record_taxonomies', 'record_id', ownerIds, ['record_id', 'taxonomy_id'], linksFor((r) => r.taxonomies, taxonomies.ids, 'taxonomy_id')),
      userDefinedTags: await syncLinks(trx, 'record_user_defined_tags', 'record_id', ownerIds, ['record_id', 'user_defined_tag_id'], linksFor((r) => r.userDefinedTags, tagIds, 'user_defined_tag_id')),
      countries: await syncLinks(trx, 'record_countries', 'record_id', ownerIds, ['record_id', 'country_id'], countryLinks),
      publications: await syncLinks(trx, 'record_publications', 'record_id', ownerIds, ['record_id', 'publication_id'], publicationLinks),
      licences: await syncLinks(trx, 'licence_links', 'record_id', ownerIds, ['record_id', 'licence_id', 'relation'], licenceLinks),
    };
    const associations = await syncLinks(trx, 'record_associations', 'record_id', ownerIds, ['record_id', 'linked_record_id', 'relation_type_id'], associationRows);

    // New records created in the app continue after the highest real id.
    await trx.raw(`SELECT setval(pg_get_serial_sequence('records', 'id'), GREATEST((SELECT max(id) FROM records), 1))`);

    const result: SeedReport = {
      file,
      corpusRecords: recordRows.length,
      collections: collectionRows.length,
      records,
      derived: derivedCounts,
      associations: { ...associations, skippedMissingTarget, skippedUnknownRelation },
      links,
      vocabularies: { taxonomies: taxonomies.counts, userDefinedTags, publications: publications.counts, licences: licences.counts },
      unmatched: { subjects: subjectMatcher.unmatchedSummary(), domains: domainMatcher.unmatchedSummary(), countries: countries.unmatchedSummary() },
      matchedBySynonym: { subjects: subjectMatcher.matchedBySynonym, domains: domainMatcher.matchedBySynonym },
      legacyMatched: legacyRecords.length,
      sourceDates,
      reference,
      durationMs: 0,
    };
    return result;
  });
  report.durationMs = Date.now() - started;
  for (const line of summariseSeed(report)) log(line);
  return report;
}

/**
 * Sets created_at/updated_at of seeded records that nobody has edited (no edit events) to the
 * source dates or NULL: a database seeded before dates could be unknown held the seed's day.
 * Edited records keep theirs.
 */
async function writeSourceDates(trx: Knex.Transaction, rows: Row[]): Promise<SeedReport['sourceDates']> {
  const dated = rows.map((row) => ({ id: row.id as number, created_at: row.created_at as string | null, updated_at: row.updated_at as string | null }));
  const result = await trx.raw(
    `UPDATE records SET created_at = source.created_at, updated_at = source.updated_at
       FROM jsonb_to_recordset(?::jsonb) AS source(id int, created_at timestamptz, updated_at timestamptz)
      WHERE records.id = source.id
        AND (records.created_at, records.updated_at) IS DISTINCT FROM (source.created_at, source.updated_at)
        AND NOT EXISTS (SELECT 1 FROM edit_events WHERE edit_events.record_id = records.id)`,
    [JSON.stringify(dated)],
  );
  return {
    created: dated.filter((row) => row.created_at).length,
    updated: dated.filter((row) => row.updated_at).length,
    corrected: (result as { rowCount: number }).rowCount,
  };
}

function describeCounts(counts: WriteCounts): string {
  return `${counts.inserted} inserted, ${counts.updated} updated, ${counts.unchanged} unchanged`;
}

function describeUnmatched(kind: string, unmatched: UnmatchedLabel[], limit: number): string[] {
  if (unmatched.length === 0) return [`${kind}: every label matched`];
  const uses = unmatched.reduce((sum, u) => sum + u.count, 0);
  const lines = [`${kind}: ${unmatched.length} distinct labels did not match (${uses} uses)`];
  for (const u of unmatched.slice(0, limit)) lines.push(`  ${u.count} × ${u.label}`);
  if (unmatched.length > limit) lines.push(`  … and ${unmatched.length - limit} more`);
  return lines;
}

/** A short human summary of a seed run (at most 20 lines of unmatched labels). */
export function summariseSeed(report: SeedReport): string[] {
  const { links } = report;
  return [
    `seeded ${report.corpusRecords} corpus records + ${report.collections} collections from ${report.file} in ${(report.durationMs / 1000).toFixed(1)} s`,
    `records: ${describeCounts(report.records)}`,
    `derived by rule (see records.provenance): registry ${report.derived.registry}, record type ${report.derived.recordType}, status ${report.derived.status}, isRecommended ${report.derived.isRecommended}`,
    `associations: ${report.associations.added} added, ${report.associations.removed} removed, ${report.associations.kept} kept; skipped ${report.associations.skippedMissingTarget} with a missing target, ${report.associations.skippedUnknownRelation} with an unknown relation`,
    `links added/removed: subjects ${links.subjects.added}/${links.subjects.removed}, domains ${links.domains.added}/${links.domains.removed}, taxonomies ${links.taxonomies.added}/${links.taxonomies.removed}, tags ${links.userDefinedTags.added}/${links.userDefinedTags.removed}, countries ${links.countries.added}/${links.countries.removed}, publications ${links.publications.added}/${links.publications.removed}, licences ${links.licences.added}/${links.licences.removed}`,
    `legacy 2018 export matched ${report.legacyMatched} records (homepage, legacy ids, countries, publications, licences)`,
    `dates from the sources: ${report.sourceDates.created} created, ${report.sourceDates.updated} updated (the rest unknown); ${report.sourceDates.corrected} rows set to them`,
    `reference: subjects ${describeCounts(report.reference.subjects)}; domains ${describeCounts(report.reference.domains)}`,
    `subjects matched by synonym: ${report.matchedBySynonym.subjects}, domains: ${report.matchedBySynonym.domains}`,
    ...describeUnmatched('subjects', report.unmatched.subjects, 8),
    ...describeUnmatched('domains', report.unmatched.domains, 8),
    ...describeUnmatched('countries', report.unmatched.countries, 4),
  ];
}

