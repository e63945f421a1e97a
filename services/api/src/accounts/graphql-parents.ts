/**
 * What users and their edits are resolved from in GraphQL: this slice's part of `ResolverParents`
 * (graphql-types/resolver-parents.ts), whose aliases are the code generator's mappers.
 */
import type { EditEventRow } from '../records/record-rows.ts';
import type { UserRow } from './account-repository.ts';
import type { HistoryDescription } from '../records/history-description.ts';

declare module '../graphql-types/resolver-parents.ts' {
  interface ResolverParents {
    /** A user row, with the e-mail only for viewers the access module lets see it. */
    User: UserRow & { email?: string | null };
    /** An edit in a profile's list, which describes itself as its record's history does (`description`). */
    EditEvent: EditEventRow & { describe(): Promise<HistoryDescription> };
  }
}
