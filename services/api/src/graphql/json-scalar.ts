/**
 * A JSON scalar: any value out, and in arguments any literal (object literals keep their
 * keys), so advanced-search field objects with arbitrary filter ids can be written inline.
 */
import type { ValueNode } from 'graphql';
import { graphqlRuntime } from '../kernel/graphql-runtime.ts';

const { GraphQLScalarType, Kind } = graphqlRuntime;

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export function jsonFromLiteral(node: ValueNode, variables?: Record<string, unknown> | null): JsonValue {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.ENUM:
      return node.value;
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map((value) => jsonFromLiteral(value, variables));
    case Kind.OBJECT: {
      const object: { [key: string]: JsonValue } = {};
      for (const field of node.fields) object[field.name.value] = jsonFromLiteral(field.value, variables);
      return object;
    }
    case Kind.VARIABLE:
      return (variables?.[node.name.value] ?? null) as JsonValue;
  }
}

export const JsonScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => jsonFromLiteral(node, variables),
});
