/**
 * Search queries as the public client sends them, against the run's indexed catalogue, and the
 * limits and error answers of the endpoint.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { MAX_QUERY_LENGTH } from '@registry/api/graphql/plugin.ts';
import { SEARCH_UNAVAILABLE_MESSAGE } from '@registry/api/search/graphql-search-failure.ts';
import { advancedSearchQuery, searchQuery } from './client-queries.ts';
import { sendQuery, startGraphqlApp } from './support.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await startGraphqlApp(sharedCatalogueConfig());
});

afterAll(async () => {
  await app?.close();
});

/** The record fields a query selects, read back through the same query with fragments and aliases. */
async function loincRecord(selection: string): Promise<Record<string, unknown>> {
  const answer = await sendQuery(app, `{searchFairsharingRecords(q:"loinc" perPage:5){ records { id ${selection} } } }${selection.includes('...More') ? ' fragment More on SearchRecord { type subjects { label parents { id } } }' : ''}`);
  expect(answer.errors, selection).toBeUndefined();
  return answer.data!.searchFairsharingRecords.records.find((record: { id: string }) => record.id === '2');
}

async function totalCount(params: string): Promise<number> {
  const answer = await sendQuery(app, `{searchFairsharingRecords(${params}){ totalCount }}`);
  expect(answer.errors, params).toBeUndefined();
  return answer.data!.searchFairsharingRecords.totalCount;
}

describe('searchFairsharingRecords', () => {
  it('answers the selected record fields, through fragments and aliases', async () => {
    const small = await loincRecord('name');
    expect(small).toEqual({ id: '2', name: expect.stringContaining('Logical Observation') });
    const rich = await loincRecord('title: name ...More ... on SearchRecord { abbreviation domains { label inFairsharing } }');
    expect(rich).toMatchObject({ title: expect.any(String), type: 'terminology_artefact', abbreviation: 'LOINC' });
    expect((rich.subjects as { label: string; parents: unknown[] }[]).every((subject) => typeof subject.label === 'string' && Array.isArray(subject.parents))).toBe(true);
    expect((rich.domains as { label: string }[]).length).toBeGreaterThan(0);
  });

  it('asks OpenSearch for no hits when the query selects no records', async () => {
    const { parse, execute, buildSchema } = await import('graphql');
    const { searchSelectsRecords } = await import('@registry/api/search/search-selection.ts');
    const { buildSearchRecordsRequest } = await import('@registry/api/search/search-records.ts');
    const { ANONYMOUS_VIEWER } = await import('@registry/schemas');
    const schema = buildSchema(`type SearchRecord { id: ID name: String }
      type SearchResult { totalCount: Int records: [SearchRecord] } type Query { search: SearchResult }`);
    const selects = async (query: string): Promise<boolean> => {
      let answer: boolean | null = null;
      await execute({
        schema,
        document: parse(query),
        rootValue: { search: (_args: unknown, _context: unknown, info: Parameters<typeof searchSelectsRecords>[0]) => ((answer = searchSelectsRecords(info)), null) },
      });
      return answer!;
    };
    expect(await selects('{ search { totalCount } }')).toBe(false);
    expect(await selects('{ search { totalCount rows: records { id } } }')).toBe(true);
    expect(await selects('{ search { ...F } } fragment F on SearchResult { records { name } }')).toBe(true);
    expect(buildSearchRecordsRequest({ q: 'gene' }, ANONYMOUS_VIEWER, { withRecords: false }).body.size).toBe(0);
    expect(buildSearchRecordsRequest({ q: 'gene' }, ANONYMOUS_VIEWER).body.size).toBe(30);
    expect(await totalCount('q:"gene"')).toBeGreaterThan(0);
  });

  it('answers the client search query with pagination, aggregations and record fields', async () => {
    const answer = await sendQuery(app, searchQuery('fairsharingRegistry:"Standard" page:1 perPage:10 q:"loinc"'));
    expect(answer.errors).toBeUndefined();
    const result = answer.data!.searchFairsharingRecords;
    expect(result).toMatchObject({ currentPage: 1, perPage: 10, firstPage: true, totalCount: expect.any(Number), totalPages: expect.any(Number) });
    expect(result.aggregations.fairsharing_registry.buckets).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'standard' })]));
    const loinc = result.records.find((record: { id: string }) => record.id === '2');
    expect(loinc).toMatchObject({ abbreviation: 'LOINC', registry: 'Standard', type: 'terminology_artefact', relatedRecordsCount: expect.any(Number), isRecommended: expect.any(Boolean) });
    for (const domain of loinc.domains) expect(domain).toMatchObject({ label: expect.any(String), inFairsharing: true });
  });

  it('answers the facet counts as a typed list, and the same counts as the JSON aggregations in the public client\'s shape', async () => {
    const answer = await sendQuery(app, '{searchFairsharingRecords(q:"gene"){ aggregations facets{ key values{ value count } otherCount } }}');
    expect(answer.errors).toBeUndefined();
    const { aggregations, facets } = answer.data!.searchFairsharingRecords as {
      aggregations: Record<string, { sum_other_doc_count: number; buckets: { key: string; doc_count: number }[] }>;
      facets: { key: string; values: { value: string; count: number }[]; otherCount: number }[];
    };
    expect(facets.map((facet) => facet.key).sort()).toEqual(Object.keys(aggregations).sort());
    expect(facets.find((facet) => facet.key === 'fairsharing_registry')?.values).toEqual(expect.arrayContaining([{ value: 'standard', count: expect.any(Number) }]));
    for (const facet of facets) {
      const json = aggregations[facet.key];
      expect(facet.values).toEqual(json.buckets.filter((bucket) => bucket.key !== '').map((bucket) => ({ value: bucket.key, count: bucket.doc_count })));
      expect(facet.otherCount).toBe(json.sum_other_doc_count);
    }
    // A vendored answer of the public FAIRsharing API: each facet and bucket carries the same keys.
    const client = JSON.parse(readFileSync(new URL('./fixtures/client-aggregations.json', import.meta.url), 'utf8')) as { aggregations: Record<string, { buckets: object[] }> };
    for (const [key, entry] of Object.entries(client.aggregations)) {
      if (!aggregations[key]?.buckets.length) continue;
      expect(Object.keys(aggregations[key]).sort(), key).toEqual(Object.keys(entry).sort());
      expect(Object.keys(aggregations[key].buckets[0]).sort(), key).toEqual(Object.keys(entry.buckets[0]).sort());
    }
  });

  it('accepts a single string for a list argument', async () => {
    expect(await totalCount('subjects:"Genomics"')).toBe(await totalCount('subjects:["genomics"]'));
    expect(await totalCount('subjects:"Genomics"')).toBeGreaterThan(0);
  });

  it('matches values in any letter case', async () => {
    const lower = await totalCount('fairsharingRegistry:"standard" recordType:"terminology_artefact"');
    expect(lower).toBeGreaterThan(0);
    expect(await totalCount('fairsharingRegistry:"STANDARD" recordType:"Terminology_Artefact"')).toBe(lower);
  });

  it('caps perPage at 100 and excludes a record on request', async () => {
    const answer = await sendQuery(app, '{searchFairsharingRecords(perPage:1000 ){ perPage records{ id } }}');
    expect(answer.data!.searchFairsharingRecords.perPage).toBe(100);
    expect(answer.data!.searchFairsharingRecords.records).toHaveLength(100);
    const excluded = await sendQuery(app, '{searchFairsharingRecords(q:"loinc" excludeId:2 perPage:100 ){ records{ id } }}');
    expect(excluded.data!.searchFairsharingRecords.records.map((record: { id: string }) => record.id)).not.toContain('2');
  });

  it('answers the aggregations-only filters query and the ids of a collection', async () => {
    const filters = await sendQuery(app, '{searchFairsharingRecords{ aggregations}}');
    expect(Object.keys(filters.data!.searchFairsharingRecords.aggregations)).toEqual(expect.arrayContaining(['subjects', 'status', 'record_type']));
    const collection = await sendQuery(app, '{searchFairsharingRecords(ids:[2,3] perPage:10 ){ totalCount records{ id } }}');
    expect(collection.data!.searchFairsharingRecords.records.map((record: { id: string }) => record.id).sort()).toEqual(['2', '3']);
  });

  it('downloads the search as CSV lines', async () => {
    const answer = await sendQuery(app, '{downloadSearchResults(q:"loinc" includeOrgs:true searchUrl:"http://localhost/search?q=loinc"){ fileData}}');
    expect(answer.errors).toBeUndefined();
    const lines: string[] = answer.data!.downloadSearchResults.fileData;
    expect(lines[0]).toMatch(/^id,name,abbreviation,registry,type,status,doi.*,organisations$/);
    expect(lines.some((line) => line.startsWith('2,'))).toBe(true);
  });
});

describe('advancedSearch', () => {
  it('answers groups of rules written as the client writes them', async () => {
    const answer = await sendQuery(app, advancedSearchQuery('q:"ontology" where:{operator: "_and", fields: [{operator: "_or", type: ["terminology_artefact"], subjects: ["genomics"]}]}'));
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.advancedSearch.length).toBeGreaterThan(0);
    expect(answer.data!.advancedSearch[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), subjects: expect.any(Array) });
  });

  it('fetches only what the selection reads, and answers every selected field (fragments, aliases, renamed fields, term details)', async () => {
    const where = 'q:"genome" where:{operator: "_and", fields: [{operator: "_and", registry: ["database"]}]}';
    const detailed = await sendQuery(app, { query: `{ advancedSearch(${where}) { id type subjects { id label iri definitions synonyms } domains { label } } }` });
    const lean = await sendQuery(app, { query: `query { found: advancedSearch(${where}) { ...Row } } fragment Row on SearchRecord { kind: type subjects { label } }` });
    expect(detailed.errors).toBeUndefined();
    expect(lean.errors).toBeUndefined();
    const rows = detailed.data!.advancedSearch as { id: string; type: string; subjects: { label: string; definitions: string[] }[] }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.subjects.some((subject) => subject.definitions.length > 0))).toBe(true);
    expect(rows.every((row) => typeof row.type === 'string')).toBe(true);
    const leanRows = lean.data!.found as { kind: string; subjects: { label: string }[] }[];
    expect(leanRows).toEqual(rows.map((row) => ({ kind: row.type, subjects: row.subjects.map(({ label }) => ({ label })) })));
  });

  it('reports an unknown filter as an invalid query, not a server error', async () => {
    const answer = await sendQuery(app, advancedSearchQuery('where:{operator: "_and", fields: [{operator: "_and", noSuchFilter: ["x"]}]}'));
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ advancedSearch: null });
    expect(answer.errors?.[0].message).toMatch(/^invalid query/);
  });
});

describe('searches narrowed to an advanced search (the advanced search page: sort, facets, download)', () => {
  const where = 'where:{operator: "_and", fields: [{operator: "_and", registry: ["standard"], subjects: ["genomics"]}]}';
  const advancedIds = async () => {
    const answer = await sendQuery(app, `{ advancedSearch(q:"data" ${where}) { id } }`);
    expect(answer.errors).toBeUndefined();
    return (answer.data!.advancedSearch as { id: string }[]).map((record) => record.id).sort();
  };

  it('pages, sorts and counts exactly the records advancedSearch answers', async () => {
    const expected = await advancedIds();
    expect(expected.length).toBeGreaterThan(1);
    const answer = await sendQuery(app, `{ searchFairsharingRecords(q:"data" ${where} perPage:100 orderBy:"name,desc") { totalCount records { id name } facets { key values { value count } } } }`);
    expect(answer.errors).toBeUndefined();
    const result = answer.data!.searchFairsharingRecords;
    expect(result.totalCount).toBe(expected.length);
    expect(result.records.map((record: { id: string }) => record.id).sort()).toEqual(expected);
    const names = result.records.map((record: { name: string }) => record.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => b.localeCompare(a, 'en', { sensitivity: 'base' })));
    // Every record is a standard: the registry facet counts them all, under the advanced rules.
    const registries = result.facets.find((facet: { key: string }) => facet.key === 'fairsharing_registry');
    expect(registries.values).toEqual([{ value: 'standard', count: expected.length }]);
  });

  it('narrows within the advanced result set by a facet, and counts the facet values under both', async () => {
    const answer = await sendQuery(app, `{ searchFairsharingRecords(q:"data" ${where}) { facets { key values { value count } } } }`);
    const types = answer.data!.searchFairsharingRecords.facets.find((facet: { key: string }) => facet.key === 'record_type');
    const [first] = types.values as { value: string; count: number }[];
    expect(first.count).toBeGreaterThan(0);
    expect(await totalCount(`q:"data" ${where} recordType:["${first.value}"]`)).toBe(first.count);
    const values = await sendQuery(app, `{ searchFacetValues(q:"data" ${where} facet:"record_type") { values { value count } } }`);
    expect(values.errors).toBeUndefined();
    expect(values.data!.searchFacetValues.values).toEqual(types.values);
  });

  it('downloads the advanced result set', async () => {
    const expected = await advancedIds();
    const answer = await sendQuery(app, `{ downloadSearchResults(q:"data" ${where}) { fileData } }`);
    expect(answer.errors).toBeUndefined();
    const lines: string[] = answer.data!.downloadSearchResults.fileData;
    expect(lines.slice(1).map((line) => line.split(',')[0]).sort()).toEqual(expected);
  });

  it('refuses a where that is malformed or too large with "invalid query", never a server error', async () => {
    const groups = Array.from({ length: 51 }, () => '{operator: "_and", registry: ["standard"]}').join(',');
    const values = Array.from({ length: 101 }, (_, index) => `"v${index}"`).join(',');
    for (const bad of ['{operator: "_xor"}', '{fields: [{noSuchFilter: ["x"]}]}', `{fields: [${groups}]}`, `{fields: [{subjects: [${values}]}]}`]) {
      const search = await sendQuery(app, `{ searchFairsharingRecords(where: ${bad}) { totalCount error } }`);
      expect(search.status, bad).toBe(200);
      expect(search.data!.searchFairsharingRecords, bad).toEqual({ totalCount: 0, error: 'invalid query' });
      const facetValues = await sendQuery(app, `{ searchFacetValues(facet: "subjects" where: ${bad}) { otherCount } }`);
      expect(facetValues.status, bad).toBe(200);
      expect(facetValues.errors?.[0].message, bad).toMatch(/^invalid query/);
      const download = await sendQuery(app, `{ downloadSearchResults(where: ${bad}) { fileData } }`);
      expect(download.errors?.[0].message, bad).toMatch(/^invalid query/);
    }
  });
});

describe('limits and errors', () => {
  it('rejects a query deeper than the depth limit with 400', async () => {
    let selection = 'id';
    for (let level = 0; level < 8; level += 1) selection = `linkedRecord{ recordAssociations{ ${selection} } }`;
    const answer = await sendQuery(app, `{fairsharingRecord(id:2){ recordAssociations{ ${selection} } }}`);
    expect(answer.status).toBe(400);
    expect(answer.errors?.[0].message).toMatch(/depth/);
  });

  it('rejects an expensive query with 400 and says why', async () => {
    const answer = await sendQuery(app, '{fairsharingRegistries{ records{ fairsharingRecords{ maintainers{ maintainedRecords{ maintainers{ maintainedRecords{ id name } } } } } } }}');
    expect(answer.status).toBe(400);
    expect(answer.errors?.[0].message).toMatch(/too expensive/);
    expect(answer.errors?.[0].extensions?.code).toBe('QUERY_TOO_EXPENSIVE');
  });

  it('rejects a syntax error and an unknown field with 400 and an errors list, without internals', async () => {
    for (const query of ['{fairsharingRecord(id:2){ id ', '{fairsharingRecord(id:2){ noSuchField }}', '{searchFairsharingRecords(page:"abc"){ totalCount }}']) {
      const answer = await sendQuery(app, query);
      expect(answer.status, query).toBe(400);
      expect(answer.errors!.length).toBeGreaterThan(0);
      expect(JSON.stringify(answer.errors)).not.toMatch(/at .*\.ts:\d+|node_modules/);
    }
  });

  it('rejects a query longer than the limit', async () => {
    const answer = await sendQuery(app, `{messages{ id }} #${'x'.repeat(MAX_QUERY_LENGTH)}`);
    expect(answer.status).toBe(400);
    expect(answer.errors?.[0].message).toMatch(/too long/);
  });

  it('rejects JSON text in place of a document with 400, and runs documents that merely look alike', async () => {
    for (const query of ['{}', '{"query":"{messages{id}}"}', ' [1]', '"{messages{id}}"', '12', '-1', 'null', 'true']) {
      for (const response of [
        await app.inject({ method: 'POST', url: '/graphql', payload: { query } }),
        await app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent(query)}` }),
      ]) {
        expect(response.statusCode, query).toBe(400);
        expect(response.json().errors[0].message, query).toBe('query must be a GraphQL document');
      }
    }
    for (const query of ['{ messages { id } }', '{messages{id}}', 'query { messages { id } }', '# a comment\n{messages{id}}']) {
      const answer = await sendQuery(app, query);
      expect(answer.status, query).toBe(200);
      expect(answer.errors, query).toBeUndefined();
    }
  });

  it('does not run batched queries', async () => {
    const response = await app.inject({ method: 'POST', url: '/graphql', payload: [{ query: '{messages{ id }}' }, { query: '{messages{ id }}' }] });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('answers 503 with an error in the list when the search index is unreachable', async () => {
    const offline = await startGraphqlApp({ ...sharedCatalogueConfig(), opensearchUrl: 'http://127.0.0.1:1' });
    try {
      const answer = await sendQuery(offline, searchQuery('q:"loinc"'));
      expect(answer.status).toBe(503);
      expect(answer.errors?.[0]).toMatchObject({ message: SEARCH_UNAVAILABLE_MESSAGE, extensions: { code: 'SEARCH_UNAVAILABLE' } });
      // Record pages come from Postgres and keep working.
      const record = await sendQuery(offline, '{fairsharingRecord(id:2){ abbreviation }}');
      expect(record.data).toEqual({ fairsharingRecord: { abbreviation: 'LOINC' } });
    } finally {
      await offline.close();
    }
  });
});
