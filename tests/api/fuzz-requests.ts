/**
 * Request generators for the fuzz test (fuzz.test.ts), built from the app's own contracts: the
 * executable GraphQL schema and the OpenAPI document, so a new field or route is generated
 * without anyone writing a case.
 */
import fc from 'fast-check';
import { createRequire } from 'node:module';
import type { InjectOptions } from 'fastify';
import type { GraphQLField, GraphQLInputType, GraphQLOutputType, GraphQLSchema } from 'graphql';
import { INT4_MAX, MAX_IDS_PER_LIST, MAX_ITEMS_PER_LIST, TEXT_MAX } from '@registry/schemas/forms/bounds.ts';

// The graphql copy mercurius loads (see services/api/src/kernel/graphql-runtime.ts).
const graphql = createRequire(import.meta.url)('graphql') as typeof import('graphql');

// ---------------------------------------------------------------------------------------------
// Values

const HOSTILE_STRINGS: readonly string[] = [
  "' OR 1=1 --", "'; DROP TABLE records; --", '1; SELECT pg_sleep(10)', '\\', '%', '_', '*', '?',
  'name:* OR _exists_:isHidden', 'isHidden:true', '(((((((((((', '"unterminated', '~1 ^2 /re.*gex/ [a TO z]',
  '+-&&||!(){}[]^"~*?:\\/', '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '{{7*7}}', '${7*7}',
  '../../../../etc/passwd', '\u0000', 'a\u0000b', '\u0000\u0001\u0002\u001f', '\ud800', 'x\udfff\ud800', '💥🔥'.repeat(50),
  'ﷺ\u202ereversed', '', ' ', 'null', 'undefined', 'NaN', '-1', '1e309', '9'.repeat(40), 'true', '[]', '{}',
  '__proto__', 'constructor', 'gene', 'protein', 'ontology', 'standard', 'database', '2', '10.25504/FAIRsharing.2mk2zb',
];

const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 20_000 }).map((length) => 'a'.repeat(length)) },
);

/** Past the body limit once in a while; JSON-encoded, a few copies of it would take seconds to build. */
const hugeText = fc.constant('a'.repeat(1_100_000));

const hostileInteger: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -3, max: 5_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(2 ** 31 - 1, -(2 ** 31), 2 ** 31, 2 ** 53, 1e21, -0) },
);

const hostileFloat: fc.Arbitrary<number> = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), hostileInteger);

/** Arrays nested this deep: far past the input depth limit, well under the body limit. */
const deepJson: fc.Arbitrary<unknown> = fc.integer({ min: 60, max: 1_000 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
});

/** Any JSON value, of any type: stands for a value of the wrong type. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: hostileText },
  { weight: 1, arbitrary: hostileInteger },
  { weight: 1, arbitrary: deepJson },
);

/** Well-typed most of the time, of the wrong type sometimes. */
function maybeWrong<T>(rightType: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: rightType }, { weight: 1, arbitrary: anyJson });
}

// ---------------------------------------------------------------------------------------------
// GraphQL, from the executable schema

const MAX_INPUT_NESTING = 3;

function graphqlValue(type: GraphQLInputType, nesting: number): fc.Arbitrary<unknown> {
  if (graphql.isNonNullType(type)) return graphqlValue(type.ofType, nesting);
  if (graphql.isListType(type)) {
    return maybeWrong(fc.oneof(
      { weight: 5, arbitrary: fc.array(graphqlValue(type.ofType, nesting + 1), { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.constantFrom('gene', 7).map((item) => Array.from({ length: 1_000 }, () => item)) },
    ));
  }
  if (graphql.isEnumType(type)) return maybeWrong(fc.constantFrom(...type.getValues().map((value) => value.name)));
  if (graphql.isInputObjectType(type)) {
    if (nesting >= MAX_INPUT_NESTING) return fc.constant(null);
    const fields = Object.values(type.getFields());
    return maybeWrong(fc.record(Object.fromEntries(fields.map((field) => [field.name, graphqlValue(field.type, nesting + 1)])), { requiredKeys: [] }));
  }
  switch (type.name) {
    case 'Int':
      return maybeWrong(hostileInteger);
    case 'Float':
      return maybeWrong(hostileFloat);
    case 'Boolean':
      return maybeWrong(fc.boolean());
    case 'String':
    case 'ID':
      return maybeWrong(hostileText);
    default:
      return anyJson; // JSON and other custom scalars take anything
  }
}

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** A value written into the document; enum-looking strings go bare so enums can be right. */
function graphqlLiteral(value: unknown, type: GraphQLInputType | undefined): string {
  const named = type ? graphql.getNamedType(type) : undefined;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return named && graphql.isEnumType(named) && GRAPHQL_NAME.test(value) ? value : JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NaN';
  if (typeof value === 'boolean') return String(value);
  const itemType = type && graphql.isListType(graphql.getNullableType(type)) ? (graphql.getNullableType(type) as { ofType: GraphQLInputType }).ofType : undefined;
  if (Array.isArray(value)) return `[${value.map((item) => graphqlLiteral(item, itemType)).join(', ')}]`;
  const fields = named && graphql.isInputObjectType(named) ? named.getFields() : {};
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => {
    const name = GRAPHQL_NAME.test(key) ? key : `k${key.length}`;
    return `${name}: ${graphqlLiteral(item, fields[key]?.type)}`;
  });
  return `{${entries.join(', ')}}`;
}

/**
 * A selection set for a field's type: a few of its argument-free fields, one level deep (nested
 * lists, a registry's records for one, would make each request cost a page of the catalogue;
 * the cost limits have their own tests).
 */
function selectionSet(type: GraphQLOutputType, depth: number): fc.Arbitrary<string> {
  const named = graphql.getNamedType(type);
  if (graphql.isLeafType(named)) return fc.constant('');
  if (graphql.isUnionType(named) || depth >= 1) return fc.constant('{ __typename }');
  if (!graphql.isObjectType(named) && !graphql.isInterfaceType(named)) return fc.constant('{ __typename }');
  const fields = Object.values(named.getFields()).filter((field) => field.args.every((arg) => !graphql.isNonNullType(arg.type)));
  if (fields.length === 0) return fc.constant('{ __typename }');
  return fc.subarray(fields, { minLength: 1, maxLength: Math.min(4, fields.length) }).chain((chosen) =>
    fc.tuple(...chosen.map((field) => selectionSet(field.type, depth + 1).map((inner) => `${field.name} ${inner}`))).map((parts) => `{ ${parts.join(' ')} }`),
  );
}

interface RootField {
  text: string;
  variableDefinitions: string[];
  variables: Record<string, unknown>;
}

/**
 * How a request is made sure to be refused: an unknown argument, text with a NUL in place of an
 * argument (refused whatever its type), or such text or JSON nested too deep in a variable. Most
 * generated requests carry one, so each field's refusals are fuzzed often and its (slower)
 * execution with hostile but valid values less often.
 */
type Poison = 'none' | 'unknownArgument' | 'nulLiteral' | 'nulVariable' | 'deepVariable';

const poison: fc.Arbitrary<Poison> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Poison>('none') },
  { weight: 9, arbitrary: fc.constantFrom<Poison>('unknownArgument', 'nulLiteral', 'nulVariable', 'deepVariable') },
);

function rootField(field: GraphQLField<unknown, unknown>, fieldIndex: number): fc.Arbitrary<RootField> {
  const required = field.args.filter((arg) => graphql.isNonNullType(arg.type));
  const optional = field.args.filter((arg) => !graphql.isNonNullType(arg.type));
  return fc.tuple(fc.subarray(optional), selectionSet(field.type, 0), poison, deepJson).chain(([chosenOptional, selection, poisoned, deep]) => {
    const args = [...required, ...chosenOptional];
    return fc.tuple(...args.map((arg) => fc.tuple(graphqlValue(arg.type, 0), fc.boolean()))).map((values) => {
      const variableDefinitions: string[] = [];
      const variables: Record<string, unknown> = {};
      const written = args.map((arg, argIndex) => {
        const [value, asVariable] = values[argIndex];
        const isPoisoned = argIndex === 0 && poisoned !== 'none' && poisoned !== 'unknownArgument';
        if (isPoisoned && poisoned === 'nulLiteral') return `${arg.name}: "a\\u0000"`;
        if (!asVariable && !isPoisoned) return `${arg.name}: ${graphqlLiteral(value, arg.type)}`;
        const name = `v${fieldIndex}_${argIndex}`;
        variableDefinitions.push(`$${name}: ${String(arg.type)}`);
        variables[name] = !isPoisoned ? value : poisoned === 'nulVariable' ? 'a\u0000' : deep;
        return `${arg.name}: $${name}`;
      });
      if (poisoned === 'unknownArgument' || (poisoned !== 'none' && args.length === 0)) written.push('fuzzUnknownArgument: 1');
      const argumentText = written.length > 0 ? `(${written.join(', ')})` : '';
      return { text: `f${fieldIndex}: ${field.name}${argumentText} ${selection}`, variableDefinitions, variables };
    });
  });
}

type Wrapping = 'plain' | 'inline' | 'fragment';

function graphqlOperation(schema: GraphQLSchema): fc.Arbitrary<{ query: string; variables: Record<string, unknown> }> {
  // Fields without arguments have only their selection to fuzz, and the unpaged ones among them
  // (the subject tree, all records) cost ~200 ms each: they come up less often.
  const fields = fc.oneof(
    ...Object.values(schema.getQueryType()!.getFields()).map((field) => ({ weight: field.args.length > 0 ? 4 : 1, arbitrary: fc.constant(field) })),
  );
  const fieldCount = fc.oneof({ weight: 4, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 3 }) });
  return fieldCount.chain((count) =>
    fc.tuple(
      fc.tuple(...Array.from({ length: count }, (_, index) => fields.chain((field) => rootField(field, index)))),
      fc.constantFrom<Wrapping>('plain', 'plain', 'inline', 'fragment'),
    ),
  ).map(([roots, wrapping]) => {
    const body = roots.map((root) => root.text).join(' ');
    const definitions = roots.flatMap((root) => root.variableDefinitions);
    const header = definitions.length > 0 ? `query Fuzz(${definitions.join(', ')})` : 'query Fuzz';
    const variables = Object.assign({}, ...roots.map((root) => root.variables)) as Record<string, unknown>;
    if (wrapping === 'inline') return { query: `${header} { ... on Query { ${body} } }`, variables };
    if (wrapping === 'fragment') return { query: `${header} { ...Roots } fragment Roots on Query { ${body} }`, variables };
    return { query: `${header} { ${body} }`, variables };
  });
}

export function graphqlRequest(schema: GraphQLSchema): fc.Arbitrary<InjectOptions> {
  return fc.tuple(graphqlOperation(schema), fc.constantFrom('POST', 'POST', 'POST', 'GET')).map(([{ query, variables }, method]) => {
    if (method === 'GET' && query.length < 4_000) {
      return { method: 'GET', url: `/graphql?query=${encodeLoosely(query)}&variables=${encodeLoosely(JSON.stringify(variables))}` };
    }
    return { method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query, variables }) };
  });
}

// ---------------------------------------------------------------------------------------------
// REST, from the OpenAPI document

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

function schemaValue(schema: JsonSchema | undefined, nesting: number): fc.Arbitrary<unknown> {
  if (!schema) return anyJson;
  if (schema.enum) return maybeWrong(fc.constantFrom(...schema.enum));
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => schemaValue(choice, nesting)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return maybeWrong(hostileText);
    case 'integer':
      return maybeWrong(hostileInteger);
    case 'number':
      return maybeWrong(hostileFloat);
    case 'boolean':
      return maybeWrong(fc.boolean());
    case 'array':
      return maybeWrong(fc.array(schemaValue(schema.items, nesting + 1), { maxLength: 5 }));
    case 'object': {
      if (nesting >= MAX_INPUT_NESTING || !schema.properties) return anyJson;
      const properties = Object.entries(schema.properties).map(([name, property]) => [name, schemaValue(property, nesting + 1)] as const);
      return maybeWrong(fc.record(Object.fromEntries(properties), { requiredKeys: [] }));
    }
    default:
      return anyJson;
  }
}

/** URL-encodes anything; lone surrogates (which encodeURIComponent rejects) become invalid UTF-8 bytes. */
function encodeLoosely(text: string): string {
  return Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) return '%ED%A0%80';
    return encodeURIComponent(char);
  }).join('');
}

function queryStringPairs(name: string, value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => queryStringPairs(name, item));
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  return [`${encodeLoosely(name)}=${encodeLoosely(text)}`];
}

/** The full dumps stream the whole catalogue on every call (rest-routes.test.ts covers them). */
const NOT_FUZZED = new Set(['GET /export/records.json', 'GET /export/records.csv', 'POST /graphql']);

function restOperations(document: OpenApiDocument): { method: string; path: string; operation: OpenApiOperation }[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation }))
      .filter(({ method, path: operationPath }) => !NOT_FUZZED.has(`${method} ${operationPath}`)),
  );
}

/**
 * `signedIn`: valid Authorization headers, sent with some requests so writes get past 401; not
 * to the account's own routes, where a generated sign-out, password or account deletion would
 * end the session every later request relies on (tests/accounts covers those).
 */
export function restRequest(document: OpenApiDocument, signedIn: readonly string[] = []): fc.Arbitrary<InjectOptions> {
  const hostileAuthorization = fc.constantFrom('Bearer', 'Bearer a.b.c', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', 'Basic Og==');
  const withSession = signedIn.length > 0 ? fc.oneof(hostileAuthorization, fc.constantFrom(...signedIn)) : hostileAuthorization;
  return fc.constantFrom(...restOperations(document)).chain(({ method, path, operation }) => {
    const authorizations = path.startsWith('/users') ? hostileAuthorization : withSession;
    const parameters = operation.parameters ?? [];
    const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
    const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
    const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
    return fc.record({
      pathValues: fc.tuple(...pathParameters.map((parameter) => schemaValue(parameter.schema, 0))),
      queryValues: fc.subarray(queryParameters).chain((chosen) =>
        fc.tuple(...chosen.map((parameter) => schemaValue(parameter.schema, 0).map((value) => queryStringPairs(parameter.name, value)))),
      ),
      unknownParameter: fc.option(fc.tuple(hostileText, hostileText).map(([name, value]) => queryStringPairs(name.slice(0, 100), value))),
      body: bodySchema ? fc.oneof({ weight: 4, arbitrary: schemaValue(bodySchema, 0) }, { weight: 1, arbitrary: anyJson }) : fc.option(anyJson),
      authorization: fc.option(authorizations),
    }).map(({ pathValues, queryValues, unknownParameter, body, authorization }) => {
      let url = path;
      pathParameters.forEach((parameter, index) => {
        const value = pathValues[index];
        url = url.replace(`{${parameter.name}}`, encodeLoosely(typeof value === 'string' ? value : JSON.stringify(value) ?? ''));
      });
      const pairs = [...queryValues.flat(), ...(unknownParameter ?? [])];
      if (pairs.length > 0) url += `?${pairs.join('&')}`;
      const headers: Record<string, string> = {};
      if (authorization) headers.authorization = authorization;
      const hasBody = method !== 'GET' && method !== 'HEAD' && body !== null && body !== undefined;
      if (hasBody) headers['content-type'] = 'application/json';
      return { method: method as InjectOptions['method'], url, headers, ...(hasBody ? { payload: JSON.stringify(body) } : {}) };
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Transport

const BROKEN_UTF8 = Buffer.from([0x7b, 0x22, 0x71, 0x75, 0x65, 0x72, 0x79, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x28, 0x8c, 0xbc, 0x22, 0x7d]);

const BAD_BODIES: readonly string[] = [
  '{"query":', '{"query": 12}', '{"query": null}', '[]', '[{"query":"{ __typename }"}]', 'null', '"just a string"', '',
  '{"query":"{ __typename }","variables":"not-an-object"}', '{"__proto__":{"polluted":true},"query":"{ __typename }"}',
  '{"constructor":{"prototype":{"x":1}}}', '{"query":"[]"}', '{"query":"{}"}', '{"query":"1"}',
];

const CONTENT_TYPES = ['application/json', 'text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/json; charset=latin-99', 'application/graphql', 'image/png', ''];

const ODD_PATHS = [
  '/', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc', '/export/records.csv/../../x', '/api/docs/../../..', '/graphiql/../graphql', '/%00', '/%ff%fe',
  '/%67raphql', '/graphql/', '/graphql#x', '/advanced_s%65arch', '/%65xport/nothing', '/users/%31', '/search', '/10.25504/FAIRsharing.2mk2zb', '/2',
];

export function transportRequest(): fc.Arbitrary<InjectOptions> {
  const method = fc.constantFrom<InjectOptions['method']>('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD');
  return fc.oneof(
    fc.tuple(fc.constantFrom('/graphql', '/%67raphql', '/homepage_stats', '/users/sign_in', '/fairsharing_records'), fc.constantFrom(...BAD_BODIES), fc.constantFrom(...CONTENT_TYPES)).map(
      ([url, payload, contentType]): InjectOptions => ({ method: 'POST', url, headers: { 'content-type': contentType }, payload }),
    ),
    fc.constant<InjectOptions>({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: BROKEN_UTF8 }),
    fc.tuple(method, fc.oneof(fc.constantFrom(...ODD_PATHS), hostileText.map((text) => `/${encodeLoosely(text.slice(0, 3_000))}`)), fc.constantFrom('text/html', 'application/json', '*/*', '', 'application/ld+json')).map(
      ([verb, url, accept]): InjectOptions => ({ method: verb, url, headers: { accept } }),
    ),
    fc.tuple(fc.constantFrom('/graphql', '/users', '/fairsharing_records'), hugeText).map(
      ([url, text]): InjectOptions => ({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query: text }) }),
    ),
    fc.tuple(fc.constantFrom('/graphql', '/advanced_search', '/homepage_stats'), deepJson).map(
      ([url, value]): InjectOptions => ({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query: '{ __typename }', variables: { value } }) }),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Boundary values of every field of every write body, from the shared form schemas and bounds

/** What `describe()` tells of a yup schema: enough to build a right value and a boundary one. */
interface FieldDescription {
  type: string;
  oneOf?: unknown[];
  tests?: { name?: string; params?: Record<string, unknown> }[];
  fields?: Record<string, FieldDescription>;
  innerType?: FieldDescription;
}

/** A write route and the form schema of the object its body wraps (`{ key: {...} }`, or the body itself). */
export interface WriteBody {
  method: 'POST' | 'PUT';
  /** The OpenAPI path, `{id}` for its id. */
  path: string;
  key: string | null;
  schema: { describe(): unknown };
  /** Fields sent beside the wrapped object (the record section a PUT saves). */
  extra?: Record<string, unknown>;
}

function testParam(description: FieldDescription, name: string, param: string): number | undefined {
  const value = description.tests?.find((test) => test.name === name)?.params?.[param];
  return typeof value === 'number' ? value : undefined;
}

/** A value the field's rules accept (as far as its description tells), so the boundary beside it is what gets checked. */
function rightValue(description: FieldDescription, name: string): unknown {
  if (description.oneOf && description.oneOf.length > 0) return description.oneOf.find((value) => value !== undefined && value !== null);
  switch (description.type) {
    case 'string':
      if (/url|homepage|link/.test(name)) return 'https://fuzz.example.org/page';
      if (/email/.test(name)) return 'fuzz@example.org';
      if (name === 'date') return '2020-02-29';
      return name === 'description' ? 'A description long enough for the shortest one a record may have.' : `fuzz ${name}`;
    case 'number':
      return name.includes('year') ? 2020 : 2;
    case 'boolean':
      return false;
    case 'array':
      return description.innerType ? [rightValue(description.innerType, name.replace(/s$/, ''))] : [];
    case 'object':
      return Object.fromEntries(Object.entries(description.fields ?? {}).map(([field, inner]) => [field, rightValue(inner, field)]));
    default:
      return null;
  }
}

const CJK_4KB = Array.from({ length: 4_096 }, (_, index) => String.fromCodePoint(0x4e00 + ((index * 7_919) % 0x5000))).join('');
const ids65536 = Array.from({ length: 65_536 }, (_, index) => index + 1);

/** Values at and past the bounds of a field (bounds.ts), and hostile text of the field's type. */
function boundaryValue(description: FieldDescription): fc.Arbitrary<unknown> {
  switch (description.type) {
    case 'string': {
      const max = testParam(description, 'max', 'max') ?? TEXT_MAX.description;
      return fc.constantFrom<unknown>('x'.repeat(max + 1), 'x'.repeat(max), CJK_4KB, 'a\ud800b', '\udfff', '', '   ', 'javascript:alert(1)', '=HYPERLINK("https://evil.example")', 'ftp://x', 7);
    }
    case 'number':
      return fc.constantFrom<unknown>(INT4_MAX + 1, INT4_MAX, -(2 ** 31) - 1, 2 ** 53, 0, -1, 1.5, 1e21, '2', null);
    case 'array': {
      const item = description.innerType ? rightValue(description.innerType, 'item') : 1;
      return fc.constantFrom<unknown>(
        ids65536,
        Array.from({ length: MAX_IDS_PER_LIST + 1 }, (_, index) => index + 1),
        Array.from({ length: MAX_ITEMS_PER_LIST + 1 }, () => item),
        [INT4_MAX + 1],
        [1, 1],
        [item, item],
        'not a list',
      );
    }
    case 'object':
      return fc.oneof(anyJson, fc.constant({ unknown_key: 'x', legacy_logs: [{ message: 'forged' }] }));
    default:
      return anyJson;
  }
}

/** Every field path of a description, objects inside arrays included (`metadata.contacts.0.contact_email`). */
function fieldPaths(description: FieldDescription, prefix: string[] = []): { path: string[]; description: FieldDescription }[] {
  const here = prefix.length > 0 ? [{ path: prefix, description }] : [];
  if (description.type === 'object' && description.fields) {
    return [...here, ...Object.entries(description.fields).flatMap(([name, inner]) => fieldPaths(inner, [...prefix, name]))];
  }
  if (description.type === 'array' && description.innerType?.type === 'object') return [...here, ...fieldPaths(description.innerType, [...prefix, '0'])];
  return here;
}

function withValueAt(base: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container: Record<string, unknown> | unknown[] = Array.isArray(base) ? [...base] : { ...(base && typeof base === 'object' ? base : {}) };
  (container as Record<string, unknown>)[head!] = withValueAt((container as Record<string, unknown>)[head!], rest, value);
  return container;
}

/**
 * Write requests whose bodies are right but for one or two fields set to a boundary value, sent
 * signed in (as a plain user or a curator, `authorizations`) so the body's rules are reached.
 * Path ids are those of the demo catalogue (records, organisations, publications …) or hostile.
 */
export function boundaryWriteRequest(writes: readonly WriteBody[], authorizations: readonly string[]): fc.Arbitrary<InjectOptions> {
  const prepared = writes.map((write) => {
    const description = write.schema.describe() as FieldDescription;
    return { write, base: rightValue(description, write.key ?? 'body'), paths: fieldPaths(description) };
  });
  return fc.constantFrom(...prepared).chain(({ write, base, paths }) =>
    fc.record({
      changes: fc.array(fc.constantFrom(...paths).chain(({ path, description }) => boundaryValue(description).map((value) => ({ path, value }))), { minLength: 1, maxLength: 2 }),
      id: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 40 }) }, { weight: 1, arbitrary: fc.constantFrom(INT4_MAX + 1, 0, 2 ** 53) }),
      authorization: fc.constantFrom(...authorizations),
    }).map(({ changes, id, authorization }): InjectOptions => {
      const inner = changes.reduce((body, { path, value }) => withValueAt(body, path, value), base);
      const body = write.key === null ? inner : { [write.key]: inner, ...write.extra };
      return {
        method: write.method,
        url: write.path.replace('{id}', String(id)),
        headers: { authorization, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      };
    }),
  );
}
