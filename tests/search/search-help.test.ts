/**
 * What search tells the user beyond the records: suggestions while typing (GraphQL and REST),
 * "Showing results for" after the typo retry, and the matched words highlighted, safely, even
 * in records whose text holds markup. Reads the run's shared catalogue; the hostile-text and
 * visibility cases use a small index of their own filled with altered real documents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSearchClient, loadConfig, type SearchClient } from '@registry/platform';
import { ANONYMOUS_VIEWER, recordsAlias, type RecordSearchDocument } from '@registry/schemas';
import { scanSearchRecords } from '../../services/api/src/search/scan-search-records.ts';
import { textSegments } from '../../services/api/src/search/highlights.ts';
import { sendQuery, startGraphqlApp } from '../graphql/support.ts';
import { createDirectSearchIndex, type DirectSearchIndex } from './support/search-index.ts';

const config = loadConfig(process.env);
let app: FastifyInstance;
let client: SearchClient;

beforeAll(async () => {
  app = await startGraphqlApp(config);
  client = createSearchClient(config);
});

afterAll(async () => {
  await app?.close();
  await client?.close();
});

const SUGGESTIONS = `records { id name abbreviation registry } terms { argument kind id label synonym recordCount }`;

describe('suggestions while typing', () => {
  it('suggests the record named exactly so first, then names starting with the text, with their registry', async () => {
    const answer = await sendQuery(app, `{ searchSuggestions(q: "go", size: 5) { ${SUGGESTIONS} } }`);
    const records = answer.data!.searchSuggestions.records as { name: string; abbreviation: string | null; registry: string }[];
    expect(records[0]).toMatchObject({ name: 'Gene Ontology', abbreviation: 'GO', registry: 'standard' });
    for (const record of records) expect(`${record.name} ${record.abbreviation ?? ''}`.toLowerCase()).toMatch(/(^|\W)go/);
    expect(records.length).toBe(5);
  });

  it('suggests vocabulary terms by a word of the label or by a synonym, with the argument that filters by them', async () => {
    const byLabel = await sendQuery(app, `{ searchSuggestions(q: "genom") { ${SUGGESTIONS} } }`);
    expect(byLabel.data!.searchSuggestions.terms[0]).toMatchObject({ argument: 'subjects', kind: 'Subject', label: 'Genomics', synonym: null });
    const byWord = await sendQuery(app, `{ searchSuggestions(q: "care med") { ${SUGGESTIONS} } }`);
    expect(byWord.data!.searchSuggestions.terms.map((term: { label: string }) => term.label)).toContain('Critical Care Medicine');
    const bySynonym = await sendQuery(app, `{ searchSuggestions(q: "PULMONARY") { ${SUGGESTIONS} } }`);
    expect(bySynonym.data!.searchSuggestions.terms).toEqual([
      expect.objectContaining({ argument: 'subjects', label: 'Respiratory Medicine', synonym: 'Pulmonary Medicine', recordCount: expect.any(Number) }),
    ]);
  });

  it('answers the same over REST, validates its input and treats LIKE wildcards as text', async () => {
    const rest = await app.inject({ url: '/search_suggestions?q=genom&size=3' });
    expect(rest.statusCode).toBe(200);
    const graphql = await sendQuery(app, `{ searchSuggestions(q: "genom", size: 3) { ${SUGGESTIONS} } }`);
    const body = rest.json() as { records: { id: number }[]; terms: { id: number }[] };
    expect(body.records.map((record) => String(record.id))).toEqual(graphql.data!.searchSuggestions.records.map((record: { id: string }) => record.id));
    expect(body.terms.length).toBe(3);
    expect((await app.inject({ url: '/search_suggestions' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/search_suggestions?q=x&size=500' })).statusCode).toBe(400);
    expect((await app.inject({ url: `/search_suggestions?q=${encodeURIComponent('%')}` })).json()).toEqual({ records: [], terms: [] });
    expect((await app.inject({ url: `/search_suggestions?q=${encodeURIComponent('_')}` })).json()).toMatchObject({ terms: [] });
  });
});

describe('facet values', () => {
  it('lists a facet beyond the first 100 values a search answers, searches them in any case, refuses unknown facets', async () => {
    const all = await sendQuery(app, '{ searchFacetValues(facet: "domains", size: 1000) { values { value count } otherCount } searchFairsharingRecords(perPage: 0) { aggregations } }');
    const first = all.data!.searchFairsharingRecords.aggregations.domains.buckets as unknown[];
    expect(first.length).toBe(100);
    expect(all.data!.searchFacetValues.values.length).toBeGreaterThan(100);
    const found = await sendQuery(app, '{ searchFacetValues(facet: "subjects", contains: "MEDICINE", fairsharingRegistry: ["database"], size: 5) { values { value count } } }');
    const values = found.data!.searchFacetValues.values as { value: string; count: number }[];
    expect(values.length).toBeGreaterThan(0);
    for (const entry of values) expect(entry.value).toMatch(/medicine/);
    const quoted = await sendQuery(app, '{ searchFacetValues(facet: "subjects", contains: ".*(") { values { value } } }');
    expect(quoted.data!.searchFacetValues.values).toEqual([]);
    const unknown = await sendQuery(app, '{ searchFacetValues(facet: "no_such_facet") { otherCount } }');
    expect(unknown.errors?.[0]?.message).toBe('unknown facet "no_such_facet"');
  });
});

describe('did you mean', () => {
  it('says which words the typo retry matched, and searches exactly what was typed when asked', async () => {
    const corrected = await sendQuery(app, '{ searchFairsharingRecords(q: "protien data bank") { correctedQuery totalCount records { name } } }');
    expect(corrected.data!.searchFairsharingRecords.correctedQuery).toBe('protein data bank');
    expect(corrected.data!.searchFairsharingRecords.records[0].name).toMatch(/Protein Data Bank/);
    const exact = await sendQuery(app, '{ searchFairsharingRecords(q: "protien data bank", exact: true) { correctedQuery totalCount } }');
    expect(exact.data!.searchFairsharingRecords).toEqual({ correctedQuery: null, totalCount: 0 });
    const plain = await sendQuery(app, '{ searchFairsharingRecords(q: "protein data bank") { correctedQuery totalCount } }');
    expect(plain.data!.searchFairsharingRecords.correctedQuery).toBeNull();
  });

  it('names the corrected or suggested words to a query that asks for the count alone', async () => {
    const corrected = await sendQuery(app, '{ searchFairsharingRecords(q: "protien data bank") { totalCount correctedQuery suggestedQuery } }');
    expect(corrected.data!.searchFairsharingRecords).toMatchObject({ correctedQuery: 'protein data bank', suggestedQuery: null });
    expect(corrected.data!.searchFairsharingRecords.totalCount).toBeGreaterThan(0);
    const suggested = await sendQuery(app, '{ searchFairsharingRecords(q: "zzqxv metabolomiks") { totalCount suggestedQuery } }');
    expect(suggested.data!.searchFairsharingRecords).toEqual({ totalCount: 0, suggestedQuery: 'zzqxv metabolomics' });
  });
});

describe('highlighting', () => {
  it('splits marked text into plain segments', () => {
    expect(textSegments('a \uE000b\uE001 c')).toEqual([
      { text: 'a ', matched: false },
      { text: 'b', matched: true },
      { text: ' c', matched: false },
    ]);
  });

  it('highlights the matched words of the name and a passage of the description', async () => {
    const answer = await sendQuery(app, '{ searchFairsharingRecords(q: "gene ontology", perPage: 1) { records { name highlight { name { text matched } description { text matched } } } } }');
    const [record] = answer.data!.searchFairsharingRecords.records;
    expect(record.name).toBe('Gene Ontology');
    expect(record.highlight.name).toEqual([
      { text: 'Gene', matched: true },
      { text: ' ', matched: false },
      { text: 'Ontology', matched: true },
    ]);
    expect(record.highlight.description.some((segment: { matched: boolean }) => segment.matched)).toBe(true);
  });

  describe('records whose text holds markup', () => {
    let index: DirectSearchIndex;
    let hostileApp: FastifyInstance;
    const HOSTILE_NAME = '<img src=x onerror="alert(1)"> Genomics &amp; <b>friends</b>';
    const HOSTILE_DESCRIPTION = '</mark><script>alert("genomics")</script> a genomics resource \uE001 & more';

    beforeAll(async () => {
      const real: RecordSearchDocument[] = [];
      for await (const document of scanSearchRecords({ client, alias: recordsAlias(config.indexPrefix) }, { q: 'genomics' }, ANONYMOUS_VIEWER)) {
        real.push(document);
        if (real.length === 3) break;
      }
      const prefix = `${config.indexPrefix}hostile_`;
      index = await createDirectSearchIndex(client, prefix, [
        { ...real[0], id: 1, name: HOSTILE_NAME, abbreviation: '<svg/onload=alert(2)>', description: HOSTILE_DESCRIPTION },
        { ...real[1], id: 2, name: 'Genomics hidden probe', isHidden: true },
        { ...real[2], id: 3 },
      ]);
      hostileApp = await startGraphqlApp({ ...config, indexPrefix: prefix });
    });

    afterAll(async () => {
      await hostileApp?.close();
      await index?.drop();
    });

    it('answers the text as text: the segments join to the original, no markup is added', async () => {
      const response = await hostileApp.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: '{ searchFairsharingRecords(q: "genomics") { records { id highlight { name { text matched } abbreviation { text matched } description { text matched } } } } }' },
      });
      expect(response.body).not.toMatch(/<em>|<mark>|&lt;/);
      const records = (response.json() as { data: { searchFairsharingRecords: { records: { id: string; highlight: Record<string, { text: string; matched: boolean }[]> }[] } } }).data
        .searchFairsharingRecords.records;
      const hostile = records.find((record) => record.id === '1')!;
      expect(hostile.highlight.name.map((segment) => segment.text).join('')).toBe(HOSTILE_NAME);
      expect(hostile.highlight.name.filter((segment) => segment.matched).map((segment) => segment.text)).toEqual(['Genomics']);
      expect(hostile.highlight.description.map((segment) => segment.text).join('')).toContain('<script>alert("genomics")</script> a genomics resource');
      expect(records.map((record) => record.id)).not.toContain('2');
    });

    it('never suggests a record the viewer may not see', async () => {
      const anonymous = await sendQuery(hostileApp, '{ searchSuggestions(q: "genomics hidden") { records { id } } }');
      expect(anonymous.data!.searchSuggestions.records).toEqual([]);
      const rest = await hostileApp.inject({ url: '/search_suggestions?q=genomics%20hidden' });
      expect((rest.json() as { records: unknown[] }).records).toEqual([]);
    });
  });
});
