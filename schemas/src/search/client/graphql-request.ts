/**
 * A GraphQL request as the web app sends it: a document, and for the search page's own query its
 * variables. A search page sends one document for each set of arguments it uses, with their values
 * as variables, so the server parses, validates and compiles that document once (Mercurius' query
 * cache and JIT) rather than once per search; written inline, every new search text was a new
 * document. The API still answers documents with inline arguments, as the public client writes them.
 *
 * Every list argument of this API is `[X!]` and every scalar nullable, so a value's variable type
 * follows from the value itself. Values whose type a value cannot tell (null, an empty list, an
 * enum, an input object) are written inline, as are the arguments named `inline`.
 */
import { graphqlLiteral, graphqlName, type GraphqlLiteral } from './graphql-literals.ts';

export interface GraphqlRequest {
  query: string;
  variables?: Record<string, GraphqlLiteral>;
}

/** What the app's GraphQL helpers take: a document alone, or a document with variables. */
export type GraphqlOperation = string | GraphqlRequest;

export function toGraphqlRequest(operation: GraphqlOperation): GraphqlRequest {
  return typeof operation === 'string' ? { query: operation } : operation;
}

/** One string per distinct request (document and variable values): what caches of answers key on. */
export function graphqlRequestKey(operation: GraphqlOperation): string {
  const { query, variables } = toGraphqlRequest(operation);
  return variables ? `${query}\n${JSON.stringify(variables)}` : query;
}

function variableType(value: GraphqlLiteral): string | null {
  if (typeof value === 'string') return 'String';
  if (typeof value === 'boolean') return 'Boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'Int' : 'Float';
  if (Array.isArray(value) && value.length > 0) {
    const item = variableType(value[0]);
    return item !== null && !item.startsWith('[') && value.every((entry) => variableType(entry) === item) ? `[${item}!]` : null;
  }
  return null;
}

/**
 * `query <name>($a:String,…){<field>(a:$a,…,b:<literal>){<selection>}}` with the values of the
 * variables beside it; undefined arguments are left out.
 */
export function graphqlOperation(
  name: string,
  field: string,
  args: Record<string, GraphqlLiteral | undefined>,
  selection: string,
  inline: readonly string[] = [],
): GraphqlRequest {
  const declarations: string[] = [];
  const written: string[] = [];
  const variables: Record<string, GraphqlLiteral> = {};
  for (const [argument, value] of Object.entries(args)) {
    if (value === undefined) continue;
    const type = inline.includes(argument) ? null : variableType(value);
    if (type === null) {
      written.push(`${graphqlName(argument)}:${graphqlLiteral(value)}`);
      continue;
    }
    // The argument's name is the variable's name too.
    declarations.push(`$${graphqlName(argument)}:${type}`);
    written.push(`${argument}:$${argument}`);
    variables[argument] = value;
  }
  const header = declarations.length > 0 ? `query ${name}(${declarations.join(',')})` : `query ${name}`;
  const argumentText = written.length > 0 ? `(${written.join(',')})` : '';
  return { query: `${header}{${field}${argumentText}{${selection}}}`, variables };
}

