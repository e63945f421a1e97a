/**
 * What a GraphQL request asks for at its root, read before Mercurius runs it: the rules that
 * weigh a request by what it costs (rate limit, work in flight) decide from these names.
 */
import type { FastifyRequest } from 'fastify';
import type { DocumentNode, FragmentDefinitionNode, SelectionSetNode } from 'graphql';
import { graphqlRuntime } from './graphql-runtime.ts';

const { Kind, parse } = graphqlRuntime;

/**
 * The root fields a GraphQL document asks for, by field name (so aliases do not hide them),
 * through fragments spread at the root. Root level only: `objectTypes` is also a field of every
 * record. A text that does not parse asks for nothing (Mercurius refuses it).
 */
export function graphqlRootFieldNames(text: string): Set<string> {
  const names = new Set<string>();
  let document: DocumentNode;
  try {
    document = parse(text);
  } catch {
    return names;
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const visited = new Set<string>();
  const visit = (selectionSet: SelectionSetNode) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) names.add(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
      else if (!visited.has(selection.name.value)) {
        visited.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) visit(fragment.selectionSet);
      }
    }
  };
  for (const definition of document.definitions) if (definition.kind === Kind.OPERATION_DEFINITION) visit(definition.selectionSet);
  return names;
}

/** The document of a GraphQL request: the body's `query` (POST) or the query string's (GET). */
function graphqlRequestText(request: FastifyRequest): string {
  const fromBody = (request.body as { query?: unknown } | undefined)?.query;
  const fromQueryString = (request.query as { query?: unknown } | undefined)?.query;
  return typeof fromBody === 'string' ? fromBody : typeof fromQueryString === 'string' ? fromQueryString : '';
}

const rootFieldsByRequest = new WeakMap<FastifyRequest, Set<string>>();

/**
 * The root field names of a GraphQL request's document, parsed once however many rules ask (the
 * rate limit's weight, the limit on expensive requests). Only a document that was there is
 * remembered: asked before the body is read, the answer is empty and asked again later.
 */
export function graphqlRequestRootFields(request: FastifyRequest): Set<string> {
  const remembered = rootFieldsByRequest.get(request);
  if (remembered) return remembered;
  const text = graphqlRequestText(request);
  const names = graphqlRootFieldNames(text);
  if (text) rootFieldsByRequest.set(request, names);
  return names;
}
