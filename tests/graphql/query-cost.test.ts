/**
 * The query limits against the real catalogue: the public client's own queries pass, and the
 * queries an attacker would amplify with (nested fragments, aliases of unpaged lists,
 * catalogue-wide JSON-LD, repeated introspection) are refused before they run, with a message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_SEARCH_STATE } from '@registry/schemas/search/client/search-state.ts';
import { buildSearchRecordsQuery } from '@registry/schemas/search/client/search-query.ts';
import { MAX_ANSWER_BYTES } from '@registry/api/graphql/answer-size.ts';
import { countListSizes } from '@registry/api/vocabularies/list-sizes-repository.ts';
import { buildRecordQuery } from '../../web/src/record/record-id.ts';
import { INTROSPECTION_QUERY as WEB_INTROSPECTION_QUERY } from '../../web/src/state/introspectionSlice.ts';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { aliasedQuery, doublingFragmentsQuery } from './abusive-queries.ts';
import {
  advancedSearchQuery, BROWSE_SUBJECTS_QUERY, INTROSPECTION_QUERY, MESSAGES_QUERY, OBJECT_TYPES_QUERY, RECORD_TYPES_QUERY, recordPageQuery,
  REGISTRIES_QUERY, searchQuery, STATS_QUERY,
} from './client-queries.ts';
import { sendQuery, startGraphqlApp } from './support.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await startGraphqlApp(sharedCatalogueConfig());
});

afterAll(async () => {
  await app?.close();
});

async function refusal(query: string): Promise<{ message: string; code: unknown }> {
  const answer = await sendQuery(app, query);
  expect(answer.status, query.slice(0, 80)).toBe(400);
  expect(answer.data).toBeNull();
  expect(answer.errors).toHaveLength(1);
  return { message: answer.errors![0].message, code: answer.errors![0].extensions?.code };
}

describe('the public client', () => {
  it.each([
    ['record page', recordPageQuery(2)],
    ['web record page', buildRecordQuery('FAIRsharing.2mk2zb')],
    ['search page of 100', searchQuery('perPage:100 q:"gene"')],
    ['web search page of 100', buildSearchRecordsQuery({ ...DEFAULT_SEARCH_STATE, q: 'gene', perPage: 100 })],
    ['advanced search', advancedSearchQuery('q:"ontology"')],
    ['introspection', INTROSPECTION_QUERY],
    ['web introspection', WEB_INTROSPECTION_QUERY],
    ['subject browser', BROWSE_SUBJECTS_QUERY],
    ['vocabulary browser', '{browseVocabulary(id:"domain"){id data}}'],
    ['download', '{downloadSearchResults(q:"gene" includeOrgs:true searchUrl:"http://localhost/search?q=gene"){ fileData}}'],
    ['registries', REGISTRIES_QUERY],
    ['record types', RECORD_TYPES_QUERY],
    ['object types', OBJECT_TYPES_QUERY],
    ['statistics', STATS_QUERY],
    ['messages', MESSAGES_QUERY],
  ])('%s passes the limits', async (_name, query) => {
    const answer = await sendQuery(app, query);
    expect(answer.status).toBe(200);
    expect(answer.errors).toBeUndefined();
  });

  it('may list the whole catalogue once per query, well under the answer cap', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{allFairsharingRecords{ id name abbreviation homepage description doi }}' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.allFairsharingRecords.length).toBeGreaterThan(3_000);
    expect(response.body.length).toBeLessThan(MAX_ANSWER_BYTES / 2);
  });
});

describe('list sizes', () => {
  it('counts the records, the registries and the nodes of the subject tree the browser answers', async () => {
    interface TreeNode { children: TreeNode[] }
    const nodes = (list: TreeNode[]): number => list.reduce((sum, node) => sum + 1 + nodes(node.children), 0);
    const tree = (await sendQuery(app, BROWSE_SUBJECTS_QUERY)).data!.browseSubjects.data as TreeNode[];
    const { count } = (await app.db('records').count({ count: '*' }).first()) as { count: string };
    const sizes = await countListSizes(app.db);
    const subjects = (await sendQuery(app, '{searchSubjects{ id }}')).data!.searchSubjects as unknown[];
    expect(sizes).toEqual({ records: Number(count), registries: 4, subjectTreeNodes: nodes(tree), vocabularyNodes: expect.any(Number), tableRows: expect.objectContaining({ subjects: subjects.length }) });
    const domains = (await sendQuery(app, '{browseVocabulary(id:"domain"){ data }}')).data!.browseVocabulary.data as TreeNode[];
    expect(sizes.vocabularyNodes).toBeGreaterThanOrEqual(Math.max(sizes.subjectTreeNodes, nodes(domains)));
  });
});

describe('amplification', () => {
  it('refuses 26 levels of fragments that each spread the previous one twice, and keeps serving', async () => {
    expect(await refusal(doublingFragmentsQuery(26))).toEqual({
      message: 'query is too expensive: its estimated cost passes the limit of 200000; ask for fewer fields, smaller pages or less nesting',
      code: 'QUERY_TOO_EXPENSIVE',
    });
    expect((await sendQuery(app, '{fairsharingRecord(id:2){ abbreviation }}')).data).toEqual({ fairsharingRecord: { abbreviation: 'LOINC' } });
  });

  it('refuses 48 aliases of a download', async () => {
    expect(await refusal(aliasedQuery('downloadSearchResults { fileData }', 48))).toEqual({
      message: 'downloadSearchResults is not paged, so a query may ask for it only once; this one asks 48 times',
      code: 'UNPAGED_FIELD_REPEATED',
    });
  });

  it.each([
    ['allFairsharingRecords { id name }', 'allFairsharingRecords'],
    ['browseSubjects { data }', 'browseSubjects'],
    ['browseVocabulary(id: "domain") { data }', 'browseVocabulary'],
    ['__schema { types { name } }', '__schema'],
    ['__type(name: "Query") { fields { name } }', '__type'],
    ['fairsharingRegistry(id: "database") { fairsharingRecords { id } }', 'Registry.fairsharingRecords'],
  ])('refuses aliases of %s', async (selection, field) => {
    expect(await refusal(aliasedQuery(selection, 2))).toEqual({
      message: `${field} is not paged, so a query may ask for it only once; this one asks 2 times`,
      code: 'UNPAGED_FIELD_REPEATED',
    });
  });

  it('refuses five aliases of the advanced search (each up to 1,000 records) and of a vocabulary list without q', async () => {
    expect(await refusal(aliasedQuery(`advancedSearch(q: "ontology") { id name description }`, 5))).toEqual({
      message: 'advancedSearch is not paged, so a query may ask for it only once; this one asks 5 times',
      code: 'UNPAGED_FIELD_REPEATED',
    });
    for (const list of ['searchSubjects', 'searchDomains', 'searchTags', 'searchPublications', 'allOrganisations']) {
      expect((await refusal(aliasedQuery(`${list} { id }`, 5))).code).toBe('UNPAGED_FIELD_REPEATED');
    }
  });

  it('refuses two different unpaged lists in one query', async () => {
    expect(await refusal('{ d: downloadSearchResults { fileData } a: allFairsharingRecords { id name } }')).toEqual({
      message: 'downloadSearchResults, allFairsharingRecords are not paged, so a query may ask for only one of them; send separate queries',
      code: 'UNPAGED_FIELDS_COMBINED',
    });
  });

  it('refuses the JSON-LD of the whole catalogue, or of one registry', async () => {
    for (const query of ['{fairsharingRegistries{ records{ fairsharingRecords{ schemaOrg } } }}', '{fairsharingRegistry(id:"database"){ fairsharingRecords{ schemaOrg } }}']) {
      expect((await refusal(query)).code).toBe('QUERY_TOO_EXPENSIVE');
    }
  });

  it('refuses many root fields, counting aliases', async () => {
    const { message, code } = await refusal(aliasedQuery('searchFairsharingRecords(perPage: 100) { records { id } }', 20));
    expect(code).toBe('TOO_MANY_ROOT_FIELDS');
    expect(message).toBe('a query may ask for at most 5 root fields (aliases count); this one asks for 20: send separate queries');
  });
});
