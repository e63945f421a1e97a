/**
 * What site messages are resolved from in GraphQL: this slice's part of `ResolverParents`
 * (graphql-types/resolver-parents.ts), whose aliases are the code generator's mappers.
 */
import type { MessageRow } from './message-service.ts';

declare module '../graphql-types/resolver-parents.ts' {
  interface ResolverParents {
    Message: MessageRow;
  }
}
