/**
 * What records, withdrawn records and their associations are resolved from in GraphQL: this slice's part of `ResolverParents`
 * (graphql-types/resolver-parents.ts), whose aliases are the code generator's mappers.
 */
import type { RecordAssociationRow, RecordRow } from './record-rows.ts';
import type { WithdrawnRecord } from './withdrawn-records.ts';

declare module '../graphql-types/resolver-parents.ts' {
  interface ResolverParents {
    /** A withdrawn record is answered as the row its tombstone keeps, with `withdrawn` set (withdrawn-records.ts). */
    FairsharingRecord: RecordRow & { withdrawn?: WithdrawnRecord };
    WithdrawnState: WithdrawnRecord;
    RecordAssociation: RecordAssociationRow;
  }
}
