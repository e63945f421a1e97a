/**
 * GraphQL argument literals: the app writes most arguments inline, the way the public client
 * does (the search page's own query sends its values as variables: graphql-request.ts).
 * Int and Boolean go unquoted, strings are
 * quoted and escaped, lists become `[...]`, and objects `{key: value}` (advanced search).
 */

/** Quotes a value for an inline GraphQL string argument (`"..."` with escapes). */
export function graphqlString(value: string): string {
  return JSON.stringify(value);
}

export type GraphqlLiteral = string | number | boolean | null | GraphqlEnum | GraphqlLiteral[] | { [key: string]: GraphqlLiteral };

/** An enum value, written bare. */
export interface GraphqlEnum {
  enumValue: string;
}

const NAME_PATTERN = /^[_A-Za-z][_0-9A-Za-z]*$/;

function isEnum(value: object): value is GraphqlEnum {
  return 'enumValue' in value && typeof (value as GraphqlEnum).enumValue === 'string' && Object.keys(value).length === 1;
}

export function graphqlLiteral(value: GraphqlLiteral): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return graphqlString(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(graphqlLiteral).join(',')}]`;
  if (isEnum(value)) {
    if (!NAME_PATTERN.test(value.enumValue)) throw new Error(`not an enum name: ${value.enumValue}`);
    return value.enumValue;
  }
  return `{${graphqlArgumentList(value)}}`;
}

/** The name itself, once checked to be a GraphQL name (argument and variable names are written as they are). */
export function graphqlName(name: string): string {
  if (!NAME_PATTERN.test(name)) throw new Error(`not a GraphQL argument name: ${name}`);
  return name;
}

/** `a:1,b:"x"`; undefined entries are skipped so callers can pass optional arguments as they are. */
export function graphqlArgumentList(args: Record<string, GraphqlLiteral | undefined>): string {
  return Object.entries(args)
    .filter((entry): entry is [string, GraphqlLiteral] => entry[1] !== undefined)
    .map(([name, value]) => `${graphqlName(name)}:${graphqlLiteral(value)}`)
    .join(',');
}

/** `(a:1,b:"x")`, or nothing when there are no arguments. */
export function graphqlArguments(args: Record<string, GraphqlLiteral | undefined>): string {
  const list = graphqlArgumentList(args);
  return list === '' ? '' : `(${list})`;
}

/** A document written on one line (whitespace runs become one space), as the app sends it. */
export const compactGraphql = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** A document sent with the fragments it spreads, each written on one line. */
export const withFragments = (document: string, ...fragments: string[]): string => [document, ...fragments].map(compactGraphql).join(' ');

/** A fragment's selection alone, for a query written without the fragment (`{x{${fragmentSelection(F)}}}`). */
export function fragmentSelection(fragment: string): string {
  return compactGraphql(fragment.slice(fragment.indexOf('{') + 1, fragment.lastIndexOf('}')));
}
