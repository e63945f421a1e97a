/**
 * What a `searchFairsharingRecords` query reads of its answer: whether it selects `records` at
 * all (fragments and aliases included). A query that only wants counts or aggregations asks
 * OpenSearch for no hits, which spares the scoring and the fetch.
 *
 * Records, when selected, come as whole documents: an `_source` include list would be the
 * smaller answer, but OpenSearch compiles the list into an automaton on every request, which
 * cost more than the bytes it saved (a page of 30 result rows, 100k records,
 * scripts/bench/search.ts: about 0.5–0.9 ms more OpenSearch time per search, some 13% of
 * its CPU in the distinct mix).
 *
 * It walks the query's syntax tree by node kind only, so nothing here depends on which
 * `graphql` module instance built the schema (the CommonJS and ESM builds of graphql cannot
 * share type objects).
 */
import type { FieldNode, FragmentDefinitionNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql';

/** The fields of a selection set, with fragment spreads and inline fragments flattened. */
function selectedFields(selectionSet: SelectionSetNode | undefined, fragments: Record<string, FragmentDefinitionNode>): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === 'Field') fields.push(selection);
    else if (selection.kind === 'InlineFragment') fields.push(...selectedFields(selection.selectionSet, fragments));
    else fields.push(...selectedFields(fragments[selection.name.value]?.selectionSet, fragments));
  }
  return fields;
}

function selectedRecordFields(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>): FieldNode[] {
  return info.fieldNodes.flatMap((node) => selectedFields(node.selectionSet, info.fragments).filter((field) => field.name.value === 'records'));
}

export function searchSelectsRecords(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>): boolean {
  return selectedRecordFields(info).length > 0;
}

/** Highlighting costs OpenSearch a pass over each hit's text: only when `records { highlight }` asks. */
export function searchSelectsHighlights(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>): boolean {
  return selectedRecordFields(info).some((records) => selectedFields(records.selectionSet, info.fragments).some((field) => field.name.value === 'highlight'));
}
