/**
 * What a GraphQL request asks for at its root, read before Mercurius runs it: the rules that
 * weigh a request by what it costs (rate limit, work in flight) decide from these names.
 */
import type { FastifyRequest } from 'fastify';
import type { DocumentNode, FragmentDefinitionNode, SelectionSetNode } from 'graphql';
import { graphqlRuntime } from './graphql-runtime.ts';

const { Kind, parse } = graphqlRuntime;

/** The argument that narrows a search to an advanced search's rules (search-schema.ts). */
export const ADVANCED_SEARCH_ARGUMENT = 'where';

/**
 * The root fields a GraphQL document asks for, by field name (so aliases do not hide them),
 * through fragments spread at the root; `advanced` holds those asked with an advanced search's
 * `where`. Root level only: `objectTypes` is also a field of every record. A text that does not
 * parse asks for nothing (Mercurius refuses it).
 */
export function graphqlRootFields(text: string): { names: Set<string>; advanced: Set<string> } {
  const names = new Set<string>();
  const advanced = new Set<string>();
  let document: DocumentNode;
  try {
    document = parse(text);
  } catch {
    return { names, advanced };
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const visited = new Set<string>();
  const visit = (selectionSet: SelectionSetNode) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        names.add(selection.name.value);
        if (selection.arguments?.some((argument) => argument.name.value === ADVANCED_SEARCH_ARGUMENT)) advanced.add(selection.name.value);
      }
      else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
      else if (!visited.has(selection.name.value)) {
        visited.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) visit(fragment.selectionSet);
      }
    }
  };
  for (const definition of document.definitions) if (definition.kind === Kind.OPERATION_DEFINITION) visit(definition.selectionSet);
  return { names, advanced };
}

/** The root field names a GraphQL document asks for (graphqlRootFields). */
export function graphqlRootFieldNames(text: string): Set<string> {
  return graphqlRootFields(text).names;
}

/** The document of a GraphQL request: the body's `query` (POST) or the query string's (GET). */
function graphqlRequestText(request: FastifyRequest): string {
  const fromBody = (request.body as { query?: unknown } | undefined)?.query;
  const fromQueryString = (request.query as { query?: unknown } | undefined)?.query;
  return typeof fromBody === 'string' ? fromBody : typeof fromQueryString === 'string' ? fromQueryString : '';
}

const rootFieldsByRequest = new WeakMap<FastifyRequest, ReturnType<typeof graphqlRootFields>>();

function requestRootFields(request: FastifyRequest): ReturnType<typeof graphqlRootFields> {
  const remembered = rootFieldsByRequest.get(request);
  if (remembered) return remembered;
  const text = graphqlRequestText(request);
  const fields = graphqlRootFields(text);
  if (text) rootFieldsByRequest.set(request, fields);
  return fields;
}

/**
 * The root field names of a GraphQL request's document, parsed once however many rules ask (the
 * rate limit's weight, the limit on expensive requests). Only a document that was there is
 * remembered: asked before the body is read, the answer is empty and asked again later.
 */
export function graphqlRequestRootFields(request: FastifyRequest): Set<string> {
  return requestRootFields(request).names;
}

/** The root fields of a GraphQL request asked with an advanced search's `where` (parsed once, as above). */
export function graphqlRequestAdvancedRootFields(request: FastifyRequest): Set<string> {
  return requestRootFields(request).advanced;
}
