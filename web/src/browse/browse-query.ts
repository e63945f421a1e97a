/**
 * The ontology browser's request for one vocabulary and the reading of its answer: the answer type
 * is generated from the document (`npm run codegen`: browse-query.generated.ts); its `data` is
 * JSON (the API's vocabularies/vocabulary-tree.ts builds it), read here into the terms the tree,
 * sunburst and details show. Terms without an id or a name are left out, with their narrower terms.
 */
import { compactGraphql } from '@registry/schemas/search/client/graphql-literals.ts';
import type { GraphqlRequest } from '@registry/schemas/search/client/graphql-request.ts';
import { isFiniteNumber, isJsonObject, listOf, stringList, stringOrNull } from '../kit/json-values.ts';
import type { TermNode } from './subject-tree.ts';
import type { BrowseVocabularyQueryVariables } from './browse-query.generated.ts';

const BROWSE_VOCABULARY_QUERY = /* GraphQL */ `
  query BrowseVocabulary($id: String!) { browseVocabulary(id: $id) { id data } }
`;

export function browseVocabularyRequest(id: string): GraphqlRequest {
  return { query: compactGraphql(BROWSE_VOCABULARY_QUERY), variables: { id } satisfies BrowseVocabularyQueryVariables };
}

const countOf = (value: unknown) => (isFiniteNumber(value) ? value : 0);

function readTermNode(value: unknown): TermNode | null {
  if (!isJsonObject(value) || !isFiniteNumber(value.id) || typeof value.name !== 'string') return null;
  return {
    id: value.id,
    name: value.name,
    description: stringOrNull(value.description) ?? '',
    definitions: stringList(value.definitions),
    synonyms: stringList(value.synonyms),
    iri: stringOrNull(value.iri),
    records_count: countOf(value.records_count),
    ...(isFiniteNumber(value.own_records_count) ? { own_records_count: value.own_records_count } : {}),
    descendants_count: countOf(value.descendants_count),
    children: listOf(value.children, readTermNode),
  };
}

/** The vocabulary's root terms (every term of a flat vocabulary), each with its narrower ones. */
export function readVocabularyTree(data: unknown): TermNode[] {
  return listOf(data, readTermNode);
}
