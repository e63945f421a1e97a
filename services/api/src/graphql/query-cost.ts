/**
 * Limits on what one GraphQL operation may ask for, checked while the query is validated:
 *   - the cost: about the number of values the answer holds. A field costs 1; a field below a
 *     list costs as many times as the list holds items: a search page its `perPage`, a list that
 *     is not paged its real size (the catalogue, the subject tree, the schema for introspection),
 *     any other relation list a generous estimate;
 *   - at most MAX_ROOT_FIELDS root fields (aliases count);
 *   - one unpaged field (UNPAGED_FIELDS, `__schema`, `__type` included), once, however it is
 *     reached: each answers a whole collection, and together they would keep the server busy
 *     far longer than any page.
 * Every fragment is measured once and reused wherever it is spread, and the cost walk stops as
 * soon as the running total passes the limit, so a document of fragments that each spread the
 * previous one twice is refused in time linear in its length.
 */
import type {
  ASTVisitor, DocumentNode, FragmentDefinitionNode, GraphQLField, GraphQLNamedType, GraphQLSchema, InlineFragmentNode,
  OperationDefinitionNode, SelectionSetNode, ValidationContext, ValueNode,
} from 'graphql';
import { ADVANCED_SEARCH_LIMIT } from '../search/advanced-search.ts';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../search/search-records.ts';
import { graphqlRuntime } from '../kernel/graphql-runtime.ts';
import { TABLE_LISTS, type CountedTable, type ListSizes } from '../kernel/list-sizes.ts';

const {
  GraphQLError, Kind, getNamedType, getNullableType, isListType, isObjectType, isInterfaceType, isInputObjectType, isEnumType,
  isUnionType, SchemaMetaFieldDef, TypeMetaFieldDef,
} = graphqlRuntime;

/** Items assumed in a relation list (a record's subjects, maintainers, links…): generous, most hold fewer. */
export const DEFAULT_LIST_SIZE = 10;
/** The largest top N a `size` argument may ask for (aggregations refuse more). */
const MAX_TOP_N = 100;
/**
 * The advanced search page asks for up to ADVANCED_SEARCH_LIMIT records with their subjects,
 * domains, taxonomies and publications (about 173,000); the limit leaves it room and no more.
 */
export const MAX_QUERY_COST = 200_000;
/** Every query of the public client has one root field; a few leave room for GraphiQL users. */
export const MAX_ROOT_FIELDS = 5;
/** Fragments spreading fragments this deep are refused; the client's deepest chain is 3. */
const MAX_FRAGMENT_NESTING = 50;
/**
 * Values in one record's JSON-LD (`schemaOrg`): name, description, identifiers, and an object
 * of several keys per subject, licence, publication, organisation…; each is read from Postgres.
 */
const RECORD_JSON_LD_VALUES = 100;
/** Values in one node of a vocabulary browser's tree or list (id, name, definitions, three counts…). */
const VOCABULARY_NODE_VALUES = 10;

/** Rows charged for a table before it is first counted: above any vocabulary we load. */
export const FALLBACK_TABLE_ROWS = 10_000;

const rowsOf = (tables: readonly CountedTable[]) => (sizes: ListSizes) =>
  tables.reduce((sum, table) => sum + (sizes.tableRows[table] ?? FALLBACK_TABLE_ROWS), 0);
const tableListSizes = Object.fromEntries(Object.entries(TABLE_LISTS).map(([coordinate, tables]) => [coordinate, rowsOf(tables)]));

/**
 * Fields that answer a whole collection at once, by `Type.field`, with the number of items the
 * selection below them is charged for (1 where the collection is a JSON value, which
 * JSON_FIELD_VALUES charges). An operation may ask for one of them, once.
 */
const UNPAGED_FIELDS: Readonly<Record<string, (sizes: ListSizes) => number>> = {
  'Query.allFairsharingRecords': (sizes) => sizes.records,
  // A registry holds at most the whole catalogue.
  'Registry.fairsharingRecords': (sizes) => sizes.records,
  'Query.downloadSearchResults': () => 1,
  'Query.browseSubjects': () => 1,
  'Query.browseVocabulary': () => 1,
  'Query.__schema': () => 1,
  'Query.__type': () => 1,
  // Up to ADVANCED_SEARCH_LIMIT records whatever the filter; five aliases answered megabytes.
  'Query.advancedSearch': () => ADVANCED_SEARCH_LIMIT,
  ...Object.fromEntries(Object.keys(TABLE_LISTS).filter((coordinate) => coordinate.startsWith('Query.')).map((coordinate) => [coordinate, tableListSizes[coordinate]])),
  // Its list (ObjectTypeList.records) is the whole table.
  'Query.objectTypes': () => 1,
};

/** Root fields that answer a whole collection (introspection aside): the requests that ask for them are expensive. */
export const UNPAGED_ROOT_FIELDS: readonly string[] = Object.keys(UNPAGED_FIELDS)
  .filter((coordinate) => coordinate.startsWith('Query.') && !coordinate.startsWith('Query.__'))
  .map((coordinate) => coordinate.slice('Query.'.length));

/** Other lists whose size is known, by `Type.field`. */
const KNOWN_LIST_SIZES: Readonly<Record<string, (sizes: ListSizes) => number>> = {
  'RegistryList.records': (sizes) => sizes.registries,
  'ObjectTypeList.records': tableListSizes['ObjectTypeList.records'],
  // The resolver answers at most 100 look-alikes.
  'Query.duplicateCheck': () => 100,
};

/** JSON fields that hold more than one value, by `Type.field`. */
const JSON_FIELD_VALUES: Readonly<Record<string, (sizes: ListSizes) => number>> = {
  'FairsharingRecord.schemaOrg': () => RECORD_JSON_LD_VALUES,
  // One CSV line per record of the search, whatever perPage says.
  'DownloadResult.fileData': (sizes) => sizes.records,
  'SubjectBrowser.data': (sizes) => sizes.subjectTreeNodes * VOCABULARY_NODE_VALUES,
  'VocabularyBrowser.data': (sizes) => sizes.vocabularyNodes * VOCABULARY_NODE_VALUES,
};

export interface QueryLimits {
  maxCost: number;
  maxRootFields: number;
  /** Mercurius checks depth after validation; a deeper query gets its depth error instead of ours. */
  depthLimit: number;
  /** Read when a query is validated, so the sizes can follow the catalogue. */
  listSizes: () => ListSizes;
}

/** Sizes of the introspection lists, from the schema itself: `__schema { types }` holds every type… */
interface IntrospectionSizes {
  types: number;
  directives: number;
  fields: number;
  args: number;
  inputFields: number;
  enumValues: number;
  interfaces: number;
  possibleTypes: number;
}

const introspectionSizesBySchema = new WeakMap<GraphQLSchema, IntrospectionSizes>();

/** Lists nested in introspection are charged at their average size over the schema (at least 1). */
function introspectionSizes(schema: GraphQLSchema): IntrospectionSizes {
  const known = introspectionSizesBySchema.get(schema);
  if (known) return known;
  const types = Object.values(schema.getTypeMap());
  const directives = schema.getDirectives();
  let fields = 0, args = 0, inputFields = 0, enumValues = 0, interfaces = 0, possibleTypes = 0;
  for (const type of types) {
    if (isObjectType(type) || isInterfaceType(type)) {
      const typeFields = Object.values(type.getFields());
      fields += typeFields.length;
      for (const field of typeFields) args += field.args.length;
      interfaces += type.getInterfaces().length;
    }
    if (isInputObjectType(type)) inputFields += Object.keys(type.getFields()).length;
    if (isEnumType(type)) enumValues += type.getValues().length;
    if (isUnionType(type)) possibleTypes += type.getTypes().length;
  }
  const average = (total: number, count: number) => Math.max(1, Math.ceil(total / Math.max(count, 1)));
  const sizes: IntrospectionSizes = {
    types: types.length,
    directives: directives.length,
    fields: average(fields, types.length),
    args: average(args + directives.reduce((sum, directive) => sum + directive.args.length, 0), fields + directives.length),
    inputFields: average(inputFields, types.length),
    enumValues: average(enumValues, types.length),
    interfaces: average(interfaces, types.length),
    possibleTypes: average(possibleTypes, types.length),
  };
  introspectionSizesBySchema.set(schema, sizes);
  return sizes;
}

function intArgument(value: ValueNode | undefined): number | null {
  if (!value) return null;
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.STRING && /^\d+$/.test(value.value)) return Number(value.value);
  return null;
}

type Fragments = ReadonlyMap<string, FragmentDefinitionNode>;

/** The field's definition, the meta fields of the query root included (`__typename` is free and skipped). */
function fieldDefinition(schema: GraphQLSchema, parentType: GraphQLNamedType, name: string): GraphQLField<unknown, unknown> | undefined {
  if (parentType === schema.getQueryType()) {
    if (name === '__schema') return SchemaMetaFieldDef;
    if (name === '__type') return TypeMetaFieldDef;
  }
  if (!isObjectType(parentType) && !isInterfaceType(parentType)) return undefined;
  return parentType.getFields()[name];
}

function inlineFragmentType(schema: GraphQLSchema, fragment: InlineFragmentNode, parentType: GraphQLNamedType): GraphQLNamedType | undefined {
  return fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : parentType;
}

/** What an operation asks for, apart from its cost: computed once per fragment. */
interface Shape {
  /** Field levels, as Mercurius counts depth (a root field alone is 1). */
  height: number;
  /** Field selections at the top of the selection set. */
  fields: number;
  /** Selections of each unpaged field anywhere below, a fragment counting once per spread. */
  unpaged: Map<string, number>;
}

class FragmentsTooDeep extends Error {}

/**
 * Heights stop growing past `depthLimit + 1` (such a query is refused by the depth check), and a
 * fragment chain longer than MAX_FRAGMENT_NESTING throws FragmentsTooDeep, so the walk's own
 * recursion stays shallow whatever the document.
 */
function shapeWalker(schema: GraphQLSchema, fragments: Fragments, depthLimit: number) {
  const memo = new Map<string, Shape>();
  const inProgress = new Set<string>();

  function add(into: Shape, from: Shape): void {
    for (const [coordinate, count] of from.unpaged) into.unpaged.set(coordinate, (into.unpaged.get(coordinate) ?? 0) + count);
  }

  function fragmentShape(name: string): Shape | null {
    const known = memo.get(name);
    if (known) return known;
    const fragment = fragments.get(name);
    // Unknown fragments and cycles are reported by the standard rules.
    if (!fragment || inProgress.has(name)) return null;
    const type = schema.getType(fragment.typeCondition.name.value);
    if (!type) return null;
    if (inProgress.size >= MAX_FRAGMENT_NESTING) throw new FragmentsTooDeep();
    inProgress.add(name);
    const shape = shapeOf(fragment.selectionSet, type, 0);
    inProgress.delete(name);
    memo.set(name, shape);
    return shape;
  }

  /** `level`: field levels above this selection set within the same fragment. */
  function shapeOf(selectionSet: SelectionSetNode, parentType: GraphQLNamedType, level: number): Shape {
    const shape: Shape = { height: 0, fields: 0, unpaged: new Map() };
    if (level > depthLimit) return { ...shape, height: 1 };
    for (const selection of selectionSet.selections) {
      let inner: Shape | null = null;
      if (selection.kind === Kind.FRAGMENT_SPREAD) inner = fragmentShape(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = inlineFragmentType(schema, selection, parentType);
        inner = type ? shapeOf(selection.selectionSet, type, level) : null;
      }
      if (inner) {
        shape.height = Math.max(shape.height, inner.height);
        shape.fields += inner.fields;
        add(shape, inner);
        continue;
      }
      if (selection.kind !== Kind.FIELD || selection.name.value === '__typename') continue;
      shape.fields += 1;
      const coordinate = `${parentType.name}.${selection.name.value}`;
      if (coordinate in UNPAGED_FIELDS) shape.unpaged.set(coordinate, (shape.unpaged.get(coordinate) ?? 0) + 1);
      const field = fieldDefinition(schema, parentType, selection.name.value);
      const child = field && selection.selectionSet ? shapeOf(selection.selectionSet, getNamedType(field.type), level + 1) : null;
      shape.height = Math.min(depthLimit + 1, Math.max(shape.height, 1 + (child?.height ?? 0)));
      if (child) add(shape, child);
    }
    return shape;
  }

  return shapeOf;
}

class CostLimitPassed extends Error {}

/**
 * Cost of a selection set, each fragment measured once per page size it is reached with (a
 * handful of values). With a finite `maxCost`, throws CostLimitPassed as soon as any partial sum
 * passes it: every multiplier is at least 1, so a partial sum never exceeds the total.
 */
function costWalker(schema: GraphQLSchema, fragments: Fragments, sizes: ListSizes, maxCost: number) {
  const memo = new Map<string, number>();
  const inProgress = new Set<string>();
  const metaSizes = introspectionSizes(schema);

  function checked(cost: number): number {
    if (cost > maxCost) throw new CostLimitPassed();
    return cost;
  }

  function fragmentCost(name: string, pageSize: number | null): number {
    const key = `${name}\u0000${pageSize ?? ''}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const fragment = fragments.get(name);
    if (!fragment || inProgress.has(key)) return 0;
    const type = schema.getType(fragment.typeCondition.name.value);
    if (!type) return 0;
    inProgress.add(key);
    const cost = costOf(fragment.selectionSet, type, pageSize);
    inProgress.delete(key);
    memo.set(key, cost);
    return cost;
  }

  /** How many items the selection below the field is charged for, and the page size it passes on. */
  function multiplierOf(coordinate: string, field: GraphQLField<unknown, unknown>, arguments_: readonly { name: { value: string }; value: ValueNode }[] | undefined, pageSize: number | null) {
    const unpaged = UNPAGED_FIELDS[coordinate];
    if (unpaged) return { multiplier: unpaged(sizes), nextPageSize: null };
    if (field.args.some((argument) => argument.name === 'perPage')) {
      const given = arguments_?.find((argument) => argument.name.value === 'perPage');
      const perPage = given ? intArgument(given.value) : DEFAULT_PER_PAGE;
      // A variable may hold anything up to the cap; 0 or less asks for the default page.
      const page = perPage === null ? MAX_PER_PAGE : perPage <= 0 ? DEFAULT_PER_PAGE : Math.min(perPage, MAX_PER_PAGE);
      return isListType(getNullableType(field.type)) ? { multiplier: page, nextPageSize: null } : { multiplier: 1, nextPageSize: page };
    }
    if (field.args.some((argument) => argument.name === 'size')) {
      // A top-N (aggregation buckets, suggestions): its first list holds `size` items at most.
      const given = arguments_?.find((argument) => argument.name.value === 'size');
      const size = given ? intArgument(given.value) : DEFAULT_LIST_SIZE;
      const items = size === null ? MAX_TOP_N : Math.min(Math.max(size, 1), MAX_TOP_N);
      return isListType(getNullableType(field.type)) ? { multiplier: items, nextPageSize: null } : { multiplier: 1, nextPageSize: items };
    }
    if (!isListType(getNullableType(field.type))) return { multiplier: 1, nextPageSize: pageSize };
    const known = KNOWN_LIST_SIZES[coordinate];
    if (known) return { multiplier: known(sizes), nextPageSize: null };
    const meta = coordinate.startsWith('__') ? metaSizes[coordinate.slice(coordinate.indexOf('.') + 1) as keyof IntrospectionSizes] : undefined;
    // A page size applies to the first list below the paged field only.
    return { multiplier: pageSize ?? meta ?? DEFAULT_LIST_SIZE, nextPageSize: null };
  }

  function costOf(selectionSet: SelectionSetNode, parentType: GraphQLNamedType, pageSize: number | null): number {
    let cost = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        cost = checked(cost + fragmentCost(selection.name.value, pageSize));
        continue;
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = inlineFragmentType(schema, selection, parentType);
        if (type) cost = checked(cost + costOf(selection.selectionSet, type, pageSize));
        continue;
      }
      const field = fieldDefinition(schema, parentType, selection.name.value);
      if (!field) continue; // `__typename`, or an unknown field the standard rules report
      const coordinate = `${parentType.name}.${selection.name.value}`;
      const { multiplier, nextPageSize } = multiplierOf(coordinate, field, selection.arguments, pageSize);
      const childCost = selection.selectionSet ? costOf(selection.selectionSet, getNamedType(field.type), nextPageSize) : 0;
      cost = checked(cost + (JSON_FIELD_VALUES[coordinate]?.(sizes) ?? 1) + multiplier * childCost);
    }
    return cost;
  }

  return costOf;
}

function rootType(schema: GraphQLSchema, operation: OperationDefinitionNode): GraphQLNamedType | null | undefined {
  if (operation.operation === 'query') return schema.getQueryType();
  return operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
}

function fragmentsOf(document: DocumentNode): Fragments {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return fragments;
}

/** The estimated cost of an operation, or null once it passes `maxCost`. */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, sizes: ListSizes, maxCost = Number.POSITIVE_INFINITY): number | null {
  const root = rootType(schema, operation);
  if (!root) return 0;
  try {
    return costWalker(schema, fragmentsOf(document), sizes, maxCost)(operation.selectionSet, root, null);
  } catch (failure) {
    if (failure instanceof CostLimitPassed) return null;
    throw failure;
  }
}

/** The codes of the errors this rule reports: a query refused for what it would cost. */
export const QUERY_LIMIT_CODES: ReadonlySet<string> = new Set(['FRAGMENTS_TOO_DEEP', 'UNPAGED_FIELD_REPEATED', 'UNPAGED_FIELDS_COMBINED', 'TOO_MANY_ROOT_FIELDS', 'QUERY_TOO_EXPENSIVE']);

const fieldName = (coordinate: string) => (coordinate.startsWith('Query.') ? coordinate.slice('Query.'.length) : coordinate);

/** The first limit the operation breaks, as the error to report, or null. */
function operationLimitError(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, limits: QueryLimits) {
  const root = rootType(schema, operation);
  if (!root) return null;
  const error = (message: string, code: string, extensions: Record<string, unknown>) => new GraphQLError(message, { nodes: [operation], extensions: { code, ...extensions } });
  let shape: Shape;
  try {
    shape = shapeWalker(schema, fragmentsOf(document), limits.depthLimit)(operation.selectionSet, root, 0);
  } catch (failure) {
    if (!(failure instanceof FragmentsTooDeep)) throw failure;
    return error(`fragments spread fragments more than ${MAX_FRAGMENT_NESTING} deep; spread fewer levels of fragments`, 'FRAGMENTS_TOO_DEEP', { maxFragmentNesting: MAX_FRAGMENT_NESTING });
  }
  if (shape.height > limits.depthLimit) return null;
  for (const [coordinate, count] of shape.unpaged) {
    if (count > 1) {
      return error(
        `${fieldName(coordinate)} is not paged, so a query may ask for it only once; this one asks ${count} times`,
        'UNPAGED_FIELD_REPEATED',
        { field: fieldName(coordinate), count },
      );
    }
  }
  if (shape.unpaged.size > 1) {
    const fields = [...shape.unpaged.keys()].map(fieldName);
    return error(
      `${fields.join(', ')} are not paged, so a query may ask for only one of them; send separate queries`,
      'UNPAGED_FIELDS_COMBINED',
      { fields },
    );
  }
  if (shape.fields > limits.maxRootFields) {
    return error(
      `a query may ask for at most ${limits.maxRootFields} root fields (aliases count); this one asks for ${shape.fields}: send separate queries`,
      'TOO_MANY_ROOT_FIELDS',
      { rootFields: shape.fields, maxRootFields: limits.maxRootFields },
    );
  }
  if (operationCost(schema, document, operation, limits.listSizes(), limits.maxCost) === null) {
    return error(
      `query is too expensive: its estimated cost passes the limit of ${limits.maxCost}; ask for fewer fields, smaller pages or less nesting`,
      'QUERY_TOO_EXPENSIVE',
      { maxCost: limits.maxCost },
    );
  }
  return null;
}

/**
 * The validation rule. It works when the whole document has been visited, so the standard rules
 * (run in the same pass, listed before it) have looked at every node first.
 */
export function queryLimitsRule(limits: QueryLimits) {
  return (context: ValidationContext): ASTVisitor => ({
    Document: {
      leave(document) {
        for (const definition of document.definitions) {
          if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
          const error = operationLimitError(context.getSchema(), document, definition, limits);
          if (error) context.reportError(error);
        }
      },
    },
  });
}
