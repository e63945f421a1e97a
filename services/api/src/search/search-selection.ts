/**
 * What a `searchFairsharingRecords` query reads of its answer: whether it selects `records` at
 * all (fragments and aliases included), their highlights, and the typo retry's corrections. A
 * query that only wants counts or aggregations asks OpenSearch for no hits, which spares the
 * scoring and the fetch.
 *
 * Records of a search page, when selected, come as whole documents: an `_source` include list
 * would be the smaller answer, but OpenSearch compiles the list into an automaton on every
 * request, which cost more than the bytes it saved (a page of 30 result rows, 100k records,
 * scripts/bench/search.ts: about 0.5–0.9 ms more OpenSearch time per search, some 13% of
 * its CPU in the distinct mix). An advanced search answers up to a thousand records, where the
 * bytes win: it fetches only what its selection reads (`searchRecordSource`).
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

function selectedAnswerFields(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>, names: readonly string[]): FieldNode[] {
  return info.fieldNodes.flatMap((node) => selectedFields(node.selectionSet, info.fragments).filter((field) => names.includes(field.name.value)));
}

function selectedRecordFields(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>): FieldNode[] {
  return selectedAnswerFields(info, ['records']);
}

export function searchSelectsRecords(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>): boolean {
  return selectedRecordFields(info).length > 0;
}

/** Whether it reads `correctedQuery` or `suggestedQuery`, which need the retry's spelling suggestions, records or not. */
export function searchSelectsCorrections(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>): boolean {
  return selectedAnswerFields(info, ['correctedQuery', 'suggestedQuery']).length > 0;
}

/** Highlighting costs OpenSearch a pass over each hit's text: only when `records { highlight }` asks. */
export function searchSelectsHighlights(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>): boolean {
  return selectedRecordFields(info).some((records) => selectedFields(records.selectionSet, info.fragments).some((field) => field.name.value === 'highlight'));
}

/** Document fields that a SearchRecord field reads under another name. */
const SOURCE_FIELD_OF: Record<string, string> = { type: 'recordType' };
/** Term lists whose documents carry long details, fetched only when a query asks for them. */
const TERM_LISTS = new Set(['subjects', 'domains', 'taxonomies', 'userDefinedTags', 'objectTypes']);
const TERM_DETAILS = ['iri', 'definitions', 'synonyms'];

/**
 * The `_source` a field answering SearchRecords needs for its selection: the top-level fields it
 * selects (always the id), and of the term lists, the long details only when selected. About
 * half the bytes of a thousand documents are subjects' definitions and the topic keys no
 * answer shows.
 */
export function searchRecordSource(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>): { includes: string[]; excludes: string[] } {
  const includes = new Set(['id']);
  const excludes = new Set<string>();
  for (const field of info.fieldNodes.flatMap((node) => selectedFields(node.selectionSet, info.fragments))) {
    const name = field.name.value;
    if (name.startsWith('__')) continue;
    const source = SOURCE_FIELD_OF[name] ?? name;
    includes.add(source);
    if (!TERM_LISTS.has(name)) continue;
    const subfields = new Set(selectedFields(field.selectionSet, info.fragments).map((subfield) => subfield.name.value));
    for (const detail of TERM_DETAILS) if (!subfields.has(detail)) excludes.add(`${source}.${detail}`);
  }
  return { includes: [...includes], excludes: [...excludes] };
}
