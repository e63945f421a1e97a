/**
 * The REST form of a search argument: the TypeBox schema of a query-string property, from the
 * argument's GraphQL type. The REST search and `/statistics/records` declare their filters with it
 * from the same generated list as the GraphQL arguments (`search/search-arguments.ts`).
 */
import { Type, type TSchema } from '@sinclair/typebox';

const MAX_VALUES = 100;

/** The REST schema of a search argument of this GraphQL type. */
export function querystringProperty(type: string, description: string): TSchema {
  if (type === 'Boolean') return Type.Boolean({ description });
  if (type === 'Int') return Type.Integer({ description });
  if (type === '[Int!]') return Type.Array(Type.Integer(), { maxItems: MAX_VALUES, description });
  if (type === '[String!]') return Type.Array(Type.String({ maxLength: 500 }), { maxItems: MAX_VALUES, description });
  return Type.String({ maxLength: 1_000, description });
}
