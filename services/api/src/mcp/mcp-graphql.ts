/**
 * The GraphQL documents the assistants' tools run, and how they run them: through the app's own
 * GraphQL schema with the caller's context (graphqlContextFor), so a tool answers exactly what the
 * same query over HTTP answers — the same resolvers, field rules, visibility and query cost — and
 * holds no search or rule of its own.
 */
import type { FastifyInstance } from 'fastify';
import type { Viewer } from '@registry/schemas';
import { graphqlContextFor } from '../kernel/graphql-context.ts';

/** The record fields a tool's list shows (from the search index). */
const LISTED_RECORD = 'id name abbreviation registry type status doi homepage description';

export const SEARCH_RECORDS = /* GraphQL */ `
  query McpSearch($q: String, $fairsharingRegistry: [String!], $recordType: [String!], $subjects: [String!], $domains: [String!], $taxonomies: [String!],
    $status: [String!], $organisations: [String!], $licences: [String!], $page: Int, $perPage: Int) {
    searchFairsharingRecords(q: $q, fairsharingRegistry: $fairsharingRegistry, recordType: $recordType, subjects: $subjects, domains: $domains,
      taxonomies: $taxonomies, status: $status, organisations: $organisations, licences: $licences, page: $page, perPage: $perPage) {
      totalCount currentPage perPage totalPages
      records { ${LISTED_RECORD} }
    }
  }
`;

export const FACET_COUNTS = /* GraphQL */ `
  query McpFacets($q: String, $fairsharingRegistry: [String!], $recordType: [String!], $subjects: [String!], $domains: [String!], $taxonomies: [String!],
    $status: [String!], $organisations: [String!], $licences: [String!]) {
    searchFairsharingRecords(q: $q, fairsharingRegistry: $fairsharingRegistry, recordType: $recordType, subjects: $subjects, domains: $domains,
      taxonomies: $taxonomies, status: $status, organisations: $organisations, licences: $licences, page: 1, perPage: 1) {
      totalCount
      facets { key otherCount values { value count } }
    }
  }
`;

export const ADVANCED_SEARCH = /* GraphQL */ `
  query McpAdvancedSearch($q: String, $where: AdvancedSearchInput) {
    advancedSearch(q: $q, where: $where) { ${LISTED_RECORD} }
  }
`;

export const GET_RECORD = /* GraphQL */ `
  query McpRecord($id: ID) {
    fairsharingRecord(id: $id) {
      id name abbreviation registry type status doi homepage description legacyIds createdAt updatedAt
      withdrawn { reason withdrawnAt successor { id name } }
      subjects { id label } domains { id label } taxonomies { id label } objectTypes { id label } countries { id name }
      licences { id name url }
      organisationLinks { relation organisation { id name } }
      publications { id title doi pubmedId year journal }
      recordAssociations { recordAssocLabel linkedRecord { id name abbreviation registry } }
      reverseRecordAssociations { recordAssocLabel fairsharingRecord { id name abbreviation registry } }
    }
  }
`;

export const RECORD_RELATIONS = /* GraphQL */ `
  query McpRelations($id: ID) {
    fairsharingRecord(id: $id) {
      id name abbreviation registry
      recordAssociations { recordAssocLabel linkedRecord { id name abbreviation registry } }
      reverseRecordAssociations { recordAssocLabel fairsharingRecord { id name abbreviation registry } }
    }
  }
`;

export const RECORD_ID = /* GraphQL */ `
  query McpRecordId($id: ID) { fairsharingRecord(id: $id) { id } }
`;

export const RECORD_GRAPH = /* GraphQL */ `
  query McpGraph($id: ID) { fairsharingGraph(id: $id) { data } }
`;

export const VOCABULARY_LOOKUPS = {
  subjects: /* GraphQL */ `query McpSubjects($q: String) { terms: searchSubjects(q: $q) { id label definitions } }`,
  domains: /* GraphQL */ `query McpDomains($q: String) { terms: searchDomains(q: $q) { id label definitions } }`,
  taxonomies: /* GraphQL */ `query McpTaxonomies($q: String) { terms: searchTaxonomies(q: $q) { id label } }`,
  object_types: /* GraphQL */ `query McpObjectTypes($q: String) { objectTypes(q: $q) { terms: records { id label } } }`,
} as const;

export const BROWSE_VOCABULARY = /* GraphQL */ `
  query McpBrowse($id: String!) { browseVocabulary(id: $id) { id data } }
`;

export interface GraphqlError {
  message: string;
  extensions?: Record<string, unknown>;
}

export interface GraphqlResult<T> {
  data: T | null;
  errors: GraphqlError[];
}

/** Runs `document` as `viewer` through the app's GraphQL schema. */
export async function runGraphql<T extends Record<string, unknown>>(app: FastifyInstance, viewer: Viewer, document: string, variables: Record<string, unknown>): Promise<GraphqlResult<T>> {
  try {
    const answer = await app.graphql<T>(document, graphqlContextFor(app, viewer), variables);
    return { data: (answer.data ?? null) as T | null, errors: (answer.errors ?? []).map(plainError) };
  } catch (error) {
    // Mercurius throws a query its validation refuses (the cost rule among them), with the reasons as `errors`.
    const reasons = (error as { errors?: unknown }).errors;
    if (!Array.isArray(reasons)) throw error;
    return { data: null, errors: reasons.map((reason) => plainError(reason as GraphqlError)) };
  }
}

function plainError(error: GraphqlError): GraphqlError {
  return { message: error.message, extensions: error.extensions };
}
