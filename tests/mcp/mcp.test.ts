/**
 * The assistants' endpoint (/mcp) through the official MCP SDK's client, as an assistant would
 * use it: it initialises, lists the tools and resources, calls each tool with a real query on the
 * run's catalogue and gets what the same query through GraphQL answers; a hidden or unapproved
 * record is found by no tool and no resource; a caller beyond the rate limit is told, as the
 * protocol's error, when to retry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createSearchClient } from '@registry/platform';
import { buildApp } from '@registry/api/app.ts';
import { reindexAll } from '@registry/indexer/src/reindex.ts';
import { sharedCatalogueConfig, createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { insertFixtureVocabulary, insertRecord } from '../indexing/fixtures.ts';
import { sendQuery } from '../graphql/support.ts';

const TOOLS = ['advanced_search', 'changes_since', 'facet_counts', 'get_record', 'lookup_terms', 'record_graph', 'related_records', 'search_records'];

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'registry-test-assistant', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', url), { requestInit: { headers } }));
  return client;
}

/** A tool's structured answer (the tests walk it freely). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<any> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  expect(result.content[0]?.type).toBe('text');
  return result.structuredContent;
}

describe('/mcp on the catalogue', () => {
  let app: FastifyInstance;
  let client: Client;

  beforeAll(async () => {
    app = await buildApp({ config: sharedCatalogueConfig(), logger: false, rateLimitMax: 100_000 });
    client = await connect(await listening(app));
  });
  afterAll(async () => {
    await client?.close();
    await app?.close();
  });

  it('lists its read-only tools, each with an output schema, and its resources', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(60);
      expect(tool.outputSchema, tool.name).toBeTruthy();
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    }
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toContain('registry://records/{id}');
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri).sort()).toEqual(['registry://vocabularies/domains', 'registry://vocabularies/subjects']);
  });

  it('search_records answers what searchFairsharingRecords answers', async () => {
    const found = await call(client, 'search_records', { q: 'proteomics', registry: ['standard'], perPage: 10 });
    const graphql = await sendQuery(app, `{ searchFairsharingRecords(q: "proteomics", fairsharingRegistry: ["standard"], perPage: 10) { totalCount records { id name } } }`);
    expect(found.totalCount).toBe(graphql.data!.searchFairsharingRecords.totalCount);
    expect(found.totalCount).toBeGreaterThan(10);
    expect(found.records.map((record: { id: number }) => String(record.id))).toEqual(graphql.data!.searchFairsharingRecords.records.map((record: { id: string }) => record.id));
    expect(found.records[0].url).toMatch(/\/\d+$/);
  });

  it('a page is at most 100 records: asking more is the tool\'s input error', async () => {
    const result = (await client.callTool({ name: 'search_records', arguments: { q: 'data', perPage: 1_000 } })) as CallToolResult;
    expect(result.isError).toBe(true);
  });

  it('get_record finds one record by id, DOI, legacy id and abbreviation, with its relations', async () => {
    const graphql = await sendQuery(app, `{ fairsharingRecord(id: "2") { id name doi legacyIds abbreviation recordAssociations { id } reverseRecordAssociations { id } } }`);
    const loinc = graphql.data!.fairsharingRecord;
    const identifiers = ['2', loinc.doi, loinc.abbreviation, ...(Array.isArray(loinc.legacyIds) ? loinc.legacyIds.slice(0, 1) : [])];
    for (const identifier of identifiers) {
      const found = await call(client, 'get_record', { identifier });
      expect(found.record.id, identifier).toBe(2);
      expect(found.record.name).toBe(loinc.name);
      expect(found.relations).toHaveLength(loinc.recordAssociations.length + loinc.reverseRecordAssociations.length);
    }
    const unknown = (await client.callTool({ name: 'get_record', arguments: { identifier: 'no such record anywhere' } })) as CallToolResult;
    expect(unknown.isError).toBe(true);
  });

  it('related_records lists the policies that recommend a standard, as its reverse relations say', async () => {
    const search = await sendQuery(app, `{ searchFairsharingRecords(fairsharingRegistry: ["standard"], recommendedStandards: [], perPage: 1) { records { id } } }`);
    const policies = await sendQuery(app, `{ searchFairsharingRecords(fairsharingRegistry: ["policy"], perPage: 50) { records { id } } }`);
    expect(search.errors ?? policies.errors).toBeUndefined();
    // A standard some policy recommends: the first one a policy's record names.
    let standardId: string | undefined;
    for (const policy of policies.data!.searchFairsharingRecords.records) {
      const links = await sendQuery(app, `{ fairsharingRecord(id: "${policy.id}") { recordAssociations { recordAssocLabel linkedRecord { id registry } } } }`);
      const link = links.data!.fairsharingRecord.recordAssociations.find((association: { recordAssocLabel: string; linkedRecord: { registry: string } }) =>
        association.recordAssocLabel === 'recommends' && association.linkedRecord.registry.toLowerCase() === 'standard');
      if (link) {
        standardId = link.linkedRecord.id;
        break;
      }
    }
    expect(standardId).toBeDefined();
    const found = await call(client, 'related_records', { identifier: standardId, relation: 'recommends', direction: 'incoming' });
    const graphql = await sendQuery(app, `{ fairsharingRecord(id: "${standardId}") { reverseRecordAssociations { recordAssocLabel fairsharingRecord { id } } } }`);
    const expected = graphql.data!.fairsharingRecord.reverseRecordAssociations
      .filter((association: { recordAssocLabel: string }) => association.recordAssocLabel === 'recommends')
      .map((association: { fairsharingRecord: { id: string } }) => Number(association.fairsharingRecord.id));
    expect(found.relations.map((relation: { record: { id: number } }) => relation.record.id).sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThan(0);
  });

  it('record_graph gives the records one and two hops away', async () => {
    const one = await call(client, 'record_graph', { identifier: '2', depth: 1 });
    const two = await call(client, 'record_graph', { identifier: '2', depth: 2 });
    expect(one.nodes.map((node: { id: number }) => node.id)).toContain(2);
    expect(one.nodes.every((node: { depth: number }) => node.depth <= 1)).toBe(true);
    expect(two.nodes.length).toBeGreaterThanOrEqual(one.nodes.length);
    const graph = await sendQuery(app, `{ fairsharingGraph(id: "2") { data } }`);
    expect(two.nodes.length).toBe(graph.data!.fairsharingGraph.data.nodes.length);
  });

  it('facet_counts answers the counts of the search', async () => {
    const found = await call(client, 'facet_counts', { q: 'metabolomics', facets: ['fairsharing_registry'] });
    const graphql = await sendQuery(app, `{ searchFairsharingRecords(q: "metabolomics") { totalCount facets { key values { value count } } } }`);
    expect(found.totalCount).toBe(graphql.data!.searchFairsharingRecords.totalCount);
    expect(found.facets).toEqual([graphql.data!.searchFairsharingRecords.facets.find((facet: { key: string }) => facet.key === 'fairsharing_registry')].map((facet) => ({ ...facet, otherCount: expect.any(Number) })));
  });

  it('lookup_terms gives the terms and ids searchSubjects gives, and advanced_search uses them', async () => {
    const found = await call(client, 'lookup_terms', { vocabulary: 'subjects', q: 'proteom' });
    const graphql = await sendQuery(app, `{ searchSubjects(q: "proteom") { id label } }`);
    expect(found.terms.map((term: { id: number; label: string }) => [String(term.id), term.label])).toEqual(graphql.data!.searchSubjects.slice(0, 50).map((term: { id: string; label: string }) => [term.id, term.label]));
    const label = (found.terms.find((term: { label: string }) => term.label.toLowerCase() === 'proteomics') ?? found.terms[0]).label as string;
    const advanced = await call(client, 'advanced_search', { groups: [{ conditions: { subjects: [label] } }, { conditions: { registry: ['standard'] } }], limit: 100 });
    const same = await sendQuery(app, {
      query: 'query ($where: AdvancedSearchInput) { advancedSearch(where: $where) { id } }',
      variables: { where: { operator: '_and', fields: [{ operator: '_and', subjects: [label] }, { operator: '_and', registry: ['standard'] }] } },
    });
    expect(advanced.totalCount).toBe(same.data!.advancedSearch.length);
    expect(advanced.totalCount).toBeGreaterThan(0);
  });

  it('changes_since reads the change feed as GET /changes does', async () => {
    const found = await call(client, 'changes_since', { limit: 5 });
    const rest = (await app.inject({ method: 'GET', url: '/changes?limit=5' })).json() as { changes: unknown[]; next: string };
    expect(found.changes).toEqual(rest.changes);
    expect(found.next).toBe(rest.next);
  });

  it('reads a record and the subject tree as resources', async () => {
    const record = await client.readResource({ uri: 'registry://records/2' });
    expect(JSON.parse((record.contents[0] as { text: string }).text).name).toBe('Logical Observation Identifier Names and Codes');
    expect(record.contents.map((content) => content.mimeType)).toEqual(['application/json', 'text/turtle']);
    const subjects = await client.readResource({ uri: 'registry://vocabularies/subjects' });
    expect(JSON.parse((subjects.contents[0] as { text: string }).text)).toBeTruthy();
  });

  it('answers GET with 405: the endpoint keeps no session', async () => {
    const response = await app.inject({ method: 'GET', url: '/mcp' });
    expect(response.statusCode).toBe(405);
  });
});

describe('/mcp and unpublished records', () => {
  let env: IsolatedEnvironment;
  let app: FastifyInstance;
  let client: Client;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    env = await createIsolatedEnvironment('mcp_visibility');
    const vocabulary = await insertFixtureVocabulary(env.db);
    // Names of real registry entries; the flags are what this test varies.
    ids.public = await insertRecord(env.db, { registryId: vocabulary.registries.Standard, name: 'MIAPE public', abbreviation: 'MIAPE-P' });
    ids.hidden = await insertRecord(env.db, { registryId: vocabulary.registries.Standard, name: 'MIAPE hidden', abbreviation: 'MIAPE-H', isHidden: true });
    ids.unapproved = await insertRecord(env.db, { registryId: vocabulary.registries.Standard, name: 'MIAPE unapproved', abbreviation: 'MIAPE-U', isApproved: false });
    const search = createSearchClient({ opensearchUrl: env.config.opensearchUrl });
    await reindexAll({ db: env.db, client: search, indexPrefix: env.config.indexPrefix });
    await search.close();
    app = await buildApp({ config: env.config, logger: false, rateLimitMax: 100_000 });
    client = await connect(await listening(app));
  });
  afterAll(async () => {
    await client?.close();
    await app?.close();
    await env?.cleanup();
  });

  it('no tool or resource finds a hidden or unapproved record', async () => {
    const found = await call(client, 'search_records', { q: 'MIAPE' });
    expect(found.records.map((record: { id: number }) => record.id)).toEqual([ids.public]);
    const counted = await call(client, 'facet_counts', { q: 'MIAPE' });
    expect(counted.totalCount).toBe(1);
    const advanced = await call(client, 'advanced_search', { q: 'MIAPE', groups: [{ conditions: { registry: ['standard'] } }] });
    expect(advanced.records.map((record: { id: number }) => record.id)).toEqual([ids.public]);
    for (const identifier of [String(ids.hidden), String(ids.unapproved), 'MIAPE-H', 'MIAPE-U']) {
      for (const tool of ['get_record', 'related_records', 'record_graph']) {
        const result = (await client.callTool({ name: tool, arguments: { identifier } })) as CallToolResult;
        expect(result.isError, `${tool} ${identifier}`).toBe(true);
      }
    }
    for (const id of [ids.hidden, ids.unapproved]) {
      await expect(client.readResource({ uri: `registry://records/${id}` })).rejects.toThrow(/not found/);
    }
  });
});

describe('/mcp beyond the rate limit', () => {
  let app: FastifyInstance;

  afterAll(async () => app?.close());

  it('answers a call past the limit with the protocol\'s error and the retry time', async () => {
    app = await buildApp({ config: sharedCatalogueConfig(), logger: false, rateLimitMax: 3 });
    const client = await connect(await listening(app));
    let refusal: unknown;
    try {
      for (let call = 0; call < 5; call += 1) await client.callTool({ name: 'search_records', arguments: { q: 'ontology', perPage: 1 } });
    } catch (error) {
      refusal = error;
    }
    expect(String(refusal)).toMatch(/"code":-32029/);
    expect(String(refusal)).toMatch(/"retryAfterSeconds":\d+/);
    await client.close().catch(() => {});
  });
});
