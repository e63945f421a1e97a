/**
 * Read-only GraphQL queries against the run's shared catalogue (the real seeded records),
 * written as the public client writes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createDatabase, type Database } from '@registry/platform';
import { sharedCatalogueConfig } from '../support/environment.ts';
import {
  BROWSE_SUBJECTS_QUERY, INTROSPECTION_QUERY, MESSAGES_QUERY, OBJECT_TYPES_QUERY, RECORD_TYPES_QUERY, REGISTRIES_QUERY,
  STATS_QUERY, recordHistoryQuery, recordPageQuery,
} from './client-queries.ts';
import { sendQuery, startGraphqlApp } from './support.ts';

let app: FastifyInstance;
let db: Database;

beforeAll(async () => {
  app = await startGraphqlApp(sharedCatalogueConfig());
  db = createDatabase(sharedCatalogueConfig().databaseUrl);
});

afterAll(async () => {
  await app?.close();
  await db?.destroy();
});

const PUBLIC_RECORD = (alias: string) => `${alias}.is_hidden = false AND ${alias}.is_approved = true`;

/**
 * Per public record of `linkedRegistry`, how many public records of `fromRegistry` (of
 * `recordType` when given) name it by `relation`, from Postgres.
 */
async function relationCountsInPostgres(relation: string, fromRegistry: string, linkedRegistry: string, recordType?: string): Promise<Map<number, number>> {
  const result = await db.raw<{ rows: { id: number; count: number }[] }>(
    `SELECT l.id, count(DISTINCT f.id)::int AS count
       FROM record_associations a
       JOIN relation_types rt ON rt.id = a.relation_type_id AND rt.name = :relation
       JOIN records f ON f.id = a.record_id AND ${PUBLIC_RECORD('f')}
       JOIN registries fr ON fr.id = f.registry_id AND fr.name = :fromRegistry
       LEFT JOIN record_types ft ON ft.id = f.record_type_id
       JOIN records l ON l.id = a.linked_record_id AND ${PUBLIC_RECORD('l')}
       JOIN registries lr ON lr.id = l.registry_id AND lr.name = :linkedRegistry
      WHERE (:recordType::text IS NULL OR ft.name = :recordType)
      GROUP BY l.id`,
    { relation, fromRegistry, linkedRegistry, recordType: recordType ?? null },
  );
  return new Map(result.rows.map((row) => [row.id, row.count]));
}

/** Per public database, how many public standards it implements, from Postgres. */
async function implementedStandardsInPostgres(): Promise<Map<number, number>> {
  const result = await db.raw<{ rows: { id: number; count: number }[] }>(
    `SELECT d.id, count(DISTINCT s.id)::int AS count
       FROM record_associations a
       JOIN relation_types rt ON rt.id = a.relation_type_id AND rt.name = 'implements'
       JOIN records d ON d.id = a.record_id AND ${PUBLIC_RECORD('d')}
       JOIN registries dr ON dr.id = d.registry_id AND dr.name = 'Database'
       JOIN records s ON s.id = a.linked_record_id AND ${PUBLIC_RECORD('s')}
       JOIN registries sr ON sr.id = s.registry_id AND sr.name = 'Standard'
      GROUP BY d.id`,
  );
  return new Map(result.rows.map((row) => [row.id, row.count]));
}

/** The top counts of a Postgres tally, highest first, as many as `size`. */
function topCounts(counts: Map<number, number>, size: number): number[] {
  return [...counts.values()].sort((a, b) => b - a).slice(0, size);
}

describe('fairsharingRecord', () => {
  it.each([
    ['number', 2],
    ['numeric string', '2'],
    ['FAIRsharing id', 'FAIRsharing.2mk2zb'],
    ['DOI', '10.25504/FAIRsharing.2mk2zb'],
    ['DOI in other letter case', '10.25504/fairsharing.2MK2ZB'],
  ])('finds LOINC by %s', async (_label, id) => {
    const answer = await sendQuery(app, recordPageQuery(id));
    expect(answer.errors).toBeUndefined();
    expect(answer.status).toBe(200);
    const record = answer.data!.fairsharingRecord;
    expect(record.id).toBe('2');
    expect(record.abbreviation).toBe('LOINC');
    expect(record.registry).toBe('Standard');
    expect(record.doi).toBe('10.25504/FAIRsharing.2mk2zb');
    expect(Array.isArray(record.subjects)).toBe(true);
    expect(typeof record.metadata).toBe('object');
    expect(record.schemaOrg).toMatchObject({ '@context': 'https://schema.org', name: record.name });
    expect(record.isOwner).toBe(false);
    expect(record.curatorNotes).toBeNull();
  });

  it('finds a record by its legacy id, in any letter case', async () => {
    const db = app.db;
    const row = await db('records').select('id', 'legacy_ids').whereRaw("legacy_ids <> '{}'").orderBy('id').first();
    expect(row, 'the seeded catalogue holds legacy ids').toBeTruthy();
    const legacyId: string = row.legacy_ids[0];
    for (const variant of [legacyId, legacyId.toUpperCase()]) {
      const answer = await sendQuery(app, `{fairsharingRecord(id:"${variant}"){ id legacyIds }}`);
      expect(answer.errors).toBeUndefined();
      expect(answer.data!.fairsharingRecord.id).toBe(String(row.id));
      expect(answer.data!.fairsharingRecord.legacyIds).toContain(legacyId);
    }
  });

  it('answers "record not found" for an unknown id', async () => {
    const answer = await sendQuery(app, '{fairsharingRecord(id:"FAIRsharing.nothere"){ id name }}');
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ fairsharingRecord: null });
    expect(answer.errors?.[0].message).toBe('record not found');
  });

  it('gives history only to signed-in viewers', async () => {
    const answer = await sendQuery(app, recordHistoryQuery(2));
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.fairsharingRecord).toEqual({ history: null, legacyLogs: null });
  });

  it('answers relations with labels and linked records', async () => {
    const { record_id: recordId } = await app.db('record_associations').select('record_id').orderBy('record_id').first();
    const answer = await sendQuery(app, `{fairsharingRecord(id:${recordId}){ id hasGraph recordAssociations{linkedRecord{ name id registry type status}recordAssocLabel recordAssocLabelId id } }}`);
    expect(answer.errors).toBeUndefined();
    const record = answer.data!.fairsharingRecord;
    expect(record.hasGraph).toBe(true);
    expect(record.recordAssociations.length).toBeGreaterThan(0);
    expect(record.recordAssociations[0]).toMatchObject({ recordAssocLabel: expect.any(String), linkedRecord: { id: expect.any(String) } });
  });
});

describe('registry and vocabulary queries', () => {
  it('lists registries with their record types', async () => {
    const answer = await sendQuery(app, REGISTRIES_QUERY);
    expect(answer.errors).toBeUndefined();
    const names = answer.data!.fairsharingRegistries.records.map((registry: { name: string }) => registry.name);
    expect(names).toEqual(expect.arrayContaining(['Standard', 'Database', 'Policy', 'Collection']));
    const standard = answer.data!.fairsharingRegistries.records.find((registry: { name: string }) => registry.name === 'Standard');
    expect(standard.recordTypes.map((type: { name: string }) => type.name)).toContain('terminology_artefact');
  });

  it('answers fairsharingRegistry by id and by name', async () => {
    const registries = await sendQuery(app, REGISTRIES_QUERY);
    const policy = registries.data!.fairsharingRegistries.records.find((registry: { name: string }) => registry.name === 'Policy');
    const byId = await sendQuery(app, `{fairsharingRegistry(id:${policy.id} ){ fairsharingRecords{id name }}}`);
    const byName = await sendQuery(app, '{fairsharingRegistry(id:"policy"){ fairsharingRecords{id name }}}');
    expect(byId.errors).toBeUndefined();
    expect(byId.data!.fairsharingRegistry.fairsharingRecords.length).toBeGreaterThan(0);
    expect(byName.data).toEqual(byId.data);
  });

  it('lists record types with their registry and object types', async () => {
    const types = await sendQuery(app, RECORD_TYPES_QUERY);
    expect(types.errors).toBeUndefined();
    expect(types.data!.recordTypes.records[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), fairsharingRegistry: { name: expect.any(String) } });
    const objectTypes = await sendQuery(app, OBJECT_TYPES_QUERY);
    expect(objectTypes.errors).toBeUndefined();
    expect(Array.isArray(objectTypes.data!.objectTypes.records)).toBe(true);
  });

  it('searches vocabularies case-insensitively', async () => {
    const lower = await sendQuery(app, '{searchSubjects(q:"genomics"){ id label children{id label }}}');
    const upper = await sendQuery(app, '{searchSubjects(q:"GENOMICS"){ id label children{id label }}}');
    expect(lower.errors).toBeUndefined();
    expect(lower.data!.searchSubjects.length).toBeGreaterThan(0);
    expect(upper.data).toEqual(lower.data);
    const domains = await sendQuery(app, '{searchDomains(q:"assay"){ label id definitions iri synonyms inFairsharing}}');
    expect(domains.errors).toBeUndefined();
    expect(domains.data!.searchDomains[0]).toMatchObject({ inFairsharing: expect.any(Boolean) });
    for (const query of [
      '{searchTaxonomies(q:"homo"){ label id definitions iri synonyms}}',
      '{searchUserDefinedTags(q:"a"){ id label}}',
      '{searchTags(q:"gen"){ label id definitions iri synonyms model}}',
      '{searchCountries(q:"united"){ code id name}}',
      '{searchLicences(q:"creative"){ id name url}}',
      '{searchOrganisations(q:"a" load:false ){ id name homepage types urlForLogo alternativeNames}}',
      '{searchGrants(load:false ){ id name description}}',
      '{searchOrganisationTypes(load:false ){ id name}}',
      '{searchPublications{ title doi authors id journal url year pubmedId}}',
      '{allOrganisations{ id name homepage types rorLink}}',
      '{recordAssociationLabels{ id name allowedAssociations}}',
      MESSAGES_QUERY,
    ]) {
      const answer = await sendQuery(app, query);
      expect(answer.errors, query).toBeUndefined();
      expect(answer.status).toBe(200);
    }
  });

  it('finds duplicates by name, abbreviation or homepage in any case', async () => {
    const answer = await sendQuery(app, '{duplicateCheck(fields:["loinc","nothing like this"]){ id name abbreviation homepage}}');
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.duplicateCheck.map((record: { id: string }) => record.id)).toContain('2');
  });
});

describe('site-wide JSON answers', () => {
  it('browses the subject tree with record counts', async () => {
    const answer = await sendQuery(app, BROWSE_SUBJECTS_QUERY);
    expect(answer.errors).toBeUndefined();
    const roots = answer.data!.browseSubjects.data;
    expect(roots.map((root: { name: string }) => root.name)).toEqual(expect.arrayContaining(['Natural Science', 'Engineering Science']));
    expect(roots[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), description: expect.any(String), records_count: expect.any(Number), descendants_count: expect.any(Number), children: expect.any(Array) });
    const natural = roots.find((root: { name: string }) => root.name === 'Natural Science');
    expect(natural.records_count).toBeGreaterThan(100);
  });

  it('counts records per registry, type and status', async () => {
    const answer = await sendQuery(app, STATS_QUERY);
    expect(answer.errors).toBeUndefined();
    const stats = answer.data!.latestStats.data;
    expect(stats.totals.records).toBeGreaterThan(3000);
    expect(stats.registries.standard).toBeGreaterThan(1000);
    expect(Object.keys(stats.statuses)).toContain('ready');
  });

  it('ranks relations between public records as a direct count in Postgres does', async () => {
    const answer = await sendQuery(app, STATS_QUERY);
    expect(answer.errors).toBeUndefined();
    const stats = answer.data!.latestStats.data;
    const checks: [Record<string, { id: number; count: number }>, Map<number, number>][] = [
      [stats.top_10_stds_recommended_by_pols, await relationCountsInPostgres('recommends', 'Policy', 'Standard')],
      [stats.top_10_std_recs_journal, await relationCountsInPostgres('recommends', 'Policy', 'Standard', 'journal')],
      [stats.top_10_db_recs_journal, await relationCountsInPostgres('recommends', 'Policy', 'Database', 'journal')],
    ];
    // The real catalogue holds such relations: an empty answer cannot pass.
    expect(checks.map(([, expected]) => expected.size > 0)).toEqual([true, true, true]);
    for (const [ranked, expected] of checks) {
      const entries = Object.values(ranked);
      expect(entries.length).toBe(Math.min(10, expected.size));
      for (const entry of entries) expect(entry.count).toBe(expected.get(entry.id));
      expect(entries.map((entry) => entry.count).sort((a, b) => b - a)).toEqual(topCounts(expected, 10));
    }
    const implementing = await implementedStandardsInPostgres();
    expect(implementing.size).toBeGreaterThan(0);
    expect(stats.dbs_implementing_most_stds.length).toBe(Math.min(10, implementing.size));
    for (const entry of stats.dbs_implementing_most_stds) expect(entry.standards_implemented).toBe(implementing.get(entry.id));
    expect(stats.dbs_linked_to_stds['Implementing one or more standards']).toBe(implementing.size);
    const pieTotal = (pie: Record<string, number>) => Object.values(pie).reduce((sum, count) => sum + count, 0);
    expect(pieTotal(stats.stds_implemented_by_a_db)).toBe(stats.registries.standard);
    expect(pieTotal(stats.dbs_linked_to_stds)).toBe(stats.registries.database);
    expect(pieTotal(stats.pols_linked_to_std_or_db)).toBe(stats.registries.policy);
  });

  it('answers the relation graph of a record, and "record not found" for an unknown one', async () => {
    const answer = await sendQuery(app, '{fairsharingGraph(id:3533 ){ data}}');
    expect(answer.errors).toBeUndefined();
    const graph = answer.data!.fairsharingGraph.data;
    expect(graph.nodes.length).toBeGreaterThan(1);
    expect(graph.nodes[0]).toMatchObject({ key: expect.any(String), attributes: { record_id: expect.any(Number), registry: expect.any(String) } });
    expect(graph.edges[0]).toMatchObject({ source: expect.any(String), target: expect.any(String), attributes: { label: expect.any(String) } });
    const missing = await sendQuery(app, '{fairsharingGraph(id:999999999 ){ data}}');
    expect(missing.errors?.[0].message).toBe('record not found');
  });
});

describe('introspection, as the client reads it at start-up', () => {
  it('types searchFairsharingRecords arguments as nullable scalars and [X!] lists', async () => {
    const answer = await sendQuery(app, INTROSPECTION_QUERY);
    expect(answer.errors).toBeUndefined();
    const query = answer.data!.__schema.types.find((type: { name: string }) => type.name === 'Query');
    const search = query.fields.find((field: { name: string }) => field.name === 'searchFairsharingRecords');
    const args = new Map<string, { type: { kind: string; name: string | null; ofType: { kind: string; name: string | null; ofType: { name: string } | null } | null } }>(
      search.args.map((arg: { name: string }) => [arg.name, arg]),
    );
    for (const name of ['page', 'perPage']) expect(args.get(name)!.type).toMatchObject({ kind: 'SCALAR', name: 'Int' });
    // The record left out is an ID: FAIRsharing's editor sends its record's id as read, a string.
    expect(args.get('excludeId')!.type).toMatchObject({ kind: 'SCALAR', name: 'ID' });
    for (const name of ['isRecommended', 'searchAnd', 'isMaintained']) expect(args.get(name)!.type).toMatchObject({ kind: 'SCALAR', name: 'Boolean' });
    for (const name of ['q', 'orderBy']) expect(args.get(name)!.type).toMatchObject({ kind: 'SCALAR', name: 'String' });
    for (const name of ['fairsharingRegistry', 'recordType', 'subjects', 'domains', 'status', 'dataAccessCondition']) {
      expect(args.get(name)!.type.kind).toBe('LIST');
      expect(args.get(name)!.type.ofType!.ofType!.name).toBe('String');
    }
    expect(args.get('ids')!.type.ofType!.ofType!.name).toBe('Int');
  });

  it('serves GraphiQL', async () => {
    const response = await app.inject({ method: 'GET', url: '/graphiql' });
    expect(response.statusCode).toBe(200);
  });
});
