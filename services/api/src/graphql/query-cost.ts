/**
 * A cost limit on top of the depth limit: every field costs 1, and a field below a list costs
 * as many times as the list may hold items (the `perPage` asked for by the search, otherwise a
 * fixed estimate). Introspection is free, so tools and the client's start-up always work.
 */
import type {
  ASTVisitor, FragmentDefinitionNode, GraphQLNamedType, SelectionSetNode, ValidationContext, ValueNode,
} from 'graphql';
import { graphqlRuntime } from './graphql-runtime.ts';

const { GraphQLError, Kind, getNamedType, getNullableType, isListType, isObjectType, isInterfaceType } = graphqlRuntime;

/** How many items a list is assumed to hold when nothing in the query says so. */
export const DEFAULT_LIST_SIZE = 10;
/** perPage cap of the search; a larger perPage costs as much as this. */
export const MAX_PAGE_SIZE = 100;
export const MAX_QUERY_COST = 50_000;

function intArgument(value: ValueNode | undefined): number | null {
  if (!value) return null;
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.STRING && /^\d+$/.test(value.value)) return Number(value.value);
  return null;
}

export interface CostWalk {
  fragments: Map<string, FragmentDefinitionNode>;
  visitedFragments: Set<string>;
  /** Deepest field level seen, so a too-deep query is left to the depth limit's clearer message. */
  maxDepth: number;
}

export function estimateSelectionCost(
  selectionSet: SelectionSetNode,
  parentType: GraphQLNamedType,
  walk: CostWalk,
  pageSize: number | null,
  depth = 1,
): number {
  walk.maxDepth = Math.max(walk.maxDepth, depth);
  const { fragments, visitedFragments } = walk;
  if (!isObjectType(parentType) && !isInterfaceType(parentType)) return 0;
  const fields = parentType.getFields();
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || visitedFragments.has(name)) continue; // cycles are reported by the standard rules
      visitedFragments.add(name);
      cost += estimateSelectionCost(fragment.selectionSet, parentType, walk, pageSize, depth);
      visitedFragments.delete(name);
      continue;
    }
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      cost += estimateSelectionCost(selection.selectionSet, parentType, walk, pageSize, depth);
      continue;
    }
    const name = selection.name.value;
    if (name.startsWith('__')) continue;
    const field = fields[name];
    if (!field) continue; // unknown fields are reported by the standard rules
    const perPage = intArgument(selection.arguments?.find((argument) => argument.name.value === 'perPage')?.value);
    const childPageSize = perPage === null ? pageSize : Math.min(Math.max(perPage, 1), MAX_PAGE_SIZE);
    let multiplier = 1;
    let nextPageSize = childPageSize;
    if (isListType(getNullableType(field.type))) {
      multiplier = childPageSize ?? DEFAULT_LIST_SIZE;
      nextPageSize = null; // a page size applies to the first list below the search only
    }
    const childCost = selection.selectionSet
      ? estimateSelectionCost(selection.selectionSet, getNamedType(field.type), walk, nextPageSize, depth + 1)
      : 0;
    cost += 1 + multiplier * childCost;
  }
  return cost;
}

/** Mercurius checks depth after validation; a query deeper than this gets its depth error instead. */
export function queryCostRule(maxCost: number = MAX_QUERY_COST, depthLimit = Number.POSITIVE_INFINITY) {
  return (context: ValidationContext): ASTVisitor => {
    const document = context.getDocument();
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    return {
      OperationDefinition(operation) {
        const schema = context.getSchema();
        const root = operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
        if (!root) return;
        const walk: CostWalk = { fragments, visitedFragments: new Set(), maxDepth: 0 };
        const cost = estimateSelectionCost(operation.selectionSet, root, walk, null);
        // Root fields are level 1 here and level 0 for the depth limit.
        if (cost > maxCost && walk.maxDepth - 1 <= depthLimit) {
          context.reportError(
            new GraphQLError(`query is too expensive: estimated cost ${cost} exceeds the limit of ${maxCost}; ask for fewer fields, smaller pages or less nesting`, {
              nodes: [operation],
              extensions: { code: 'QUERY_TOO_EXPENSIVE', cost, maxCost },
            }),
          );
        }
      },
    };
  };
}
