/**
 * The relation graph's request for a record id (the page asks it; start-up may ask it first,
 * app/page-prefetch.ts). Its answer type is generated from the document (`npm run codegen`:
 * graph-query.generated.ts); `data` is JSON, read by graph-answer.ts.
 */
import { compactGraphql } from '@registry/schemas/search/client/graphql-literals.ts';
import type { GraphqlRequest } from '@registry/schemas/search/client/graphql-request.ts';
import type { RelationGraphQueryVariables } from './graph-query.generated.ts';

const RELATION_GRAPH_QUERY = /* GraphQL */ `
  query RelationGraph($id: ID) { fairsharingGraph(id: $id) { data } }
`;

export function relationGraphQuery(id: string): GraphqlRequest {
  return { query: compactGraphql(RELATION_GRAPH_QUERY), variables: { id } satisfies RelationGraphQueryVariables };
}
