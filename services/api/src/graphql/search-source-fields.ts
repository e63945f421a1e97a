/**
 * The document fields a `searchFairsharingRecords` query reads: the `_source` paths of the
 * fields selected under `records` (fragments and aliases included), so OpenSearch sends and
 * the API parses only those. A page of thirty full documents weighs ~25 KB; the public
 * client's result row needs a third of it, and scripts that ask for ids need almost nothing.
 *
 * It walks the query's syntax tree by node kind only. `records` holds one type, so every
 * fragment under it applies; and nothing here depends on which `graphql` module instance
 * built the schema (the CommonJS and ESM builds of graphql cannot share type objects).
 */
import type { FieldNode, FragmentDefinitionNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql';

/** GraphQL field names that differ from the document's. */
const DOCUMENT_FIELD: Readonly<Record<string, string>> = { type: 'recordType' };

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

/**
 * `_source` includes for the records of this search, or null to fetch whole documents (no
 * `records` selection). Nested objects always keep their id: their types' resolvers (a
 * subject's parents, say) look records up by it.
 */
export function searchRecordSourceFields(info: GraphQLResolveInfo): string[] | null {
  const topFields = info.fieldNodes.flatMap((node) => selectedFields(node.selectionSet, info.fragments));
  const records = topFields.filter((field) => field.name.value === 'records');
  if (records.length === 0) return null;
  const paths = new Set<string>(['id']);
  for (const field of records.flatMap((node) => selectedFields(node.selectionSet, info.fragments))) {
    const name = field.name.value;
    if (name.startsWith('__')) continue;
    const path = DOCUMENT_FIELD[name] ?? name;
    if (!field.selectionSet) {
      paths.add(path);
      continue;
    }
    paths.add(`${path}.id`);
    for (const child of selectedFields(field.selectionSet, info.fragments)) {
      if (!child.name.value.startsWith('__')) paths.add(`${path}.${child.name.value}`);
    }
  }
  return [...paths];
}
