import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@registry/platform';
import type { CatalogueFile } from '../../scripts/seed/catalogue-file.ts';
import { CatalogueFileError } from '../../scripts/seed/catalogue-file.ts';
import { defaultCatalogueFile } from '../../scripts/seed/paths.ts';
import { seedDemoCatalogue, type SeedReport } from '../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { writeCatalogueVariant } from './catalogue-variants.ts';

/** md5 over the identity and revision of every seeded row, and over every link table. */
async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  const queries: Record<string, string> = {
    records: `SELECT md5(string_agg(id || ':' || revision || ':' || coalesce(record_type_id, 0) || ':' || status, ',' ORDER BY id)) AS v FROM records`,
    subjects: `SELECT md5(string_agg(id || ':' || revision, ',' ORDER BY id)) AS v FROM subjects`,
    domains: `SELECT md5(string_agg(id || ':' || revision, ',' ORDER BY id)) AS v FROM domains`,
    taxonomies: `SELECT md5(string_agg(id || ':' || revision, ',' ORDER BY id)) AS v FROM taxonomies`,
    licences: `SELECT md5(string_agg(id || ':' || revision, ',' ORDER BY id)) AS v FROM licences`,
    publications: `SELECT md5(string_agg(id || ':' || revision, ',' ORDER BY id)) AS v FROM publications`,
    recordSubjects: `SELECT md5(string_agg(record_id || ':' || subject_id, ',' ORDER BY record_id, subject_id)) AS v FROM record_subjects`,
    recordDomains: `SELECT md5(string_agg(record_id || ':' || domain_id, ',' ORDER BY record_id, domain_id)) AS v FROM record_domains`,
    recordTaxonomies: `SELECT md5(string_agg(record_id || ':' || taxonomy_id, ',' ORDER BY record_id, taxonomy_id)) AS v FROM record_taxonomies`,
    recordTags: `SELECT md5(string_agg(record_id || ':' || user_defined_tag_id, ',' ORDER BY record_id, user_defined_tag_id)) AS v FROM record_user_defined_tags`,
    recordCountries: `SELECT md5(string_agg(record_id || ':' || country_id, ',' ORDER BY record_id, country_id)) AS v FROM record_countries`,
    recordPublications: `SELECT md5(string_agg(record_id || ':' || publication_id, ',' ORDER BY record_id, publication_id)) AS v FROM record_publications`,
    licenceLinks: `SELECT md5(string_agg(id || ':' || record_id || ':' || licence_id, ',' ORDER BY id)) AS v FROM licence_links`,
    associations: `SELECT md5(string_agg(id || ':' || record_id || ':' || linked_record_id || ':' || relation_type_id, ',' ORDER BY id)) AS v FROM record_associations`,
    parents: `SELECT md5(string_agg(subject_id || ':' || parent_id, ',' ORDER BY subject_id, parent_id)) AS v FROM subject_parents`,
  };
  const fingerprint: Record<string, string> = {};
  for (const [name, sql] of Object.entries(queries)) {
    const { rows } = (await db.raw(sql)) as { rows: { v: string }[] };
    fingerprint[name] = rows[0].v;
  }
  return fingerprint;
}

async function count(db: Database, table: string): Promise<number> {
  const [{ n }] = (await db(table).count({ n: '*' })) as { n: string | number }[];
  return Number(n);
}

describe('seedDemoCatalogue on an empty database', () => {
  let env: IsolatedEnvironment;
  let first: SeedReport;
  let second: SeedReport;
  let fingerprintAfterFirst: Record<string, string>;
  let fingerprintAfterSecond: Record<string, string>;
  let catalogue: CatalogueFile;

  beforeAll(async () => {
    env = await createIsolatedEnvironment('seed');
    catalogue = JSON.parse(await readFile(defaultCatalogueFile, 'utf8')) as CatalogueFile;
    first = await seedDemoCatalogue(env.db);
    fingerprintAfterFirst = await databaseFingerprint(env.db);
    second = await seedDemoCatalogue(env.db);
    fingerprintAfterSecond = await databaseFingerprint(env.db);
  });
  afterAll(async () => env?.cleanup());

  it('loads the 3,205 corpus records and the 65 collections under their real ids', async () => {
    expect(first.corpusRecords).toBe(3205);
    expect(first.collections).toBe(65);
    expect(first.records).toEqual({ inserted: 3270, updated: 0, unchanged: 0 });
    expect(await count(env.db, 'records')).toBe(3270);
    const byRegistry = (await env.db('records')
      .join('registries', 'registries.id', 'records.registry_id')
      .groupBy('registries.name')
      .select('registries.name')
      .count({ n: '*' })) as { name: string; n: string }[];
    const counts = Object.fromEntries(byRegistry.map((row) => [row.name, Number(row.n)]));
    expect(counts.Collection).toBe(65);
    // 31 corpus records have no registry in the source; the rule puts each in one of the three.
    expect(counts.Standard + counts.Database + counts.Policy).toBe(3205);
    expect(counts.Standard).toBeGreaterThanOrEqual(1436);
    expect(counts.Database).toBeGreaterThanOrEqual(1592);
    expect(counts.Policy).toBeGreaterThanOrEqual(146);
  });

  it('loads the reference data', async () => {
    expect((await env.db('registries').orderBy('name').pluck('name')) as string[]).toEqual(['Collection', 'Database', 'Policy', 'Standard']);
    // SRAO/DRAO terms plus the few terms the corpus uses that only the API export describes.
    const additions = catalogue.payload.vocabularyAdditions;
    expect(await count(env.db, 'subjects')).toBe(444 + additions.subjects.extraTerms.length);
    expect(await count(env.db, 'domains')).toBe(899 + additions.domains.extraTerms.length);
    expect(await env.db('subjects').whereNotNull('ontology_id').whereRaw(`ontology_id NOT LIKE 'FAIRsharing-%'`).count({ n: '*' })).toEqual([{ n: 444 }]);
    expect(await count(env.db, 'subject_parents')).toBeGreaterThan(444);
    expect(await count(env.db, 'countries')).toBeGreaterThanOrEqual(250);
    expect(await count(env.db, 'licences')).toBeGreaterThan(600);
    const life = await env.db('subjects').where({ label: 'Life Science' }).first();
    expect(life.iri).toBe('http://aims.fao.org/aos/agrovoc/c_4318');
    const journal = await env.db('record_types').join('registries', 'registries.id', 'record_types.registry_id').where('record_types.name', 'journal').first('registries.name');
    expect(journal.name).toBe('Policy');
  });

  it('keeps LOINC as record 2 with its DOI, curated type and no provenance marks', async () => {
    const loinc = await env.db('records').leftJoin('record_types', 'record_types.id', 'records.record_type_id').where('records.id', 2).first('records.*', 'record_types.name as type');
    expect(loinc.abbreviation).toBe('LOINC');
    expect(loinc.doi).toBe('10.25504/FAIRsharing.2mk2zb');
    expect(loinc.type).toBe('terminology_artefact');
    expect(loinc.status).toBe('ready');
    expect(loinc.provenance).toEqual({});
    const subjects = await env.db('record_subjects').join('subjects', 'subjects.id', 'record_subjects.subject_id').where('record_id', 2).pluck('label');
    expect(subjects).toEqual(expect.arrayContaining(['Life Science', 'Biomedical Science']));
  });

  it('marks derived values in provenance', async () => {
    const record = await env.db('records').where('id', 1).first();
    expect(record.provenance.record_type).toMatch(/^derived:/);
    expect(record.provenance.status).toMatch(/^derived:/);
    expect(first.derived.recordType).toBe(3205 - 216);
  });

  it('keeps the real type and status of the 216 curated records', async () => {
    const curated = catalogue.payload.records.filter((record) => record.type !== null);
    expect(curated).toHaveLength(216);
    const rows = (await env.db('records')
      .join('record_types', 'record_types.id', 'records.record_type_id')
      .whereIn('records.id', curated.map((record) => record.id))
      .select('records.id', 'records.status', 'record_types.name as type', 'records.provenance')) as { id: number; status: string; type: string; provenance: Record<string, string> }[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const record of curated) {
      expect(byId.get(record.id)).toMatchObject({ type: record.type, status: record.status });
      expect(byId.get(record.id)?.provenance.record_type).toBeUndefined();
    }
  });

  it('creates collections with collects associations to their members', async () => {
    const members = await env.db('record_associations')
      .join('relation_types', 'relation_types.id', 'record_associations.relation_type_id')
      .where({ record_id: 3503, 'relation_types.name': 'collects' })
      .pluck('linked_record_id');
    expect(members).toContain(2);
    expect(first.associations.skippedMissingTarget).toBeGreaterThan(0);
  });

  it('takes legacy ids and homepages from the 2018 export and moves the id sequence past the highest id', async () => {
    expect(first.legacyMatched).toBeGreaterThan(200);
    const withLegacy = await env.db('records').whereRaw('cardinality(legacy_ids) > 0').count({ n: '*' });
    expect(Number(withLegacy[0].n)).toBe(first.legacyMatched);
    const { rows } = (await env.db.raw('SELECT last_value FROM records_id_seq')) as { rows: { last_value: number }[] };
    expect(Number(rows[0].last_value)).toBe(Math.max(...catalogue.payload.records.map((r) => r.id), ...catalogue.payload.collections.map((c) => c.id)));
  });

  it('writes the 2018 export\'s dates for matched records and no date where the sources have none', async () => {
    const sourced = catalogue.payload.records.filter((record) => record.legacy?.createdAt || record.legacy?.updatedAt);
    expect(first.sourceDates.created).toBeGreaterThan(0);
    expect(first.sourceDates.updated).toBeGreaterThan(first.sourceDates.created);
    const rows = (await env.db('records').whereNotNull('created_at').orWhereNotNull('updated_at').select('id', 'created_at', 'updated_at')) as { id: number; created_at: Date | null; updated_at: Date | null }[];
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(sourced.map((record) => record.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const record of sourced) {
      expect(byId.get(record.id)?.created_at?.toISOString() ?? null).toBe(record.legacy?.createdAt ?? null);
      expect(byId.get(record.id)?.updated_at?.toISOString() ?? null).toBe(record.legacy?.updatedAt ?? null);
    }
    // The export ends in 2018: no seeded record claims the day the seed ran.
    const recent = await env.db('records').where('created_at', '>', '2019-01-01').orWhere('updated_at', '>', '2019-01-01').count({ n: '*' });
    expect(Number(recent[0].n)).toBe(0);
  });

  it('is idempotent: a second run changes no row, no link and no revision', () => {
    expect(second.records).toEqual({ inserted: 0, updated: 0, unchanged: 3270 });
    expect(second.sourceDates.corrected).toBe(0);
    expect(second.associations.added + second.associations.removed).toBe(0);
    for (const links of Object.values(second.links)) expect(links.added + links.removed).toBe(0);
    expect(second.reference.subjects.updated + second.reference.domains.updated).toBe(0);
    expect(fingerprintAfterSecond).toEqual(fingerprintAfterFirst);
  });
});

describe('seedDemoCatalogue on a database seeded when dates were the seed day', () => {
  let env: IsolatedEnvironment;
  beforeAll(async () => {
    env = await createIsolatedEnvironment('seed_dates');
    await seedDemoCatalogue(env.db);
  });
  afterAll(async () => env?.cleanup());

  it('sets never-edited seeded records back to the source dates; edited records keep theirs', async () => {
    const seedDay = new Date('2026-11-20T09:00:00Z');
    const editedAt = new Date('2026-11-21T10:00:00Z');
    await env.db('records').update({ created_at: seedDay, updated_at: seedDay });
    await env.db('records').where({ id: 2 }).update({ updated_at: editedAt });
    await env.db('edit_events').insert({ record_id: 2, edit_type: 'update', edit_event: JSON.stringify({ changed: ['description'] }) });

    const report = await seedDemoCatalogue(env.db);
    expect(report.sourceDates.corrected).toBe(3270 - 1);
    expect(report.records.updated).toBe(0);
    const stillSeedDay = await env.db('records').where('created_at', seedDay).orWhere('updated_at', seedDay).pluck('id');
    expect(stillSeedDay).toEqual([2]);
    const loinc = await env.db('records').where({ id: 2 }).first('updated_at');
    expect(loinc.updated_at).toEqual(editedAt);
  });
});

describe('seedDemoCatalogue with a bad or edited file', () => {
  let env: IsolatedEnvironment;
  beforeAll(async () => {
    env = await createIsolatedEnvironment('seed_bad');
  });
  afterAll(async () => env?.cleanup());

  const badFiles: [string, Parameters<typeof writeCatalogueVariant>[0], RegExp][] = [
    ['truncated JSON', { text: (text) => text.slice(0, Math.floor(text.length / 2)) }, /not valid JSON/],
    ['a wrong record count', { edit: (c) => { c.recordCount += 1; } }, /header says/],
    ['a partial payload', { edit: (c) => { c.payload.records.pop(); }, keepChecksum: true }, /header says/],
    ['an edited record', { edit: (c) => { c.payload.records[0].name = 'Edited'; }, keepChecksum: true }, /checksum mismatch/],
    ['a record of the wrong shape', { edit: (c) => { (c.payload.records[5] as unknown as Record<string, unknown>).subjects = 'Life Science'; } }, /records\[5\]: field "subjects"/],
  ];

  for (const [what, variant, message] of badFiles) {
    it(`rejects ${what} before writing anything`, async () => {
      const file = await writeCatalogueVariant(variant);
      try {
        const attempt = seedDemoCatalogue(env.db, { file: file.file });
        await expect(attempt).rejects.toBeInstanceOf(CatalogueFileError);
        await expect(attempt).rejects.toThrow(message);
        expect(await count(env.db, 'records')).toBe(0);
        expect(await count(env.db, 'registries')).toBe(0);
        expect(await count(env.db, 'subjects')).toBe(0);
      } finally {
        await file.remove();
      }
    });
  }

  it('links a subject given by one of its synonyms', async () => {
    const file = await writeCatalogueVariant({
      edit: (c) => {
        const loinc = c.payload.records.find((record) => record.id === 2);
        if (loinc) loinc.subjects = ['pulmonary medicine'];
      },
    });
    try {
      const report = await seedDemoCatalogue(env.db, { file: file.file });
      expect(report.matchedBySynonym.subjects).toBeGreaterThanOrEqual(1);
      const labels = await env.db('record_subjects').join('subjects', 'subjects.id', 'record_subjects.subject_id').where('record_id', 2).pluck('label');
      expect(labels).toEqual(['Respiratory Medicine']);
    } finally {
      await file.remove();
    }
  });
});
