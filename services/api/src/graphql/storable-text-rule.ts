/**
 * A validation rule for string literals in a GraphQL document: an escape like `"\u0000"` is
 * valid GraphQL but yields text Postgres cannot store, so it is refused with the same message as
 * the same text in variables or REST input (http/input-checks.ts), before any resolver runs.
 */
import type { ASTVisitor, ValidationContext } from 'graphql';
import { graphqlRuntime } from '../kernel/graphql-runtime.ts';
import { isStorableText, unstorableTextMessage } from '../http/input-checks.ts';

export function storableTextRule(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node) {
      if (isStorableText(node.value)) return;
      context.reportError(new graphqlRuntime.GraphQLError(unstorableTextMessage('a string argument'), { nodes: node }));
    },
  };
}
