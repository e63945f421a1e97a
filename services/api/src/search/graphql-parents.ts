/**
 * What search answers are resolved from in GraphQL: this slice's part of `ResolverParents`
 * (graphql-types/resolver-parents.ts), whose aliases are the code generator's mappers.
 */
import type { RecordSearchDocument } from '@registry/schemas';
import type { SearchRecordsResult, SearchResultDocument } from './search-records.ts';

declare module '../graphql-types/resolver-parents.ts' {
  interface ResolverParents {
    SearchResult: SearchRecordsResult;
    SearchRecord: SearchResultDocument | RecordSearchDocument;
  }
}
