/**
 * "All of" a facet's values through every door that takes the search filters: GraphQL
 * `searchFairsharingRecords` (inline and with variables, as the web app sends it),
 * `downloadSearchResults`, `recordAggregations`, and REST `POST /search/fairsharing_records`
 * (`subjects_match`), on the run's indexed catalogue. The expected answer is the records both
 * one-subject searches find (their ids intersected), so nothing is written down.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { sendQuery, startGraphqlApp } from './support.ts';

let app: FastifyInstance;
let pair: [string, string];
let both: number[];

/** Every record id a one-subject search finds, page by page. */
async function idsWithSubject(subject: string): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let page = 1; ; page += 1) {
    const answer = await sendQuery(app, { query: 'query($s:[String!],$p:Int){searchFairsharingRecords(subjects:$s,page:$p,perPage:100){totalPages records{id}}}', variables: { s: [subject], p: page } });
    expect(answer.errors).toBeUndefined();
    const result = answer.data!.searchFairsharingRecords as { totalPages: number; records: { id: string }[] };
    for (const record of result.records) ids.add(Number(record.id));
    if (page >= result.totalPages) return ids;
  }
}

beforeAll(async () => {
  app = await startGraphqlApp(sharedCatalogueConfig());
  const top = await sendQuery(app, '{searchFairsharingRecords(perPage:0){facets{key values{value count}}}}');
  const subjects = (top.data!.searchFairsharingRecords.facets as { key: string; values: { value: string }[] }[]).find((facet) => facet.key === 'subjects')!.values.slice(0, 12).map((entry) => entry.value);
  const ids = new Map<string, Set<number>>();
  for (const subject of subjects) ids.set(subject, await idsWithSubject(subject));
  for (const [i, a] of subjects.entries()) {
    for (const b of subjects.slice(i + 1)) {
      const shared = [...ids.get(a)!].filter((id) => ids.get(b)!.has(id));
      if (shared.length > 0 && shared.length < Math.min(ids.get(a)!.size, ids.get(b)!.size)) {
        pair = [a, b];
        both = shared.sort((x, y) => x - y);
        return;
      }
    }
  }
  throw new Error('no two subjects of the catalogue overlap in part');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('subjectsMatch over GraphQL', () => {
  it('finds the records holding both subjects, inline or with variables; "any" and no argument find either', async () => {
    const [a, b] = pair;
    const inline = await sendQuery(app, `{searchFairsharingRecords(subjects:${JSON.stringify(pair)} subjectsMatch:"all" perPage:100){totalCount records{id}}}`);
    expect(inline.errors).toBeUndefined();
    expect(inline.data!.searchFairsharingRecords.totalCount).toBe(both.length);
    const withVariables = await sendQuery(app, {
      query: 'query($s:[String!],$m:String){searchFairsharingRecords(subjects:$s,subjectsMatch:$m,perPage:100){totalCount records{id}}}',
      variables: { s: [a, b], m: 'all' },
    });
    const ids = (withVariables.data!.searchFairsharingRecords.records as { id: string }[]).map((record) => Number(record.id));
    expect(ids.length).toBe(Math.min(both.length, 100));
    expect(ids.filter((id) => !both.includes(id))).toEqual([]);
    const either = (await idsWithSubject(a)).size + (await idsWithSubject(b)).size - both.length;
    for (const match of ['', 'subjectsMatch:"any"']) {
      const answer = await sendQuery(app, `{searchFairsharingRecords(subjects:${JSON.stringify(pair)} ${match}){totalCount}}`);
      expect(answer.data!.searchFairsharingRecords.totalCount, match).toBe(either);
    }
  });

  it('counts each subject under the all-of selection, and the panel\'s further values too', async () => {
    const [a, b] = pair;
    const answer = await sendQuery(app, `{searchFairsharingRecords(subjects:${JSON.stringify(pair)} subjectsMatch:"all" perPage:0){facets{key values{value count}}}
      searchFacetValues(facet:"subjects" subjects:${JSON.stringify(pair)} subjectsMatch:"all" contains:${JSON.stringify(a)}){values{value count}}}`);
    expect(answer.errors).toBeUndefined();
    const subjects = (answer.data!.searchFairsharingRecords.facets as { key: string; values: { value: string; count: number }[] }[]).find((facet) => facet.key === 'subjects')!.values;
    expect(subjects.find((entry) => entry.value.toLowerCase() === a.toLowerCase())?.count).toBe(both.length);
    expect(subjects.find((entry) => entry.value.toLowerCase() === b.toLowerCase())?.count).toBe(both.length);
    expect(Math.max(...subjects.map((entry) => entry.count))).toBe(both.length);
    const further = answer.data!.searchFacetValues.values as { value: string; count: number }[];
    expect(further.find((entry) => entry.value.toLowerCase() === a.toLowerCase())?.count).toBe(both.length);
  });

  it('downloads and statistics take it too', async () => {
    const answer = await sendQuery(app, `{downloadSearchResults(subjects:${JSON.stringify(pair)} subjectsMatch:"all"){fileData}
      recordAggregations(subjects:${JSON.stringify(pair)} subjectsMatch:"all" by:["fairsharing_registry"]){totalCount buckets{count}}}`);
    expect(answer.errors).toBeUndefined();
    expect((answer.data!.downloadSearchResults.fileData as string[]).length).toBe(both.length + 1);
    expect(answer.data!.recordAggregations.totalCount).toBe(both.length);
  });

  it('refuses any other word as "invalid query", and the argument on a single-valued facet does not exist', async () => {
    const bad = await sendQuery(app, `{searchFairsharingRecords(subjects:${JSON.stringify(pair)} subjectsMatch:"sometimes"){error totalCount}}`);
    expect(bad.data!.searchFairsharingRecords).toEqual({ error: 'invalid query', totalCount: 0 });
    const unknown = await sendQuery(app, '{searchFairsharingRecords(fairsharingRegistry:["standard"] fairsharingRegistryMatch:"all"){totalCount}}');
    expect(unknown.status).toBe(400);
    expect(unknown.errors?.[0]?.message).toMatch(/fairsharingRegistryMatch/);
  });
});

describe('subjects_match over REST', () => {
  const post = (url: string, payload?: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers: { accept: 'application/json' }, ...(payload ? { payload } : {}) });

  it('takes subjects_match (and subjectsMatch) in the query string or the body, and keeps it in the links', async () => {
    const [a, b] = pair;
    const query = `/search/fairsharing_records?page[size]=5&subjects=${encodeURIComponent(a)}&subjects=${encodeURIComponent(b)}`;
    const inQuery = await post(`${query}&subjects_match=all`);
    expect(inQuery.statusCode).toBe(200);
    const body = inQuery.json() as { meta: { record_count: number }; links: { self: string } };
    expect(body.meta.record_count).toBe(both.length);
    expect(new URL(body.links.self).searchParams.get('subjects_match')).toBe('all');
    const camel = await post(`${query}&subjectsMatch=all`);
    expect((camel.json() as { meta: { record_count: number } }).meta.record_count).toBe(both.length);
    const inBody = await post('/search/fairsharing_records?page[size]=5', { subjects: [a, b], subjects_match: 'all' });
    expect((inBody.json() as { meta: { record_count: number } }).meta.record_count).toBe(both.length);
  });

  it('answers 400 with the reason for another word', async () => {
    const response = await post(`/search/fairsharing_records?subjects=${encodeURIComponent(pair[0])}&subjects_match=sometimes`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid query', message: expect.stringContaining('subjectsMatch must be "any" or "all"') });
  });
});
